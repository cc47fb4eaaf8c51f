import { defaultColours } from '#shared/colours.ts';
import type { FirmDetails } from '#shared/firm-details.ts';
import { defaultQuestionnaire } from '#shared/questionnaire.ts';
import type { SiteFirm } from '#shared/site-firm.ts';
import { defaultTypeface } from '#shared/typefaces.ts';
import type { LiveFirm } from './live-firm.ts';
import type { StoredFirm } from './repository.ts';
import { siteFirmOf } from './site-firm-of.ts';

/**
 * The firm the site shows now. A site whose firm is not set up yet shows only its own address as its name
 * (on the login and set-up pages, and in the emails to staff that come before), and no details.
 */
export function siteFirmNow(live: LiveFirm): SiteFirm {
  const stored = live.current;
  if (!stored) return firmBeingSetUp(live.siteName);
  let firm = shown.get(stored);
  if (!firm) {
    firm = siteFirmOf(stored.details, stored);
    shown.set(stored, firm);
  }
  return firm;
}

// Each version of the details and pictures is one object (LiveFirm reads it once), so its SiteFirm is
// made once, not at every email, page render or reference that asks.
const shown = new WeakMap<StoredFirm, SiteFirm>();

/**
 * The details behind `siteFirmNow`, with those only the server uses (the sender name, notices' address);
 * undefined until the firm is set up.
 */
export const firmDetailsNow = (live: LiveFirm): FirmDetails | undefined => live.current?.details;

/** A site with no firm yet: named by its address, with nothing that would pass for a firm's details. */
export function firmBeingSetUp(siteName: string): SiteFirm {
  return {
    setUp: false,
    name: siteName,
    legalName: siteName,
    tagline: '',
    email: '',
    phone: '',
    phoneHref: '',
    address: { street: '', locality: '', region: '', postcode: '', country: 'GB' },
    offices: [],
    companyNumber: '',
    vatNumber: '',
    icoRegistration: '',
    regulator: '',
    auditRegistration: '',
    logo: '',
    logoShape: 1,
    shareImage: '',
    hero: null,
    areaServed: [],
    openingHours: '',
    openingHoursSpecification: { days: [], opens: '', closes: '' },
    replyPromise: '',
    quotePromise: '',
    accreditations: [],
    badges: [],
    socialLinks: [],
    pages: [],
    colours: { ...defaultColours },
    typeface: defaultTypeface,
    facts: [],
    referencePrefix: 'WEB',
    priceRange: '',
    questionnaire: defaultQuestionnaire,
  };
}

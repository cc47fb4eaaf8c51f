// The firm as the pages, emails and structured data show it: what every renderer is handed, on the
// server and (as JSON in each page) in the browser. Where it comes from is the server's business
// (docs/decisions/022-the-firm-is-data.md).

import type { Questionnaire } from './questionnaire.ts';
import type { TypefaceId } from './typefaces.ts';

export interface SiteFirm {
  /** False on a site whose firm is not set up yet: its pages (sign-in, set-up) then show no public
   *  menus, links or forms, which would only lead to "being set up". */
  setUp: boolean;
  /** The trading name, as visitors know the firm. */
  name: string;
  /** The registered name, as Companies House has it: the data controller in the privacy notice. */
  legalName: string;
  tagline: string;
  email: string;
  phone: string;
  /** `tel:` and the number in international form, for links. */
  phoneHref: string;
  address: { street: string; locality: string; region: string; postcode: string; country: 'GB' };
  /** Offices besides the registered one. */
  offices: {
    name: string;
    street: string;
    locality: string;
    postcode: string;
    phone: string;
    phoneHref: string;
  }[];
  companyNumber: string;
  vatNumber: string;
  /** Its registration with the Information Commissioner's Office, which the privacy notice gives. */
  icoRegistration: string;
  regulator: string;
  /** Its reference on the audit register, shown with the regulator's words; '' when it has none. */
  auditRegistration: string;
  /** Served from the site's root: the logo (also the favicon), and the picture a shared page shows
   *  (1200 by 630 pixels). */
  logo: string;
  /** The logo's width over its height, so a wide wordmark is shown at the header's height, not squeezed
   *  into a square (1 without a logo). */
  logoShape: number;
  shareImage: string;
  /** The home page's picture the firm uploaded, as a <picture> offers it; null for the drawing. */
  hero: HeroPicture | null;
  /** Where the firm works, for search engines. */
  areaServed: string[];
  openingHours: string;
  /** The same hours for search engines: days as schema.org names them, times in 24-hour clock. */
  openingHoursSpecification: { days: string[]; opens: string; closes: string };
  /** Finishes "We reply within …": the firm's promise, e.g. "one working day". */
  replyPromise: string;
  /** Finishes "Your quote arrives within …", e.g. "two working days". */
  quotePromise: string;
  /** The main colour and the accent, as the site's stylesheet takes them (/theme.css). */
  colours: { brand: string; accent: string };
  /** The typeface of every page (src/shared/typefaces.ts). */
  typeface: TypefaceId;
  /** The firm's standing in words: bodies, registrations, partnerships. */
  accreditations: string[];
  /** The badges of its accreditations, at the height the home page shows them. */
  badges: { key: string; src: string; alt: string; width: number; height: number }[];
  /** The firm's pages on social networks, by the network's name. */
  socialLinks: { name: string; url: string }[];
  /** The firm's own pages the navigation lists (the back office's Pages), in order, after the site's. */
  pages: { href: string; label: string; place: 'main' | 'footer' }[];
  /** A few figures about the firm, for its about page. */
  facts: { figure: string; label: string }[];
  /** Starts every reference the site gives an enquiry, application or call, e.g. FH-7K3-Q9P. */
  referencePrefix: string;
  /** How search engines show the firm's fees: £ (budget) to ££££ (premium). */
  priceRange: string;
  /** The application questionnaire as the firm words it, with its own questions (questionnaire.ts). */
  questionnaire: Questionnaire;
}

/** A photo in the sizes and formats a page offers: each `srcset` lists every width made. */
export interface HeroPicture {
  alt: string;
  /** The largest size: the <img>'s own address and shape, so nothing moves as it loads. */
  src: string;
  width: number;
  height: number;
  avif: string;
  webp: string;
}

/**
 * The zone every date and time is written in, on pages, in emails, CSV and the feed. The product serves
 * firms in the United Kingdom (their numbers are checked as Companies House and HMRC write them).
 */
export const firmTimeZone = 'Europe/London';

/** The id of the element in which a page carries its firm as JSON, for the browser to hydrate with. */
export const firmDataId = 'firm';

/**
 * What of the firm a page carries for its scripts: its islands name it in their consent wording, and
 * nothing else of it, which the page's HTML already holds. (The back office's island carries the whole
 * firm in its own props.)
 */
export interface PageFirm {
  name: string;
}
export const pageFirmOf = (firm: SiteFirm): PageFirm => ({ name: firm.name });

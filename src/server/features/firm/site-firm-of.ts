import { badgeFile, firmLogo, homePictureFile, sharePicture } from '#shared/api/site.ts';
import { defaultColours } from '#shared/colours.ts';
import type { FirmDetails } from '#shared/firm-details.ts';
import { openingHoursInWords } from '#shared/opening-hours.ts';
import type { HeroPicture, SiteFirm } from '#shared/site-firm.ts';
import { socialNetworkName } from '#shared/social-links.ts';
import { defaultTypeface } from '#shared/typefaces.ts';
import { phoneHref } from '#shared/uk-identifiers.ts';
import type { StoredFirm } from './repository.ts';
import type { FirmHero } from './stored-pictures.ts';

/**
 * What the pictures made from the logo depend on, the logo (or, without one, the name and its typeface)
 * and the colours, as one word: the sharing picture's address carries it, so a change gives it a new
 * address that link previews fetch again.
 */
export function pictureVersionOf(stored: Pick<StoredFirm, 'details' | 'logo'> | undefined): string {
  const { brand, accent } = stored?.details.colours ?? defaultColours;
  const drawn =
    stored?.logo?.key ??
    (stored
      ? `name${shortHash(`${stored.details.typeface ?? defaultTypeface} ${stored.details.tradingName}`)}`
      : 'none');
  return `${drawn}-${brand.slice(1)}${accent.slice(1)}`;
}

/**
 * Eight hex digits that change with the text (FNV-1a). A version needs no secrecy, only to change; this
 * module also runs in the browser (component fixtures), which has no node:crypto.
 */
function shortHash(text: string): string {
  let hash = 0x811c9dc5;
  for (const character of text) {
    hash ^= character.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/** Where the logo is served, with its version: kept by browsers while it lasts. */
export const logoAddress = (logo: { key: string }) => `${firmLogo.path}?v=${logo.key}`;

/** How tall the home page shows a badge. */
const badgeHeight = 56;

/** The home page's picture as a page offers it. */
function heroPictureOf(hero: FirmHero): HeroPicture {
  const address = (name: string) => homePictureFile.path.replace(':name', name);
  const srcset = (type: string) =>
    hero.files
      .filter((file) => file.contentType === type)
      .map((file) => `${address(file.name)} ${file.width}w`)
      .join(', ');
  const largest = hero.files.filter((file) => file.contentType === 'image/webp').at(-1);
  return {
    alt: hero.alt,
    src: largest ? address(largest.name) : '',
    width: largest?.width ?? 0,
    height: largest?.height ?? 0,
    avif: srcset('image/avif'),
    webp: srcset('image/webp'),
  };
}

/** The firm as the site shows it, from the details an owner saved and the pictures it uploaded. */
export function siteFirmOf(
  details: FirmDetails,
  { logo, hero, badges }: Pick<StoredFirm, 'logo' | 'hero' | 'badges'> = {},
): SiteFirm {
  const office = details.registeredOffice;
  return {
    setUp: true,
    name: details.tradingName,
    legalName: details.legalName,
    tagline: details.tagline,
    email: details.email,
    phone: details.phone,
    phoneHref: phoneHref(details.phone),
    address: {
      street: office.street,
      locality: office.town,
      region: office.county,
      postcode: office.postcode,
      country: 'GB',
    },
    offices: details.offices.map((office) => ({
      name: office.name,
      street: office.street,
      locality: office.town,
      postcode: office.postcode,
      phone: office.phone,
      phoneHref: office.phone && phoneHref(office.phone),
    })),
    companyNumber: details.companyNumber,
    vatNumber: details.vatNumber,
    icoRegistration: details.icoRegistration,
    regulator: details.regulator,
    auditRegistration: details.auditRegistration,
    logo: logo ? logoAddress(logo) : '',
    logoShape: logo && logo.height > 0 ? logo.width / logo.height : 1,
    shareImage: `${sharePicture.path}?v=${pictureVersionOf({ details, logo })}`,
    hero: hero ? heroPictureOf(hero) : null,
    areaServed: details.areasServed,
    openingHours: openingHoursInWords(details.openingHours),
    openingHoursSpecification: details.openingHours,
    replyPromise: details.replyPromise,
    quotePromise: details.quotePromise,
    accreditations: details.accreditations,
    badges: (badges ?? []).map((badge) => ({
      key: badge.key,
      src: badgeFile.path.replace(':name', `badge-${badge.key}`),
      alt: badge.alt,
      height: badgeHeight,
      width: Math.round(badgeHeight * Math.min(Math.max(badge.width / Math.max(badge.height, 1), 0.5), 4)),
    })),
    socialLinks: details.socialLinks.map((url) => ({ name: socialNetworkName(url), url })),
    // Filled in by the pages (features/pages/published-pages.ts), which are not the details' to know.
    pages: [],
    colours: details.colours,
    typeface: details.typeface,
    facts: details.facts,
    referencePrefix: details.referencePrefix,
    priceRange: details.priceRange,
    questionnaire: details.questionnaire,
  };
}

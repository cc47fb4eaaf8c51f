import type { FirmDetails } from '#shared/firm-details.ts';
import { openingHoursInWords } from '#shared/opening-hours.ts';
import type { SiteFirm } from '#shared/site-firm.ts';
import { phoneHref } from '#shared/uk-identifiers.ts';

/** The firm as the site shows it, from the details an owner saved. */
export function siteFirmOf(details: FirmDetails): SiteFirm {
  const office = details.registeredOffice;
  return {
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
    companyNumber: details.companyNumber,
    vatNumber: details.vatNumber,
    icoRegistration: details.icoRegistration,
    regulator: details.regulator,
    logo: '/logo.svg',
    shareImage: '/share.png',
    areaServed: details.areasServed,
    openingHours: openingHoursInWords(details.openingHours),
    openingHoursSpecification: details.openingHours,
    replyPromise: details.replyPromise,
    quotePromise: details.quotePromise,
    accreditations: details.accreditations,
    colours: details.colours,
    facts: details.facts,
    team: details.team,
    reviews: details.reviews,
    referencePrefix: details.referencePrefix,
    priceRange: details.priceRange,
  };
}

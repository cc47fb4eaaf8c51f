import { publicOriginToken } from '#shared/public-origin.ts';
import type { SiteFirm } from '#shared/site-firm.ts';

/**
 * The firm as schema.org's AccountingService, for search engines' business listings. Absolute URLs start
 * with the origin token, which the server fills in at start.
 */
export function firmStructuredData(firm: SiteFirm) {
  const { address, openingHoursSpecification: hours } = firm;
  return {
    '@context': 'https://schema.org',
    '@type': 'AccountingService',
    '@id': `${publicOriginToken}/#firm`,
    name: firm.name,
    legalName: firm.legalName,
    description: firm.tagline,
    url: `${publicOriginToken}/`,
    ...(firm.logo && { logo: `${publicOriginToken}${firm.logo}` }),
    image: `${publicOriginToken}${firm.shareImage}`,
    telephone: firm.phoneHref.replace('tel:', ''),
    email: firm.email,
    ...(firm.vatNumber && { vatID: firm.vatNumber.replaceAll(' ', '') }),
    priceRange: firm.priceRange,
    address: {
      '@type': 'PostalAddress',
      streetAddress: address.street,
      addressLocality: address.locality,
      addressRegion: address.region,
      postalCode: address.postcode,
      addressCountry: address.country,
    },
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'customer service',
      telephone: firm.phoneHref.replace('tel:', ''),
      email: firm.email,
      areaServed: address.country,
      availableLanguage: 'en-GB',
    },
    openingHoursSpecification: {
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: hours.days,
      opens: hours.opens,
      closes: hours.closes,
    },
    areaServed: firm.areaServed.map((name) => ({ '@type': 'AdministrativeArea', name })),
    ...(firm.socialLinks.length > 0 && { sameAs: firm.socialLinks.map(({ url }) => url) }),
    ...(firm.offices.length > 0 && {
      department: firm.offices.map((office) => ({
        '@type': 'AccountingService',
        name: `${firm.name}, ${office.name}`,
        address: {
          '@type': 'PostalAddress',
          streetAddress: office.street,
          addressLocality: office.locality,
          postalCode: office.postcode,
          addressCountry: 'GB',
        },
        ...(office.phone && { telephone: office.phoneHref.replace('tel:', '') }),
      })),
    }),
  };
}

export { jsonForScript } from '#shared/html.ts';

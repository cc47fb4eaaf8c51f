// The firm's identity. A firm deploying the site edits this file (and the page copy beside it) and
// nothing else; every page, email and structured-data block reads from here.
export const firm = {
  name: 'Fenwick & Hale',
  legalName: 'Fenwick & Hale Accountants Ltd',
  tagline: 'Chartered accountants for owner-managed businesses',
  email: 'hello@fenwickhale.co.uk',
  phone: '01743 360 214',
  phoneHref: 'tel:+441743360214',
  address: {
    street: '14 Castle Street',
    locality: 'Shrewsbury',
    region: 'Shropshire',
    postcode: 'SY1 2BQ',
    country: 'GB',
  },
  companyNumber: '09876543',
  vatNumber: 'GB 312 4567 89',
  regulator:
    'Registered to carry on audit work in the UK by the Institute of Chartered Accountants in England and Wales',
  /** Files in content/public, served from the site's root: the logo (also the favicon), and the picture
   *  shown when a page is shared (1200 by 630 pixels). */
  logo: '/logo.svg',
  shareImage: '/share.png',
  /** Where the firm works, for search engines. */
  areaServed: ['Shropshire', 'Herefordshire', 'Powys', 'Telford and Wrekin'],
  timeZone: 'Europe/London',
  openingHours: 'Monday to Friday, 9am to 5pm',
  /** The same hours for search engines: days as schema.org names them, times in 24-hour clock. */
  openingHoursSpecification: {
    days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
    opens: '09:00',
    closes: '17:00',
  },
  /** Starts every reference the site gives an enquiry, application or call, e.g. FH-7K3-Q9P. */
  referencePrefix: 'FH',
  /** How search engines show the firm's fees: £ (budget) to ££££ (premium). */
  priceRange: '££',
} as const;

export type Firm = typeof firm;

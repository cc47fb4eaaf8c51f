import type { SiteFirm } from '#shared/site-firm.ts';

// The firm's identity. A firm deploying the site edits this file (and the page copy beside it) and
// nothing else; every page, email and structured-data block reads from here.
export const firm: SiteFirm = {
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
  logo: '/logo.svg',
  shareImage: '/share.png',
  areaServed: ['Shropshire', 'Herefordshire', 'Powys', 'Telford and Wrekin'],
  openingHours: 'Monday to Friday, 9am to 5pm',
  openingHoursSpecification: {
    days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
    opens: '09:00',
    closes: '17:00',
  },
  referencePrefix: 'FH',
  priceRange: '££',
};

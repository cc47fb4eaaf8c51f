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
  timeZone: 'Europe/London',
  openingHours: 'Monday to Friday, 9am to 5pm',
} as const;

export type Firm = typeof firm;

import { demoFirmDetails } from '#server/features/firm/demo-firm.ts';
import { siteFirmOf } from '#server/features/firm/site-firm-of.ts';

// Another firm than the demo seed, with a name as firms have them (an apostrophe, an ampersand, brackets),
// as an owner would type it into the back office: tests configure it to find the demo firm nowhere.

export const obrienAndMarsh = {
  tradingName: 'O’Brien & Marsh',
  legalName: "O'Brien & Marsh (Leeds) Ltd",
  tagline: 'Accountants for Leeds’ makers, shops & cafés',
  companyNumber: '12345678',
  vatNumber: 'GB 312 4567 79',
  auditRegistration: '',
  registeredOffice: { street: '3 Park Row', town: 'Leeds', county: 'West Yorkshire', postcode: 'LS1 5HD' },
  phone: '0113 496 0000',
  email: 'hello@obrienmarsh.example',
  regulator: 'Registered to carry on audit work by the ICAEW',
  openingHours: { days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday'], opens: '08:30', closes: '17:30' },
  areasServed: ['Leeds', 'Bradford', 'Wakefield'],
  icoRegistration: 'ZA654321',
  replyPromise: 'two working hours',
  senderName: 'O’Brien & Marsh',
  noticesEmail: 'office@obrienmarsh.example',
  referencePrefix: 'OM',
  priceRange: '£££',
};

/**
 * The demo seed's firm as the site shows it, logo included, for tests that build an email or a page
 * themselves.
 */
export const demoFirm = () => ({ ...siteFirmOf(demoFirmDetails()), logo: '/logo?v=demo' });

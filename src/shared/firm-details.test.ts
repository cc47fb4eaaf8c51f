import { describe, expect, it } from 'vitest';
import { obrienAndMarsh as otherFirm } from '#tests/support/firms.ts';
import { firmDetailsSchema } from './firm-details.ts';

/** As an owner might type it: numbers in other spacing and case, punctuation in every name. */
const obrienAndMarsh = {
  ...otherFirm,
  companyNumber: '12345678',
  vatNumber: 'gb312456779',
  auditRegistration: 'C009876543',
  registeredOffice: { street: '3 Park Row, Floor 2', town: 'Leeds', county: '', postcode: 'ls1 5hd' },
  phone: '(0113) 496 0000',
  icoRegistration: 'za123456',
  senderName: 'O’Brien & Marsh — Café Accounts',
  referencePrefix: 'om',
};

/** The refusals of `details`, each as the form would show it. */
function refusals(details: unknown): string[] {
  const result = firmDetailsSchema.safeParse(details);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('the firm’s details', () => {
  it('keeps a name as the firm has it, apostrophes, ampersands, accents and commas, and writes numbers one way', () => {
    const details = firmDetailsSchema.parse(obrienAndMarsh);
    expect(details.legalName).toBe("O'Brien & Marsh (Leeds) Ltd");
    expect(details.senderName).toBe('O’Brien & Marsh — Café Accounts');
    expect(details.vatNumber).toBe('GB 312 4567 79');
    expect(details.registeredOffice.postcode).toBe('LS1 5HD');
    expect(details.icoRegistration).toBe('ZA123456');
    expect(details.referencePrefix).toBe('OM');
  });

  it('leaves out the numbers a firm does not have', () => {
    const details = firmDetailsSchema.parse({
      ...obrienAndMarsh,
      companyNumber: ' ',
      vatNumber: '',
      icoRegistration: '',
    });
    expect([details.companyNumber, details.vatNumber, details.icoRegistration]).toEqual(['', '', '']);
  });

  it('refuses each wrong field with a message that names it', () => {
    expect(
      refusals({
        ...obrienAndMarsh,
        tradingName: '  ',
        companyNumber: '9876543',
        vatNumber: 'GB 312 4567 89',
        registeredOffice: { ...obrienAndMarsh.registeredOffice, postcode: 'LS1' },
        phone: '12345',
        email: 'not an address',
        icoRegistration: 'A1234567',
        senderName: 'Fenwick\nBcc: everyone@example.com',
        openingHours: { days: ['Monday'], opens: '17:00', closes: '09:00' },
        referencePrefix: 'F-H',
        priceRange: 'cheap',
      }),
    ).toEqual([
      'Trading name: this is needed',
      'Company or LLP number: a company number has 8 characters: add the leading zeros, e.g. 09876543',
      'VAT number: this is not a VAT number HMRC issues: check its digits against your VAT certificate',
      'Postcode: enter a UK postcode, e.g. AB1 2CD',
      expect.stringMatching(/^Phone: enter a UK telephone number/),
      expect.stringMatching(/^Email address: /),
      'Opening hours: closing time must come after opening time',
      'ICO registration number: enter the registration number from your ICO certificate, e.g. ZA123456',
      'Sender name: one line of ordinary text',
      'Reference prefix: one to four letters, such as FH',
      'Price range: choose from £ to ££££, or none',
    ]);
  });

  it('refuses tabs and line separators in a one-line field, which would reach an email header', () => {
    expect(
      refusals({ ...obrienAndMarsh, senderName: 'O’Brien\u2028Bcc: x@example.com', tagline: 'a\tb' }),
    ).toEqual(['Strapline: one line of ordinary text', 'Sender name: one line of ordinary text']);
  });

  it('refuses text longer than its field holds, saying how long it may be', () => {
    expect(refusals({ ...obrienAndMarsh, tradingName: 'A'.repeat(121) })).toEqual([
      'Trading name: at most 120 characters',
    ]);
  });
});

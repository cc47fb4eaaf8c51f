import { describe, expect, it } from 'vitest';
import {
  companyNumberProblem,
  companyRegistration,
  dialHref,
  formatCompanyNumber,
  formatPostcode,
  formatVatNumber,
  icoRegistrationProblem,
  phoneHref,
  phoneNumberProblem,
  postcodeProblem,
  registeredIn,
  vatNumberProblem,
} from './uk-identifiers.ts';

describe('a firm’s UK numbers', () => {
  it('takes company numbers as Companies House writes them, and asks for the leading zeros', () => {
    for (const number of ['09876543', 'SC123456', 'oc301234', 'NI 612345', 'R0000123']) {
      expect(companyNumberProblem(number), number).toBeNull();
    }
    expect(formatCompanyNumber('oc 301234')).toBe('OC301234');
    expect(companyNumberProblem('9876543')).toBe(
      'A company number has 8 characters: add the leading zeros, e.g. 09876543',
    );
    for (const number of ['0987654321', 'S1234567', '12-34-56', 'GB123456']) {
      expect(companyNumberProblem(number), number).not.toBeNull();
    }
    expect(companyNumberProblem('S1234567')).toContain('as Companies House writes it');
  });

  it('takes VAT numbers that pass HMRC’s check, old and new, branches and public bodies included', () => {
    // 3,1,2,4,5,6,7 weighted 8 to 2 make 115: with 79 that is 2 × 97 (the old check), with 24 and 55 too.
    for (const number of ['GB 312 4567 79', 'GB312456724', '312 4567 79 001', 'gbgd001', 'GBHA599']) {
      expect(vatNumberProblem(number), number).toBeNull();
    }
    expect(vatNumberProblem('GB 312 4567 89')).toBe(
      'This is not a VAT number HMRC issues: check its digits against your VAT certificate',
    );
    for (const number of ['GB 312 4567', 'GBGD500', 'GBHA499', 'IE 1234567T', 'GB 312 4567 79 0']) {
      expect(vatNumberProblem(number), number).toContain('as HMRC writes it');
    }
    expect(formatVatNumber('gb312456779')).toBe('GB 312 4567 79');
    expect(formatVatNumber('312-4567-79-001')).toBe('GB 312 4567 79 001');
    expect(formatVatNumber('gbgd001')).toBe('GBGD001');
  });

  it('takes ICO registration numbers as the certificate writes them', () => {
    for (const number of ['ZA123456', 'z1234567', 'ZB 765432']) {
      expect(icoRegistrationProblem(number), number).toBeNull();
    }
    for (const number of ['A1234567', 'ZA12345', 'Z12345678', 'ZAB12345']) {
      expect(icoRegistrationProblem(number), number).toBe(
        'Enter the registration number from your ICO certificate, e.g. ZA123456',
      );
    }
  });

  it('takes UK postcodes in any case and spacing, and writes them as Royal Mail does', () => {
    for (const [typed, written] of [
      ['sy12bq', 'SY1 2BQ'],
      ['SW1A 1AA', 'SW1A 1AA'],
      [' m1  1ae ', 'M1 1AE'],
      ['LS1 4DY', 'LS1 4DY'],
    ]) {
      expect(postcodeProblem(typed as string), typed).toBeNull();
      expect(formatPostcode(typed as string)).toBe(written);
    }
    for (const postcode of ['SY1', '12345', 'SY1 2B', 'SYY1 2BQ']) {
      expect(postcodeProblem(postcode), postcode).toBe('Enter a UK postcode, e.g. AB1 2CD');
    }
  });

  it('dials any number a visitor typed: a UK one with +44, another as typed, none without enough digits', () => {
    expect(dialHref('07700 900123')).toBe('tel:+447700900123');
    expect(dialHref('+33 1 23 45 67 89')).toBe('tel:+33123456789');
    expect(dialHref('212-555-0100 ext')).toBe('tel:2125550100');
    expect(dialHref('call me')).toBeNull();
    expect(dialHref('12345')).toBeNull();
  });

  it('takes UK telephone numbers however they are spaced, and dials them with +44', () => {
    for (const [typed, href] of [
      ['01743 360 214', 'tel:+441743360214'],
      ['(0113) 496 0000', 'tel:+441134960000'],
      ['+44 (0)20 7946 0000', 'tel:+442079460000'],
      ['+44 7700 900123', 'tel:+447700900123'],
    ]) {
      expect(phoneNumberProblem(typed as string), typed).toBeNull();
      expect(phoneHref(typed as string)).toBe(href);
    }
    for (const number of ['360214', '1743360214', '+1 212 555 0100', '01743 360 214 999', 'call us']) {
      expect(phoneNumberProblem(number), number).toBe(
        'Enter a UK telephone number with its area code, e.g. 0113 496 0000',
      );
    }
  });
});

describe('where a company is registered', () => {
  it('reads it from the register of its number', () => {
    expect(
      ['09876543', 'OC123456', 'SC123456', 'SO301234', 'NI012345', 'R0000123'].map(registeredIn),
    ).toEqual([
      'England and Wales',
      'England and Wales',
      'Scotland',
      'Scotland',
      'Northern Ireland',
      'Northern Ireland',
    ]);
    expect(companyRegistration('SC123456')).toBe('Registered in Scotland, company number SC123456.');
    expect(companyRegistration('OC123456')).toBe('Registered in England and Wales, LLP number OC123456.');
    expect(companyRegistration('SO301234')).toBe('Registered in Scotland, LLP number SO301234.');
    expect(companyRegistration('')).toBe('');
  });
});

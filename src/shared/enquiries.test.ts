import { describe, expect, it } from 'vitest';
import { enquiryMessages, tickedYears, yearFields, yearOptions } from './enquiries.ts';
import { contactSchema, quoteSchema } from './enquiry-schemas.ts';

const contact = {
  profession: 'Dentist',
  name: 'Amira Shah',
  emailAddress: 'amira@example.co.uk',
  phone: '07700 900123',
  message: 'We are opening a second surgery.\nCan you help with payroll?',
  optin: false,
  accept: true,
  contact1: '2',
  recToken: 'token',
};

const quote = {
  practiceName: 'Shah Dental',
  name: 'Amira Shah',
  emailAddress: 'amira@example.co.uk',
  postcode: 'sy1  2bq',
  message: 'Year-end accounts and payroll.',
  cost: '£480,000',
  quoted: '',
  year1: true,
  optin: true,
  accept: true,
  contact1: '2',
  recToken: 'token',
};

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('the contact form rules', () => {
  it('accept a complete enquiry, keeping the text as typed', () => {
    const parsed = contactSchema.parse(contact);
    expect(parsed.message).toBe(contact.message);
    expect(parsed.optin).toBe(false);
  });

  it('name every blank field and the unticked box at once', () => {
    const result = contactSchema.safeParse({
      ...contact,
      profession: ' ',
      name: '',
      emailAddress: '',
      phone: '',
      message: '',
      accept: false,
    });
    expect(messagesOf(result)).toEqual([
      'Please tell us your profession or trade',
      'Please enter your name',
      'Please enter your email address',
      'Please enter your phone number',
      'Please tell us how we can help',
      enquiryMessages.acceptMissing,
    ]);
  });

  it('refuse line breaks in one-line fields, so nothing can reach an email header', () => {
    for (const lineBreak of ['\r\n', '\u2028', '\u2029']) {
      const result = contactSchema.safeParse({
        ...contact,
        name: `Amira${lineBreak}Bcc: victim@example.com`,
      });
      expect(messagesOf(result)).toEqual(['Your name must be on one line']);
    }
  });

  it('refuse text that would turn the words after it backwards, and keep right-to-left names', () => {
    for (const control of ['\u202E', '\u202D', '\u2067']) {
      const result = contactSchema.safeParse({ ...contact, name: `Eve ${control}gro.elpmaxe` });
      expect(messagesOf(result)).toEqual(['Your name contains characters we cannot accept']);
    }
    expect(contactSchema.safeParse({ ...contact, name: 'אמירה כהן' }).success).toBe(true);
  });

  it('refuse a phone number that is not one, and fields it does not know', () => {
    expect(messagesOf(contactSchema.safeParse({ ...contact, phone: 'call me' }))).toEqual([
      'Your phone number must be a phone number, like 01743 360 214 or +44 1743 360214',
    ]);
    expect(messagesOf(contactSchema.safeParse({ ...contact, admin: true }))).toEqual([
      'Unrecognized key: "admin"',
    ]);
  });
});

describe('the quote form rules', () => {
  it('read the turnover as pounds and the postcode in its standard form', () => {
    const parsed = quoteSchema.parse(quote);
    expect(parsed.cost).toBe(480_000);
    expect(parsed.postcode).toBe('SY1 2BQ');
    expect(parsed.year2).toBe(false);
  });

  it('refuse a cost of 0, no year ticked and the terms not accepted, all at once', () => {
    const result = quoteSchema.safeParse({
      ...quote,
      practiceName: '',
      postcode: '',
      cost: 0,
      year1: false,
      accept: false,
    });
    expect(messagesOf(result)).toEqual([
      'Please enter the name of your practice or business',
      "Please enter your practice's postcode",
      "Please enter your practice's approximate annual turnover",
      enquiryMessages.acceptMissing,
      enquiryMessages.yearsMissing,
    ]);
  });

  it('refuse a negative or unreadable cost and a postcode that is not one', () => {
    expect(messagesOf(quoteSchema.safeParse({ ...quote, cost: -5 }))).toEqual([
      'Your annual turnover must be more than £0',
    ]);
    expect(messagesOf(quoteSchema.safeParse({ ...quote, cost: 'lots' }))).toEqual([
      'Your annual turnover must be an amount in pounds, like 250000',
    ]);
    expect(messagesOf(quoteSchema.safeParse({ ...quote, postcode: '12345' }))).toEqual([
      "Your practice's postcode must be a UK postcode, like AB1 2CD",
    ]);
  });

  it('label the seven years with the most recent tax years and report the ticked ones', () => {
    const today = { year: 2026, month: 10, day: 21 };
    expect(yearOptions(today).map((option) => option.label)).toHaveLength(yearFields.length);
    expect(yearOptions(today)[0]).toEqual({ name: 'year1', label: '2026 to 2027' });
    const parsed = quoteSchema.parse({ ...quote, year1: false, year3: true, year7: true });
    expect(tickedYears(parsed, today)).toEqual(['2024 to 2025', '2020 to 2021']);
  });
});

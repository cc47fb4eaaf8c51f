import type { CalendarDate } from './calendar.ts';
import { emailMessages } from './email.ts';
import type { Field } from './form-fields.ts';
import { honeypotField } from './mailing-list.ts';
import { recentTaxYears } from './tax-years.ts';
import type { VisitSource } from './visit-source.ts';

// The main contact form and the quote form (docs/behaviour/enquiries-and-quotes.md#contact-enquiry-and-quote-request): their fields and the words for
// each problem. The rules the page and the server both apply are in enquiry-schemas.ts, so the form's page
// can show the fields without loading the schema library until the visitor sends.

export type EnquiryKind = 'contact' | 'quote';

export const enquiryMessages = {
  received: 'Thank you, we have your enquiry. We will reply within one working day.',
  acceptMissing: 'Please tick the box to agree to us using your details to answer your enquiry',
  yearsMissing: 'Please tick at least one tax year',
} as const;

const name = {
  kind: 'line',
  max: 200,
  label: 'Your name',
  missing: 'Please enter your name',
  short: 'Your name',
  autoComplete: 'name',
} as const satisfies Field;

const emailAddress = {
  kind: 'email',
  label: 'Email address',
  missing: emailMessages.missing,
  short: 'Your email address',
  autoComplete: 'email',
} as const satisfies Field;

export const contactFields = {
  profession: {
    kind: 'line',
    max: 200,
    label: 'Your profession or trade',
    hint: 'For example: dentist, landlord, IT contractor or builder.',
    missing: 'Please tell us your profession or trade',
    short: 'Your profession or trade',
    autoComplete: 'organization-title',
  },
  name,
  emailAddress,
  phone: {
    kind: 'phone',
    label: 'Phone number',
    missing: 'Please enter your phone number',
    short: 'Your phone number',
    autoComplete: 'tel',
  },
  message: {
    kind: 'paragraph',
    max: 5000,
    label: 'How can we help?',
    missing: 'Please tell us how we can help',
    short: 'Your message',
  },
} as const satisfies Record<string, Field>;

export const quoteFields = {
  practiceName: {
    kind: 'line',
    max: 200,
    label: 'Name of your practice or business',
    missing: 'Please enter the name of your practice or business',
    short: 'The name of your practice or business',
    autoComplete: 'organization',
  },
  name,
  emailAddress,
  postcode: {
    kind: 'postcode',
    label: 'Postcode of your practice',
    missing: "Please enter your practice's postcode",
    short: "Your practice's postcode",
    autoComplete: 'postal-code',
  },
  message: {
    kind: 'paragraph',
    max: 5000,
    label: 'What would you like us to do?',
    hint: 'For example: year-end accounts, payroll for six staff, VAT returns, or bringing late returns up to date.',
    missing: 'Please tell us what you would like us to do',
    short: 'Your message',
  },
  cost: {
    kind: 'pounds',
    label: 'Approximate annual turnover (£)',
    hint: 'Your sales in a year, before expenses. An estimate is fine.',
    missing: "Please enter your practice's approximate annual turnover",
    short: 'Your annual turnover',
  },
  quoted: {
    kind: 'paragraph',
    max: 1000,
    optional: true,
    label: 'Have other firms quoted for this? (optional)',
    hint: 'If so, tell us for what and how much, so we can compare like with like.',
    missing: '',
    short: 'Your other quotes',
  },
} as const satisfies Record<string, Field>;

/** The question the quote form asks above the year options. */
export const taxYearsQuestion = 'Which tax years is the quote for?';

/** The seven year options (docs/behaviour/enquiries-and-quotes.md#quote-form-fields), year1 the current UK tax year. */
export const yearFields = ['year1', 'year2', 'year3', 'year4', 'year5', 'year6', 'year7'] as const;
export type YearField = (typeof yearFields)[number];

/** Each year option with its tax year's label, as of `today` (in the firm's time zone). */
export function yearOptions(today: CalendarDate): { name: YearField; label: string }[] {
  const labels = recentTaxYears(today, yearFields.length);
  return yearFields.map((name, index) => ({ name, label: labels[index] as string }));
}

type FieldAnswers<F> = { -readonly [K in keyof F]: F[K] extends { kind: 'pounds' } ? number : string };

interface Common extends VisitSource {
  optin: boolean;
  accept: true;
  contact1: '2';
  recToken: string;
  [honeypotField]?: string;
}

export type ContactEnquiry = FieldAnswers<typeof contactFields> & Common;
export type QuoteEnquiry = FieldAnswers<typeof quoteFields> & Record<YearField, boolean> & Common;

/** The tax years a quote asks about, by their labels as of `today`. */
export function tickedYears(quote: Record<YearField, boolean>, today: CalendarDate): string[] {
  return yearOptions(today)
    .filter((option) => quote[option.name])
    .map((option) => option.label);
}

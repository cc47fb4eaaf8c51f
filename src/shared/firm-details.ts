import { colourProblem, defaultColours, normalColour } from './colours.ts';
import { emailAddressProblem } from './email.ts';
import { isTypedText } from './form-fields.ts';
import { weekdays } from './opening-hours.ts';
import { defaultQuestionnaire } from './questionnaire.ts';
import { questionnaireSchema } from './questionnaire-schema.ts';
import { normalLink, socialLinkProblem } from './social-links.ts';
import { defaultTypeface, typefaceIds } from './typefaces.ts';
import {
  companyNumberProblem,
  formatCompanyNumber,
  formatIcoRegistration,
  formatPostcode,
  formatVatNumber,
  icoRegistrationProblem,
  phoneNumberProblem,
  postcodeProblem,
  vatNumberProblem,
} from './uk-identifiers.ts';
import { z } from './zod.ts';

// Who the firm is, as an owner enters it in the back office and every page, email and structured-data
// block shows it (docs/decisions/022-the-firm-is-data.md). Each refusal starts with the field's label as
// the form shows it, so a message read on its own still names the field.

/** Each field's label on the form, which its refusals start with. */
export const firmFieldLabels = {
  tradingName: 'Trading name',
  legalName: 'Legal name',
  tagline: 'Strapline',
  companyNumber: 'Company or LLP number',
  vatNumber: 'VAT number',
  auditRegistration: 'Audit registration number',
  registeredOffice: 'Registered office',
  street: 'Street address',
  town: 'Town or city',
  county: 'County',
  postcode: 'Postcode',
  phone: 'Phone',
  offices: 'Other offices',
  officeName: 'Office name',
  officeStreet: 'Office street address',
  officeTown: 'Office town or city',
  officePostcode: 'Office postcode',
  officePhone: 'Office phone',
  email: 'Email address',
  regulator: 'Professional body and registration',
  openingHours: 'Opening hours',
  areasServed: 'Areas served',
  icoRegistration: 'ICO registration number',
  replyPromise: 'How soon you reply',
  quotePromise: 'How soon you quote',
  accreditations: 'Accreditations',
  socialLinks: 'Social media pages',
  facts: 'Facts about the firm',
  colours: 'Colours',
  typeface: 'Typeface',
  brandColour: 'Main colour',
  accentColour: 'Accent colour',
  senderName: 'Sender name',
  noticesEmail: 'Address that receives notices',
  referencePrefix: 'Reference prefix',
  priceRange: 'Price range',
  questionnaire: 'Questionnaire',
} as const;

type Label = keyof typeof firmFieldLabels;

/** One line of typed text, trimmed, at most `max` characters: a name with &, ’, accents or commas is fine. */
function line(label: Label, max: number, { optional = false } = {}) {
  const name = firmFieldLabels[label];
  const text = z
    .string({ error: `${name}: enter it as text` })
    .trim()
    .max(max, { error: `${name}: at most ${max} characters` })
    .refine((value) => isTypedText(value) && !/[\r\n\t\u2028\u2029]/.test(value), {
      error: `${name}: one line of ordinary text`,
    });
  return optional ? text : text.refine((value) => value !== '', { error: `${name}: this is needed` });
}

/** An identifier checked by its issuer's rule, stored the one way it is shown; blank when the firm has none. */
/**
 * A check's words after the label of the field they are about, in the sentence case of every other
 * refusal on Firm details: "VAT number: this is not a VAT number HMRC issues…".
 */
const refusalAbout = (label: Label, problem: string) =>
  `${firmFieldLabels[label]}: ${problem.charAt(0).toLowerCase()}${problem.slice(1)}`;

function identifier(
  label: Label,
  problem: (value: string) => string | null,
  format: (value: string) => string,
) {
  return line(label, 40, { optional: true }).transform((value, context) => {
    if (value === '') return '';
    const found = problem(value);
    if (found) context.issues.push({ code: 'custom', message: refusalAbout(label, found), input: value });
    return format(value);
  });
}

/** A UK phone number as the firm writes it; blank allowed when `optional`. */
function phone(label: Label, { optional = false } = {}) {
  return line(label, 40, { optional }).check((context) => {
    const problem = context.value === '' ? null : phoneNumberProblem(context.value);
    if (problem)
      context.issues.push({
        code: 'custom',
        message: refusalAbout(label, problem),
        input: context.value,
      });
  });
}

function email(label: Label) {
  return line(label, 254).check((context) => {
    const problem = context.value === '' ? null : emailAddressProblem(context.value);
    if (problem) {
      context.issues.push({
        code: 'custom',
        message: refusalAbout(label, problem),
        input: context.value,
      });
    }
  });
}

export const firmAddressSchema = z.object({
  street: line('street', 120),
  town: line('town', 60),
  county: line('county', 60, { optional: true }),
  postcode: identifier('postcode', postcodeProblem, formatPostcode).refine((value) => value !== '', {
    error: `${firmFieldLabels.postcode}: this is needed`,
  }),
});

const clockTime = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: `${firmFieldLabels.openingHours}: give times as 09:00` });

export const openingHoursSchema = z
  .object({
    days: z
      .array(z.enum(weekdays), { error: `${firmFieldLabels.openingHours}: choose the days you open` })
      .min(1, { error: `${firmFieldLabels.openingHours}: choose at least one day` })
      .transform((days) => weekdays.filter((day) => days.includes(day))),
    opens: clockTime,
    closes: clockTime,
  })
  .refine((hours) => hours.opens < hours.closes, {
    error: `${firmFieldLabels.openingHours}: closing time must come after opening time`,
  });

/** A colour as the site keeps it ("#0b5563"), refused when text in it on white would be hard to read. */
function colour(label: Label) {
  const name = firmFieldLabels[label];
  return z.string({ error: `${name}: choose a colour` }).transform((value, context) => {
    const hex = normalColour(value);
    const problem = hex ? colourProblem(hex) : 'a colour as # and six hex digits, such as #0b5563';
    if (problem) context.issues.push({ code: 'custom', message: `${name}: ${problem}`, input: value });
    return hex ?? value;
  });
}

/** Lines of a textarea, one item each: blank lines dropped, at most `max` items of `length` characters. */
function lines(label: Label, max: number, length: number) {
  return z
    .array(line(label, length, { optional: true }), {
      error: `${firmFieldLabels[label]}: a list, one on each line`,
    })
    .transform((items) => items.filter((item) => item !== ''))
    .refine((items) => items.length <= max, { error: `${firmFieldLabels[label]}: at most ${max}` });
}

/** A list the details hold that the Firm details form does not edit yet: kept as saved, empty when new. */
function list<T extends z.ZodType>(label: Label, item: T, max: number) {
  return z
    .array(item, { error: `${firmFieldLabels[label]}: a list` })
    .max(max, { error: `${firmFieldLabels[label]}: at most ${max}` })
    .default([]);
}

export const firmDetailsSchema = z.object({
  tradingName: line('tradingName', 120),
  legalName: line('legalName', 160),
  /** What the firm does, in a line: under the name on the home page and in search results. */
  tagline: line('tagline', 120),
  companyNumber: identifier('companyNumber', companyNumberProblem, formatCompanyNumber),
  vatNumber: identifier('vatNumber', vatNumberProblem, formatVatNumber),
  auditRegistration: line('auditRegistration', 40, { optional: true }),
  registeredOffice: firmAddressSchema,
  phone: phone('phone'),
  /** Offices besides the registered one, on the contact pages and in the structured data. */
  offices: z
    .array(
      z.object({
        name: line('officeName', 60),
        street: line('officeStreet', 120),
        town: line('officeTown', 60),
        postcode: identifier('officePostcode', postcodeProblem, formatPostcode).refine(
          (value) => value !== '',
          {
            error: `${firmFieldLabels.officePostcode}: this is needed`,
          },
        ),
        phone: phone('officePhone', { optional: true }),
      }),
      { error: `${firmFieldLabels.offices}: a list` },
    )
    .max(6, { error: `${firmFieldLabels.offices}: at most 6` })
    .default([]),
  email: email('email'),
  regulator: line('regulator', 300, { optional: true }),
  openingHours: openingHoursSchema,
  /** Counties, towns or regions, for search engines' listings. */
  areasServed: z
    .array(line('areasServed', 60), { error: `${firmFieldLabels.areasServed}: a list of places` })
    .max(20, { error: `${firmFieldLabels.areasServed}: at most 20 places` })
    .transform((places) => places.filter((place) => place !== '')),
  icoRegistration: identifier('icoRegistration', icoRegistrationProblem, formatIcoRegistration),
  /** Finishes "We reply within …", e.g. "one working day". */
  replyPromise: line('replyPromise', 60),
  /** Finishes "Your quote arrives within …", e.g. "two working days". Details saved before it: that. */
  quotePromise: line('quotePromise', 60).default('two working days'),
  /** The firm's standing in words (bodies, registrations, partnerships), on the home and about pages. */
  accreditations: lines('accreditations', 12, 160).default([]),
  /** The firm's pages on social networks, each an https address. Details saved before them: none. */
  socialLinks: lines('socialLinks', 8, 300)
    .superRefine((links, context) => {
      for (const link of links) {
        const problem = socialLinkProblem(link);
        if (problem)
          context.addIssue({ code: 'custom', message: `${firmFieldLabels.socialLinks}: ${problem}` });
      }
    })
    // Kept as browsers write them (a space escaped, the host in lower case), each once.
    .transform((links) => [...new Set(links.map(normalLink))])
    .default([]),
  /** The site's main colour (headings, links, buttons) and its accent; text in each must read on white. */
  colours: z
    .object({ brand: colour('brandColour'), accent: colour('accentColour') })
    .default({ ...defaultColours }),
  /** The typeface of every page, from the bundled set (typefaces.ts). Details saved before it: the default. */
  typeface: z
    .enum(typefaceIds, { error: `${firmFieldLabels.typeface}: choose one of the typefaces listed` })
    .default(defaultTypeface),
  /** A few figures on the about page: "450", "businesses looked after". */
  facts: list('facts', z.object({ figure: line('facts', 12), label: line('facts', 60) }), 6),
  senderName: line('senderName', 80),
  noticesEmail: email('noticesEmail'),
  /** Starts every reference the site gives an enquiry, application or call, e.g. FH-7K3-Q9P. */
  referencePrefix: z
    .string({ error: `${firmFieldLabels.referencePrefix}: enter it as text` })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{1,4}$/, { error: `${firmFieldLabels.referencePrefix}: one to four letters, such as FH` }),
  /** How search engines show the firm's fees: £ (budget) to ££££ (premium); blank to say nothing. */
  priceRange: z.enum(['', '£', '££', '£££', '££££'], {
    error: `${firmFieldLabels.priceRange}: choose from £ to ££££, or none`,
  }),
  /** The firm's words for the application questionnaire, and its questions of its own (questionnaire.ts). */
  questionnaire: questionnaireSchema.default({ ...defaultQuestionnaire }),
});

export type FirmDetails = z.output<typeof firmDetailsSchema>;

/** The fields in which `after` differs from `before` (all of them when there is no `before`), in order. */
export function changedFirmFields(
  before: FirmDetails | undefined,
  after: FirmDetails,
): (keyof FirmDetails)[] {
  return (Object.keys(after) as (keyof FirmDetails)[]).filter(
    (key) => JSON.stringify(before?.[key]) !== JSON.stringify(after[key]),
  );
}

const text = z.string();

/**
 * The details as saved and read back: already checked and written one way, so an answer carries them as
 * they are (the form's schema above rewrites its input, which an answer must not).
 */
export const storedFirmDetailsSchema = z.object({
  tradingName: text,
  legalName: text,
  tagline: text,
  companyNumber: text,
  vatNumber: text,
  auditRegistration: text,
  registeredOffice: z.object({ street: text, town: text, county: text, postcode: text }),
  phone: text,
  offices: z.array(z.object({ name: text, street: text, town: text, postcode: text, phone: text })),
  email: text,
  regulator: text,
  openingHours: z.object({ days: z.array(z.enum(weekdays)), opens: text, closes: text }),
  areasServed: z.array(text),
  icoRegistration: text,
  replyPromise: text,
  quotePromise: text,
  accreditations: z.array(text),
  socialLinks: z.array(text),
  colours: z.object({ brand: text, accent: text }),
  typeface: z.enum(typefaceIds),
  facts: z.array(z.object({ figure: text, label: text })),
  senderName: text,
  noticesEmail: text,
  referencePrefix: text,
  priceRange: z.enum(['', '£', '££', '£££', '££££']),
  questionnaire: questionnaireSchema,
}) satisfies z.ZodType<FirmDetails>;

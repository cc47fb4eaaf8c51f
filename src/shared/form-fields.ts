import { emailAddressField } from './email-field.ts';
import { z } from './zod.ts';

// The kinds of field the site's forms ask for. Each field is described once (label, hint, the words for
// its problems), and that description drives the page's control and the validation on both sides.

interface FieldBase {
  label: string;
  hint?: string;
  /** Shown when the field is left blank; names the field in plain words. */
  missing: string;
  /** How the field is named in other messages ("Your name must be on one line"). */
  short: string;
  /** The browser's autofill token (HTML autocomplete); 'off' when not given. */
  autoComplete?: string;
  /** May be left blank (text kinds only): then it is ''. */
  optional?: boolean;
}

export type Field = FieldBase &
  (
    | { kind: 'line'; max: number }
    | { kind: 'paragraph'; max: number }
    | { kind: 'count' }
    | { kind: 'choice'; options: readonly string[] }
    | { kind: 'email' }
    | { kind: 'website' }
    | { kind: 'phone' }
    | { kind: 'postcode' }
    | { kind: 'pounds' }
  );

// A control character other than tab and line breaks (a double negation: not non-control, not \t\n\r),
// or one that overrides the direction of the text around it (U+202A-U+202E, U+2066-U+2069): pasted into a
// name, it would show the staff's email, and the firm's own words after the name, backwards.
const controlCharacters = /[^\P{Cc}\t\n\r]|[\u202A-\u202E\u2066-\u2069]/u;

/** Text a person could have typed: no control characters other than tab and line breaks. */
export const isTypedText = (text: string) => !controlCharacters.test(text);

// Characters that show nothing: a name of them alone would read as no name, and one hidden inside a name
// would let it pass for another's.
export const invisibleCharacters = /[\p{Cf}\u115F\u1160\u3164\uFFA0\u2800]/gu;

/** Whether a name shows a letter or a digit once what shows nothing is taken out. */
export const hasVisibleLetter = (text: string) => /[\p{L}\p{N}]/u.test(text.replace(invisibleCharacters, ''));
// Unicode's own line and paragraph separators break a line as CR and LF do (NEL is a control character).
const lineBreaks = /[\r\n\u2028\u2029]/;

/** Text kept as typed (trimmed); one-line text refuses line breaks, so it can never split a header. */
function textField(field: Field, max: number, oneLine: boolean) {
  let schema = z
    .string({ error: field.missing || `${field.short} must be text` })
    .trim()
    .min(field.optional ? 0 : 1, { error: field.missing })
    .max(max, { error: `${field.short} must be at most ${max.toLocaleString('en-GB')} characters` })
    .refine(isTypedText, {
      error: `${field.short} contains characters we cannot accept`,
    });
  if (oneLine) {
    schema = schema.refine((text) => !lineBreaks.test(text), { error: `${field.short} must be on one line` });
  }
  return field.optional ? schema.default('') : schema;
}

/** A form field's text read as a number: blank is missing; "£1,250.50" reads as 1250.5. */
function numberFrom(value: unknown) {
  if (typeof value !== 'string') return value;
  const text = value.trim().replace(/^£/, '').replaceAll(',', '');
  return text === '' ? undefined : Number(text);
}

/** Whole numbers up to a million. */
function countField(field: Field) {
  const error = `${field.short} must be a whole number, 0 or more`;
  return z.preprocess(
    numberFrom,
    z
      .number({ error: (issue) => (issue.input === undefined ? field.missing : error) })
      .int({ error })
      .min(0, { error })
      .max(1_000_000, { error: `${field.short} must be at most 1,000,000` }),
  );
}

/** An amount of money in pounds, more than £0 (a zero is treated as not given), to the penny. */
function poundsField(field: Field) {
  const error = `${field.short} must be an amount in pounds, like 250000`;
  return z.preprocess(
    numberFrom,
    z
      .number({ error: (issue) => (issue.input === undefined ? field.missing : error) })
      .refine((amount) => amount !== 0, { error: field.missing })
      .refine((amount) => amount >= 0, { error: `${field.short} must be more than £0` })
      .max(1_000_000_000_000, { error: `${field.short} must be at most £1,000,000,000,000` })
      .transform((amount) => Math.round(amount * 100) / 100),
  );
}

/** A phone number as people write one: digits, spaces, + ( ) . -, with 7 to 15 digits. */
function phoneField(field: Field) {
  const error = `${field.short} must be a phone number, like 01743 360 214 or +44 1743 360214`;
  return textField(field, 40, true).refine(
    // A blank one has already been named as missing.
    (text) => text === '' || (/^[+()\d\s.-]+$/.test(text) && /^(?:\D*\d){7,15}\D*$/.test(text)),
    { error },
  );
}

/** A UK postcode in any case and spacing, answered in the standard form ("AB1 2CD"). */
function postcodeField(field: Field) {
  const error = `${field.short} must be a UK postcode, like AB1 2CD`;
  return textField(field, 10, true)
    .transform((text) => text.replaceAll(/\s+/g, '').toUpperCase())
    .refine((text) => text === '' || /^[A-Z]{1,2}\d[A-Z\d]?\d[A-Z]{2}$/.test(text), { error })
    .transform((text) => `${text.slice(0, -3)} ${text.slice(-3)}`);
}

/** A blank or missing website is fine; otherwise a web address, with https:// added when it was left off. */
function websiteField(field: Field) {
  const error = `${field.short} must be a web address, like example.co.uk`;
  return z
    .string({ error })
    .trim()
    .max(200, { error: `${field.short} must be at most 200 characters` })
    .transform((text, context) => {
      if (text === '') return '';
      const withScheme = /^https?:\/\//i.test(text) ? text : `https://${text}`;
      const url = parseUrl(withScheme);
      if (!url?.hostname.includes('.') || /\s/.test(text)) {
        context.addIssue({ code: 'custom', message: error });
        return z.NEVER;
      }
      return url.href;
    })
    .default('');
}

// URL.parse is too new for some browsers still in use.
function parseUrl(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

/** A one-line field's schema, typed as text on both sides (fieldSchema's answer may be any kind's). */
export const lineFieldSchema = (field: Field & { kind: 'line' }) => textField(field, field.max, true);
/** A phone field's schema, typed as text on both sides. */
export const phoneFieldSchema = (field: Field & { kind: 'phone' }) => phoneField(field);

/** The schema that checks one field's answer on both sides. */
export function fieldSchema(field: Field) {
  switch (field.kind) {
    case 'count':
      return countField(field);
    case 'pounds':
      return poundsField(field);
    case 'line':
      return textField(field, field.max, true);
    case 'paragraph':
      return textField(field, field.max, false);
    case 'choice':
      return z.enum(field.options as [string, ...string[]], { error: field.missing });
    case 'email':
      return emailAddressField;
    case 'website':
      return websiteField(field);
    case 'phone':
      return phoneField(field);
    case 'postcode':
      return postcodeField(field);
  }
}

/** A schema shape for a set of described fields. */
export function fieldsShape(fields: Record<string, Field>) {
  return Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, fieldSchema(field)]));
}

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validApplication } from '#tests/support/applications.ts';
import { contact, quote } from '#tests/support/enquiries.ts';
import { applicationQuestions } from './application.ts';
import { applicationSchema } from './application-schema.ts';
import { bookCallSchema, buildBookCallPayload, timesForDateRequestSchema } from './booking.ts';
import { availabilitySettingsSchema, defaultAvailabilitySettings } from './booking-settings.ts';
import { contactFields, quoteFields } from './enquiries.ts';
import { contactSchema, quoteSchema } from './enquiry-schemas.ts';
import type { Field } from './form-fields.ts';
import { subscribeSchema } from './mailing-list-schema.ts';
import type { z } from './zod.ts';

// Property-based checks of every schema the browser and the server share: whatever arrives, a schema
// answers (never throws), refuses with messages, and what it accepts keeps the field's promises.

const runs = { numRuns: 300 };

/** Each shared schema with a payload it accepts, as the site's pages send it. */
const schemas: [string, z.ZodType, Record<string, unknown>][] = [
  ['contact', contactSchema, { ...contact('amira@example.co.uk'), recToken: 'token' }],
  ['quote', quoteSchema, { ...quote('amira@example.co.uk'), recToken: 'token' }],
  ['application', applicationSchema, { ...validApplication }],
  ['subscribe', subscribeSchema, { emailAddress: 'amira@example.co.uk', submitMethod: '2' }],
  [
    'book a call',
    bookCallSchema,
    {
      ...buildBookCallPayload(
        { year: 2030, month: 0, day: 7 },
        { startHour: 9, startMinute: 30 },
        'amira@example.co.uk',
      ),
      recToken: 'token',
    },
  ],
  ['times for a date', timesForDateRequestSchema, { year: 2030, month: 1, day: 7, apptType: 'initial' }],
  ['availability', availabilitySettingsSchema, { ...defaultAvailabilitySettings }],
];

/** Strings with what forms must cope with: control characters, line breaks, lone surrogates, emoji. */
const awkwardText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.string({
    unit: fc.constantFrom('a', ' ', '\r', '\n', '\t', '\u0000', '\u0007', '\u202e', '<', '@', '.', 'é', '😀'),
    maxLength: 60,
  }),
);
const anyValue = fc.oneof(fc.anything(), awkwardText, fc.jsonValue());

describe.each(schemas)('the %s schema', (_, schema, valid) => {
  it('accepts the payload the page sends', () => {
    expect(schema.safeParse(valid).success).toBe(true);
  });

  it('answers any input without throwing, and refuses with a message per problem', () => {
    fc.assert(
      fc.property(anyValue, (input) => {
        const result = schema.safeParse(input);
        if (!result.success) {
          expect(result.error.issues.length).toBeGreaterThan(0);
          for (const issue of result.error.issues) expect(issue.message.length).toBeGreaterThan(5);
        }
      }),
      runs,
    );
  });

  it('answers any one field replaced by anything without throwing', () => {
    fc.assert(
      fc.property(fc.constantFrom(...Object.keys(valid)), anyValue, (field, value) => {
        const result = schema.safeParse({ ...valid, [field]: value });
        if (!result.success) expect(result.error.issues.length).toBeGreaterThan(0);
      }),
      runs,
    );
  });
});

// A control character other than tab and line breaks.
const controlCharacter = /[^\P{Cc}\t\n\r]/u;
const oneLineKinds = new Set<Field['kind']>(['line', 'email', 'phone', 'postcode', 'website']);

const textFieldsOf = (fields: Record<string, Field>) =>
  Object.entries(fields).filter(([, field]) => field.kind !== 'count' && field.kind !== 'pounds');

describe.each([
  ['contact', contactSchema, { ...contact('amira@example.co.uk'), recToken: 'token' }, contactFields],
  ['quote', quoteSchema, { ...quote('amira@example.co.uk'), recToken: 'token' }, quoteFields],
  ['application', applicationSchema, { ...validApplication }, applicationQuestions],
] as const)('text accepted by the %s form', (_, schema, valid, fields) => {
  it('never holds a control character, a one-line field never a line break, and no field runs past its limit', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...textFieldsOf(fields as Record<string, Field>)),
        awkwardText,
        ([name, field], text) => {
          const result = schema.safeParse({ ...valid, [name]: text });
          if (!result.success) return;
          const accepted = (result.data as Record<string, unknown>)[name] as string;
          expect(accepted).not.toMatch(controlCharacter);
          if (oneLineKinds.has(field.kind)) expect(accepted).not.toMatch(/[\r\n]/);
          if ('max' in field) expect(accepted.length).toBeLessThanOrEqual(field.max);
          expect(accepted).toBe(accepted.trim());
        },
      ),
      runs,
    );
  });

  it('accepts only email addresses with one @, a dotted domain and no spaces', () => {
    fc.assert(
      fc.property(fc.oneof(awkwardText, fc.emailAddress()), (text) => {
        const result = schema.safeParse({ ...valid, emailAddress: text });
        if (!result.success) return;
        const email = (result.data as { emailAddress: string }).emailAddress;
        expect(email).toMatch(/^[^\s@]+@[^\s@]+\.[^\s@]+$/);
        expect(email.length).toBeLessThanOrEqual(254);
      }),
      runs,
    );
  });
});

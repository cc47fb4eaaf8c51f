// The rules the contact and quote forms' answers must meet, on the page when sent and on the server
// (docs/behaviour/enquiries-and-quotes.md#contact-enquiry-and-quote-request); the fields they check are described in enquiries.ts.
import { recTokenField } from './bot-check-schemas.ts';
import {
  type ContactEnquiry,
  contactFields,
  enquiryMessages,
  type QuoteEnquiry,
  quoteFields,
  yearFields,
} from './enquiries.ts';
import { fieldsShape } from './form-fields.ts';
import { honeypotField } from './mailing-list.ts';
import { visitSourceFields } from './visit-source-schema.ts';
import { z } from './zod.ts';

const tickBox = (field: string) => z.boolean({ error: `${field} must be true or false` }).default(false);

const common = {
  optin: tickBox('optin'),
  accept: z.literal(true, { error: enquiryMessages.acceptMissing }),
  contact1: z.literal('2', { error: "contact1 must be '2'" }),
  recToken: recTokenField,
  [honeypotField]: z.string().max(1000).optional(),
  ...visitSourceFields,
};

/** POST /contact-us-send (docs/behaviour/enquiries-and-quotes.md#contact-form-fields). */
export const contactSchema = z.strictObject({
  ...fieldsShape(contactFields),
  ...common,
}) as unknown as z.ZodType<ContactEnquiry>;

const yearsShape = Object.fromEntries(yearFields.map((field) => [field, tickBox(field)]));

/** POST /show-contact-send (docs/behaviour/enquiries-and-quotes.md#quote-form-fields): at least one year ticked, named at the first year's box. */
export const quoteSchema = z
  .strictObject({ ...fieldsShape(quoteFields), ...yearsShape, ...common })
  .refine((quote) => yearFields.some((field) => (quote as Record<string, unknown>)[field] === true), {
    error: enquiryMessages.yearsMissing,
    path: ['year1'],
    // Checked even when other fields have problems, so the visitor hears of every problem at once.
    when: ({ value }) =>
      typeof value === 'object' &&
      value !== null &&
      yearFields.every((field) => {
        const tick = (value as Record<string, unknown>)[field];
        return tick === undefined || typeof tick === 'boolean';
      }),
  }) as unknown as z.ZodType<QuoteEnquiry>;

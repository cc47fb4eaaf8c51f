import { leadStages } from '../back-office.ts';
import type { InstantQuoteRecord } from '../instant-quote.ts';
import { frequencies } from '../pricing.ts';
import { z } from '../zod.ts';
import { leadList, leadListQuerySchema } from './lead-lists.ts';
import { leadPersonSchema, stagedLead, timelineEntrySchema } from './staged-leads.ts';

// Contact enquiries and quote requests, as the back office lists and opens them.

export const enquiryRowSchema = z.object({
  reference: z.string(),
  kind: z.enum(['contact', 'quote']),
  name: z.string(),
  email: z.string(),
  organisation: z.string().describe('The profession (contact form) or the practice (quote form).'),
  stage: z.enum(leadStages),
  createdAt: z.string(),
});
export type EnquiryRow = z.infer<typeof enquiryRowSchema>;

const amounts = z.object({ fee: z.number().int(), vat: z.number().int() });

/** What a quote request from the instant quote carries (shared/instant-quote.ts), every amount in pence. */
const instantQuoteSchema = z
  .object({
    priceListVersion: z.number().int().nullable().describe('The price list version; null: the starter list.'),
    vat: z.object({ basisPoints: z.number().int(), shown: z.enum(['before', 'with']) }),
    services: z.array(z.string()).describe('The services ticked, by key.'),
    answers: z
      .record(z.string(), z.union([z.string(), z.number()]))
      .describe('Each driver’s answer, by key.'),
    answerLines: z.array(z.object({ label: z.string(), value: z.string() })),
    pricing: z.object({
      services: z.array(
        z.object({
          key: z.string(),
          name: z.string(),
          frequency: z.enum(frequencies),
          fee: z.number().int().describe('Before VAT, in pence.'),
          vat: z.number().int(),
        }),
      ),
      totals: z.object({ monthly: amounts, annually: amounts, once: amounts }),
    }),
  })
  .describe(
    'Sent from the instant quote: the services, answers and the price the server worked out.',
  ) satisfies z.ZodType<InstantQuoteRecord>;

export const enquiryDetailSchema = enquiryRowSchema.extend({
  phone: z.string().nullable(),
  postcode: z.string().nullable(),
  message: z.string(),
  details: z
    .looseObject({
      optin: z.boolean().optional().describe('Asked to join the mailing list.'),
      cost: z.number().optional().describe('The quote form’s turnover, in pounds.'),
      quoted: z.string().optional(),
      taxYears: z.array(z.string()).optional(),
      instantQuote: instantQuoteSchema.optional(),
    })
    .describe('The rest of the form, as sent; empty once erased.'),
  timeline: z.array(timelineEntrySchema),
  personId: leadPersonSchema,
});
export type EnquiryDetail = z.infer<typeof enquiryDetailSchema>;

export const contactEnquiryList = leadList({
  name: 'contact-enquiries',
  title: 'Contact enquiries',
  query: leadListQuerySchema,
  row: enquiryRowSchema,
});

export const quoteRequestList = leadList({
  name: 'quote-requests',
  title: 'Quote requests',
  query: leadListQuerySchema,
  row: enquiryRowSchema,
});

/** Either kind, opened by its reference. */
export const enquiryLead = stagedLead({
  name: 'enquiries',
  kind: 'enquiry',
  noun: 'enquiry',
  detail: enquiryDetailSchema,
});

import { leadStages } from '../back-office.ts';
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

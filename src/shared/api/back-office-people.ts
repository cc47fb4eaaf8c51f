import { backOfficeApi, backOfficeMessages, leadStages } from '../back-office.ts';
import { z } from '../zod.ts';
import { cardKinds } from './back-office-pipeline.ts';
import { subscriberStatuses } from './back-office-subscribers.ts';
import { colleagueSchema, taskSchema } from './back-office-tasks.ts';
import { endpoint, formAnswerSchema, refusal } from './endpoint.ts';
import { idParams } from './id-params.ts';
import { backOfficeTag } from './lead-lists.ts';
import { timelineEntrySchema } from './staged-leads.ts';

// A person: everyone who sent the firm a lead, one record per email address (letter case aside), with
// every enquiry, quote request, application and call of theirs, and one timeline of all of them.

/** One of the person's leads, opened on its own page by kind and reference. */
export const personLeadSchema = z.object({
  kind: z.enum(cardKinds),
  reference: z.string(),
  stage: z.enum(leadStages),
  createdAt: z.string(),
  summary: z
    .string()
    .describe('A line about it: the first words of a message, the business applying, when a call is.'),
});
export type PersonLead = z.infer<typeof personLeadSchema>;

/** A line of the person's timeline: what happened to any of their leads, or to them. */
export const personTimelineEntrySchema = timelineEntrySchema.extend({
  what: z.enum([
    'received',
    'note',
    'stage',
    'cancelled',
    'rescheduled',
    'reassigned',
    'email',
    'reply',
    'consent',
  ]),
  lead: personLeadSchema
    .pick({ kind: true, reference: true })
    .nullable()
    .describe('The lead it is about; null for an email or a consent, which are the person’s own.'),
});
export type PersonTimelineEntry = z.infer<typeof personTimelineEntrySchema>;

/** A piece of new business of theirs: the leads that asked for it share its stage (the pipeline's cards). */
export const opportunitySchema = z.object({
  id: z.number().int(),
  title: z.string().describe('What they asked for first ("Quote request").'),
  stage: z.enum(leadStages),
  valuePence: z.number().int().nullable().describe('What the work is worth, in pence, when staff have said.'),
  createdAt: z.string(),
  leads: z.array(personLeadSchema.pick({ kind: true, reference: true })).describe('Oldest first.'),
});
export type Opportunity = z.infer<typeof opportunitySchema>;

export const personDetailSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string().nullable(),
  phone: z.string().nullable(),
  organisation: z.string().nullable(),
  createdAt: z.string().describe('When their first lead arrived.'),
  leads: z.array(personLeadSchema).describe('Newest first.'),
  opportunities: z.array(opportunitySchema).describe('Newest first.'),
  owner: colleagueSchema.nullable().describe('The member of staff who looks after them.'),
  nextCall: z
    .object({
      when: z.string().describe('"Monday 7 December 2026 at 9:30am", on the firm’s clocks.'),
      adviser: z.string().nullable(),
    })
    .nullable()
    .describe('Their next call booked, for a reply’s {call date} and {adviser}.'),
  tasks: z.array(taskSchema).describe('Not done first, soonest due first; then done ones.'),
  subscriber: z
    .object({ status: z.enum(subscriberStatuses) })
    .nullable()
    .describe('Their place on the mailing list, if they signed up.'),
  timeline: z.array(personTimelineEntrySchema).describe('Newest first.'),
});
export type PersonDetail = z.infer<typeof personDetailSchema>;

export const personDetail = endpoint({
  method: 'GET',
  path: `${backOfficeApi}/people/:id`,
  access: 'staff',
  tag: backOfficeTag,
  summary: 'One person: their details, every lead of theirs and one timeline of all of them',
  params: idParams('person', backOfficeMessages.noSuchPerson),
  answers: {
    200: personDetailSchema.describe('The person.'),
    404: refusal.describe(`No such person (or erased): "${backOfficeMessages.noSuchPerson}"`),
  },
});

/** The most a piece of new business may be said to be worth: £9,999,999.99. */
const maxValuePence = 999_999_999;

/** An amount as staff type it ("£1,250", "1250.50"), in pence; blank is none. */
export const valueBodySchema = z
  .object({
    value: z
      .string({ error: backOfficeMessages.value })
      .trim()
      .transform((typed) => typed.replace(/^£\s*/, ''))
      // Commas only between thousands ("1,250"), never as a decimal point ("1250,50" is refused rather
      // than read as £125,050).
      .refine((typed) => typed === '' || /^(\d{1,3}(,\d{3})*|\d+)(\.\d{1,2})?$/.test(typed), {
        error: backOfficeMessages.value,
      })
      .transform((typed) => (typed === '' ? null : Math.round(Number(typed.replaceAll(',', '')) * 100)))
      // What a small firm's piece of work could be worth, and what a database's integer holds.
      .refine((pence) => pence === null || pence <= maxValuePence, { error: backOfficeMessages.value }),
  })
  .strict();

export const setOpportunityValue = endpoint({
  method: 'POST',
  path: `${backOfficeApi}/opportunities/:id/value`,
  access: 'staff',
  tag: backOfficeTag,
  summary: 'Say what a piece of new business is worth, or clear it',
  params: idParams('opportunity', backOfficeMessages.noSuchOpportunity),
  body: valueBodySchema,
  answers: {
    200: formAnswerSchema.describe(`Saved: infoMessages is ["${backOfficeMessages.valueSaved}"].`),
    404: refusal.describe(`"${backOfficeMessages.noSuchOpportunity}"`),
    422: refusal.describe(`"${backOfficeMessages.value}"`),
  },
});

import { backOfficeApi, backOfficeMessages, leadStages } from '../back-office.ts';
import { type Field, lineFieldSchema, phoneFieldSchema } from '../form-fields.ts';
import { z } from '../zod.ts';
import { cardKinds } from './back-office-pipeline.ts';
import { subscriberStatuses } from './back-office-subscribers.ts';
import { colleagueId, colleagueSchema, taskSchema } from './back-office-tasks.ts';
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
    'merged',
    'unmerged',
    'details',
    'assigned',
    'proposal',
    'due-diligence',
  ]),
  lead: personLeadSchema
    .pick({ kind: true, reference: true })
    .nullable()
    .describe('The lead it is about; null for what is the person’s own (an email, a consent, a merge).'),
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
  owner: colleagueSchema
    .nullable()
    .describe('The colleague given this piece of business; null: the person’s owner looks after it.'),
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
  merges: z
    .array(z.object({ id: z.number().int(), email: z.string(), at: z.string() }))
    .describe('The people merged into this one that can still be split off again, newest first.'),
  alsoFrom: z
    .array(z.string())
    .describe('The addresses of the records merged into this one: what was sent to them is on the timeline.'),
  mergedInto: z
    .number()
    .int()
    .nullable()
    .describe('Set when staff merged this person into another: everything of theirs is on that record.'),
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

/** The details staff correct by hand: the name, phone and organisation (blank clears one). */
export const personFields = {
  name: { kind: 'line', max: 100, label: 'Name', missing: '', short: 'The name', optional: true },
  phone: { kind: 'phone', label: 'Phone', missing: '', short: 'The phone number', optional: true },
  organisation: {
    kind: 'line',
    max: 200,
    label: 'Organisation',
    missing: '',
    short: 'The organisation',
    optional: true,
  },
} as const satisfies Record<string, Field>;

const blankIsNone = (text: string) => text || null;

export const personDetailsBodySchema = z
  .object({
    name: lineFieldSchema(personFields.name).transform(blankIsNone),
    phone: phoneFieldSchema(personFields.phone).transform(blankIsNone),
    organisation: lineFieldSchema(personFields.organisation).transform(blankIsNone),
  })
  .strict();

export const changePersonDetails = endpoint({
  method: 'POST',
  path: `${backOfficeApi}/people/:id/details`,
  access: 'staff',
  tag: backOfficeTag,
  summary: 'Correct a person’s name, phone and organisation (a lead only ever fills in what is blank)',
  params: idParams('person', backOfficeMessages.noSuchPerson),
  body: personDetailsBodySchema,
  answers: {
    200: formAnswerSchema.describe(
      `infoMessages is ["${backOfficeMessages.detailsSaved}"], or ["${backOfficeMessages.detailsUnchanged}"].`,
    ),
    404: refusal.describe(`No such person, or one merged into another: "${backOfficeMessages.noSuchPerson}"`),
    422: refusal.describe(
      'What is wrong with each field, naming it ("The phone number must be a phone number…").',
    ),
  },
});

export const setOpportunityOwner = endpoint({
  method: 'POST',
  path: `${backOfficeApi}/opportunities/:id/owner`,
  access: 'staff',
  tag: backOfficeTag,
  summary: 'Give one piece of new business to a colleague, or back to the person’s owner',
  params: idParams('opportunity', backOfficeMessages.noSuchOpportunity),
  body: z.object({ owner: colleagueId.nullable() }).strict(),
  answers: {
    200: formAnswerSchema.describe(`infoMessages is ["${backOfficeMessages.opportunityOwnerSaved}"].`),
    404: refusal.describe(`"${backOfficeMessages.noSuchOpportunity}"`),
    422: refusal.describe(`"${backOfficeMessages.colleague}"`),
  },
});

export const mergePerson = endpoint({
  method: 'POST',
  path: `${backOfficeApi}/people/:id/merge`,
  access: 'staff',
  tag: backOfficeTag,
  summary: 'Merge another person into this one: their leads, business, tasks and replies move here',
  params: idParams('person', backOfficeMessages.noSuchPerson),
  body: z.object({ other: z.number({ error: backOfficeMessages.noSuchPerson }).int().positive() }).strict(),
  answers: {
    200: formAnswerSchema.describe(`infoMessages is ["${backOfficeMessages.merged}"].`),
    404: refusal.describe(`Either person missing: "${backOfficeMessages.noSuchPerson}"`),
    409: refusal.describe(
      `"${backOfficeMessages.mergeSame}", or either was merged already: "${backOfficeMessages.mergeTaken}"`,
    ),
  },
});

export const undoPersonMerge = endpoint({
  method: 'POST',
  path: `${backOfficeApi}/people/:id/merges/:merge/undo`,
  access: 'staff',
  tag: backOfficeTag,
  summary: 'Undo a merge: exactly what it moved goes back to the person it merged',
  params: z.object({
    id: z.string().regex(/^\d{1,15}$/, { error: backOfficeMessages.noSuchMerge }),
    merge: z.string().regex(/^\d{1,15}$/, { error: backOfficeMessages.noSuchMerge }),
  }),
  answers: {
    200: formAnswerSchema.describe(`infoMessages is ["${backOfficeMessages.unmerged}"].`),
    404: refusal.describe(`"${backOfficeMessages.noSuchMerge}"`),
  },
});

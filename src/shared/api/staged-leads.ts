import {
  backOfficeApi,
  backOfficeMessages,
  type LeadKind,
  leadStages,
  noteMaxLength,
} from '../back-office.ts';
import { isTypedText } from '../form-fields.ts';
import { z } from '../zod.ts';
import { endpoint, refusal } from './endpoint.ts';
import { backOfficeTag } from './lead-lists.ts';

// A lead the firm works through (an enquiry, an application, a call): opened with its timeline, moved
// from stage to stage, and noted on by staff.

/** One line of a lead's history, oldest first. */
export const timelineEntrySchema = z.object({
  at: z.string(),
  what: z.enum(['note', 'stage', 'cancelled', 'rescheduled', 'reassigned', 'email']),
  detail: z
    .string()
    .describe(
      'The note, the new stage, why it was cancelled, a call’s old and new time or adviser, or the email’s subject and state.',
    ),
  by: z.string().nullable().describe('The member of staff, or null for the site itself.'),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

/** Whose lead it is: the person's page (back-office-people.ts) shows it with everything else of theirs. */
export const leadPersonSchema = z
  .number()
  .int()
  .nullable()
  .describe('The id of the person who sent it, for /people/{id}; null once erased.');

// Each refusal has one message, whatever was wrong with the field.
const stageBody = z
  .object(
    { stage: z.enum(leadStages, { error: backOfficeMessages.stage }) },
    { error: backOfficeMessages.stage },
  )
  .strict();
const note = { error: backOfficeMessages.note, abort: true };
const noteBody = z
  .object(
    {
      text: z
        .string({ error: backOfficeMessages.note })
        .trim()
        .min(1, note)
        .max(noteMaxLength, note)
        .refine(isTypedText, note),
    },
    { error: backOfficeMessages.note },
  )
  .strict();

const reference = z.object({ reference: z.string() });
export const leadNotFound = refusal.describe(`No lead has this reference: "${backOfficeMessages.notFound}"`);

/**
 * The entries of one kind of lead that has a stage and a timeline: `name` is both its API path under
 * /api/back-office and its screen in the back office; every change answers the lead as it now is.
 */
export function stagedLead<const Detail extends z.ZodType>(lead: {
  name: string;
  kind: LeadKind;
  noun: string;
  detail: Detail;
}) {
  const { name, kind, noun, detail } = lead;
  const path = `${backOfficeApi}/${name}/:reference`;
  const aNoun = `${/^[aeiou]/.test(noun) ? 'an' : 'a'} ${noun}`;
  return {
    name,
    kind,
    detail: endpoint({
      method: 'GET',
      path,
      access: 'staff',
      tag: backOfficeTag,
      summary: `One ${noun}: everything sent, its stage and its timeline`,
      params: reference,
      answers: { 200: detail.describe(`The ${noun}.`), 404: leadNotFound },
    }),
    stage: endpoint({
      method: 'POST',
      path: `${path}/stage`,
      access: 'staff',
      tag: backOfficeTag,
      summary: `Move ${aNoun} to another stage`,
      params: reference,
      body: stageBody,
      answers: {
        200: detail.describe(`The ${noun}, at its new stage, the change on its timeline.`),
        404: leadNotFound,
        422: refusal.describe(`Not a stage: "${backOfficeMessages.stage}"`),
      },
    }),
    notes: endpoint({
      method: 'POST',
      path: `${path}/notes`,
      access: 'staff',
      tag: backOfficeTag,
      summary: `Add a staff note to ${aNoun}`,
      params: reference,
      body: noteBody,
      answers: {
        201: detail.describe(`The ${noun}, the note at the end of its timeline.`),
        404: leadNotFound,
        422: refusal.describe(`No text, or too much: "${backOfficeMessages.note}"`),
      },
    }),
  };
}

/** Any staged lead's entries. */
export type StagedLeadEndpoints = ReturnType<typeof stagedLead<z.ZodType>>;

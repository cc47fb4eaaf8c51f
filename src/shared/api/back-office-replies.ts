import { backOfficeApi, backOfficeMessages } from '../back-office.ts';
import { type Field, fieldSchema, lineFieldSchema } from '../form-fields.ts';
import { z } from '../zod.ts';
import { endpoint, formAnswerSchema, refusal } from './endpoint.ts';
import { idParams } from './id-params.ts';
import { backOfficeTag } from './lead-lists.ts';

// Replies from inside: an email to a person written on their page, sent from the firm's address with
// Reply-To the member of staff, and kept on their timeline; and the owners' saved replies to start from.

export const replySubjectField: Field & { kind: 'line' } = {
  kind: 'line',
  max: 200,
  label: 'Subject',
  missing: backOfficeMessages.replySubject,
  short: 'The subject',
};

export const replyBodyField: Field & { kind: 'paragraph' } = {
  kind: 'paragraph',
  max: 10_000,
  label: 'Message',
  missing: backOfficeMessages.replyBody,
  short: 'The message',
};

const savedReplyTitleField: Field & { kind: 'line' } = {
  kind: 'line',
  max: 80,
  label: 'Name',
  missing: backOfficeMessages.savedReplyTitle,
  short: 'The name',
};

const replyBody = z
  .object({
    subject: lineFieldSchema(replySubjectField),
    body: fieldSchema(replyBodyField) as z.ZodType<string>,
  })
  .strict();

const personParams = idParams('person', backOfficeMessages.noSuchPerson);

export const sendReply = endpoint({
  method: 'POST',
  path: `${backOfficeApi}/people/:id/replies`,
  access: 'staff',
  tag: backOfficeTag,
  summary: 'Email a person from the firm’s address, with Reply-To you; kept on their timeline',
  params: personParams,
  body: replyBody,
  answers: {
    201: formAnswerSchema.describe(`Queued: infoMessages is ["${backOfficeMessages.replySent}"].`),
    404: refusal.describe(`"${backOfficeMessages.noSuchPerson}"`),
    422: refusal.describe('What is wrong with the subject or the message.'),
  },
});

export const savedReplySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  subject: z.string(),
  body: z.string(),
});
export type SavedReply = z.infer<typeof savedReplySchema>;

export const listSavedReplies = endpoint({
  method: 'GET',
  path: `${backOfficeApi}/saved-replies`,
  access: 'staff',
  tag: backOfficeTag,
  summary: 'The saved replies to start an email from, by name',
  answers: { 200: z.array(savedReplySchema).describe('By name.') },
});

export const saveSavedReply = endpoint({
  method: 'POST',
  path: `${backOfficeApi}/saved-replies`,
  access: 'owner',
  tag: backOfficeTag,
  summary: 'Add a saved reply, or change one (with its id)',
  body: replyBody.extend({
    id: z.number({ error: backOfficeMessages.noSuchSavedReply }).int().optional(),
    title: lineFieldSchema(savedReplyTitleField),
  }),
  answers: {
    200: formAnswerSchema.describe(`infoMessages is ["${backOfficeMessages.savedReplySaved}"].`),
    404: refusal.describe(`"${backOfficeMessages.noSuchSavedReply}"`),
    422: refusal.describe('What is wrong with its name, subject or message.'),
  },
});

export const deleteSavedReply = endpoint({
  method: 'POST',
  path: `${backOfficeApi}/saved-replies/:id/delete`,
  access: 'owner',
  tag: backOfficeTag,
  summary: 'Delete a saved reply',
  params: idParams('saved reply', backOfficeMessages.noSuchSavedReply),
  answers: {
    200: formAnswerSchema.describe(`infoMessages is ["${backOfficeMessages.savedReplyDeleted}"].`),
    404: refusal.describe(`"${backOfficeMessages.noSuchSavedReply}"`),
  },
});

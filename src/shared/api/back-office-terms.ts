import { backOfficeApi } from '../back-office.ts';
import { richTextSchema } from '../rich-text.ts';
import { z } from '../zod.ts';
import { endpoint, formAnswerSchema, refusal } from './endpoint.ts';

// The firm's terms of business (decision 030): shown on every proposal's page, agreed to on acceptance
// and printed in the engagement letter. Read by staff, changed by an owner; each save is a version.

export const termsMessages = {
  saved: 'Terms of business saved: proposals show them from now on.',
  moved: 'Someone saved the terms of business since you opened them: reload to see theirs, then change them.',
  empty: 'Write the terms of business before saving them.',
  unreadable: 'That is not terms of business this site can read: reload the page and change them there.',
} as const;

export const termsAnswerSchema = z.object({
  version: z
    .number()
    .int()
    .nullable()
    .describe('The version read, to save the next from; null while the starter text stands.'),
  body: richTextSchema,
});
export type TermsAnswer = z.infer<typeof termsAnswerSchema>;

export const readTerms = endpoint({
  method: 'GET',
  path: `${backOfficeApi}/terms-of-business`,
  access: 'staff',
  tag: 'Back office',
  summary: 'The firm’s terms of business, as proposals show them',
  answers: { 200: termsAnswerSchema.describe('The newest version, or the starter text before any.') },
});

export const saveTerms = endpoint({
  method: 'PUT',
  path: readTerms.path,
  access: 'owner',
  tag: 'Back office',
  summary: 'Save a new version of the terms of business, from the version read',
  body: z.object({ basedOn: z.number().int().nullable(), body: richTextSchema }).strict(),
  answers: {
    200: formAnswerSchema.describe(`infoMessages is ["${termsMessages.saved}"].`),
    409: refusal.describe(`Saved by someone else since the version read: "${termsMessages.moved}"`),
    422: refusal.describe(
      `No text ("${termsMessages.empty}"); rich text the pages' editor would not write (a link elsewhere than the web, email or phone; too long), said in its words; anything else: "${termsMessages.unreadable}"`,
    ),
  },
});

import { backOfficeApi, backOfficeMessages } from '../back-office.ts';
import { z } from '../zod.ts';
import { cardKinds } from './back-office-pipeline.ts';
import { endpoint, refusal } from './endpoint.ts';
import { backOfficeTag } from './lead-lists.ts';

// One search across the back office (reached with `/`): people by name, address, organisation or phone;
// leads by reference, name or the words they sent; staff notes by their words.

/** The most of each kind a search answers: enough to choose from, little enough to read at a glance. */
export const searchLimit = 8;

const leadHitSchema = z.object({
  kind: z.enum(cardKinds),
  reference: z.string(),
  title: z.string().describe('Who sent it, or the business applying.'),
  excerpt: z.string().describe('The words around what matched, or the lead’s first words.'),
});

export const searchAnswerSchema = z.object({
  people: z.array(
    z.object({
      id: z.number().int(),
      name: z.string().nullable(),
      email: z.string(),
      organisation: z.string().nullable(),
    }),
  ),
  leads: z.array(leadHitSchema),
  notes: z.array(leadHitSchema.extend({ at: z.string() })),
});
export type SearchAnswer = z.infer<typeof searchAnswerSchema>;

export const searchQuerySchema = z
  .object({
    q: z
      .string({ error: backOfficeMessages.searchWords })
      .trim()
      .min(2, { error: backOfficeMessages.searchWords })
      .max(100, { error: backOfficeMessages.searchWords }),
  })
  .strict();

export const searchBackOffice = endpoint({
  method: 'GET',
  path: `${backOfficeApi}/search`,
  access: 'staff',
  tag: backOfficeTag,
  summary: 'Find people, leads and notes by a few words: a name, an address, a reference, what they wrote',
  query: searchQuerySchema,
  answers: {
    200: searchAnswerSchema.describe(
      `Up to ${searchLimit} of each, newest first. Letter case does not matter; the words match anywhere.`,
    ),
    422: refusal.describe(`"${backOfficeMessages.searchWords}"`),
  },
});

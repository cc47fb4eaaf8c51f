import { backOfficeApi, leadStages } from '../back-office.ts';
import { z } from '../zod.ts';
import { endpoint } from './endpoint.ts';
import { backOfficeTag } from './lead-lists.ts';

// The new business as a board of stages: one card per opportunity (the leads one person sent about one
// piece of work), newest first in each column. A card moves with its first lead's stage entry, the one
// its lead page uses, which moves every lead of the opportunity.

/** What each card is, in the words a sentence uses mid-way ("Ann Smith’s enquiry moved to Won"). */
export const cardKinds = ['enquiry', 'quote', 'application', 'call'] as const;
export type CardKind = (typeof cardKinds)[number];

export const cardKindLabels: Record<CardKind, string> = {
  enquiry: 'enquiry',
  quote: 'quote request',
  application: 'application',
  call: 'call',
};

/** What each card is, as the label on the card itself shows it. */
export const cardKindTitles: Record<CardKind, string> = {
  enquiry: 'Enquiry',
  quote: 'Quote request',
  application: 'Application',
  call: 'Call',
};

/** How many cards a column shows at most: the rest are in the lists, filtered by stage. */
export const cardsPerColumn = 20;
/** Won and lost keep only the leads moved there in this many days, so they do not grow for ever. */
export const closedRecentDays = 30;
/** The columns that would otherwise keep every lead the firm ever closed. */
export const closedStages: readonly (typeof leadStages)[number][] = ['won', 'lost'];

export const pipelineCardSchema = z.object({
  opportunityId: z.number().int(),
  kind: z.enum(cardKinds).describe('What its first lead is.'),
  reference: z
    .string()
    .describe('Its first lead’s reference: that lead’s stage entry moves the whole opportunity.'),
  personId: z.number().int().nullable().describe('Whose it is, for /people/{id}; null once erased.'),
  name: z.string().describe('Who it is from: their name, or the email address a call was booked with.'),
  title: z.string().describe('What they asked for first ("Quote request").'),
  words: z
    .string()
    .describe('The first words of their first message, or the business that applied; empty for a call.'),
  valuePence: z.number().int().nullable().describe('What the work is worth, when staff have said.'),
  leads: z
    .number()
    .int()
    .describe('How many leads it holds: an enquiry and the call booked after it are two.'),
  createdAt: z.string().describe('When its first lead came in.'),
});
export type PipelineCard = z.infer<typeof pipelineCardSchema>;

export const pipelineColumnSchema = z.object({
  stage: z.enum(leadStages),
  total: z
    .number()
    .int()
    .describe(
      `How many opportunities the column holds (won and lost: moved there in the last ${closedRecentDays} days).`,
    ),
  cards: z.array(pipelineCardSchema).describe(`The ${cardsPerColumn} newest of them at most.`),
});
export type PipelineColumn = z.infer<typeof pipelineColumnSchema>;

export const pipelineBoard = endpoint({
  method: 'GET',
  path: `${backOfficeApi}/pipeline`,
  access: 'staff',
  tag: backOfficeTag,
  summary: 'The new business as a board: one column per stage, the newest opportunities of each',
  description: `One card per opportunity: the enquiries, quote requests, applications and calls one person sent about one piece of work. Each column shows at most ${cardsPerColumn} cards, newest first; won and lost only those moved there in the last ${closedRecentDays} days. A card moves with its first lead's stage entry, which moves every lead of the opportunity.`,
  answers: {
    200: z
      .object({ columns: z.array(pipelineColumnSchema).describe('In the order of the stages.') })
      .describe('The board.'),
  },
});
export type PipelineBoard = z.infer<(typeof pipelineBoard.answers)[200]>;

import { backOfficeApi, leadStages } from '../back-office.ts';
import { z } from '../zod.ts';
import { endpoint } from './endpoint.ts';
import { backOfficeTag } from './lead-lists.ts';

// The leads as a board of stages: every kind of lead that has a stage, newest first in each column. A
// card moves with its own kind's stage entry, the one its lead page uses.

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
  kind: z.enum(cardKinds),
  reference: z.string(),
  name: z.string().describe('Who the lead is: their name, or the email address a call was booked with.'),
  createdAt: z.string().describe('When the lead came in.'),
});
export type PipelineCard = z.infer<typeof pipelineCardSchema>;

export const pipelineColumnSchema = z.object({
  stage: z.enum(leadStages),
  total: z
    .number()
    .int()
    .describe(
      `How many leads the column holds (won and lost: moved there in the last ${closedRecentDays} days).`,
    ),
  cards: z.array(pipelineCardSchema).describe(`The ${cardsPerColumn} newest of them at most.`),
});
export type PipelineColumn = z.infer<typeof pipelineColumnSchema>;

export const pipelineBoard = endpoint({
  method: 'GET',
  path: `${backOfficeApi}/pipeline`,
  access: 'staff',
  tag: backOfficeTag,
  summary: 'The leads as a board: one column per stage, the newest cards of each',
  description: `Enquiries, quote requests, applications and calls together. Each column shows at most ${cardsPerColumn} cards, newest first; won and lost only the leads moved there in the last ${closedRecentDays} days. A card moves with its lead's own stage entry.`,
  answers: {
    200: z
      .object({ columns: z.array(pipelineColumnSchema).describe('In the order of the stages.') })
      .describe('The board.'),
  },
});
export type PipelineBoard = z.infer<(typeof pipelineBoard.answers)[200]>;

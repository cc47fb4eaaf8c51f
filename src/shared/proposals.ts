import {
  type Answers,
  type Frequency,
  frequencies,
  type PriceList,
  priceServices,
  vatOn,
} from './pricing.ts';
import { type RichText, richTextSchema } from './rich-text.ts';
import { z } from './zod.ts';

// A proposal (decision 030, issue 37): services priced from the price list with the one calculation
// (shared/pricing.ts), a price adjusted with the reason kept, optional extras the client may tick, and a
// covering message written in the pages' editor. Its document is what the client is shown; once sent it
// never changes, and the hash kept with an acceptance is of `shownText`, the exact words and figures.

/**
 * draft → sent → viewed → accepted | declined | expired; `withdrawn`: staff took it back, or sent a new
 * version in its place (a price changed after sending).
 */
export const proposalStatuses = [
  'draft',
  'sent',
  'viewed',
  'accepted',
  'declined',
  'expired',
  'withdrawn',
] as const;
export type ProposalStatus = (typeof proposalStatuses)[number];

/** Still open to the client: they may view, accept or decline it. */
export const isOpenToClient = (status: ProposalStatus) => status === 'sent' || status === 'viewed';

/** One service on a proposal, priced. */
export interface ProposalLine {
  key: string;
  name: string;
  description: string;
  frequency: Frequency;
  /** What the price list worked out, before VAT, in pence. */
  priced: number;
  /** What the client is charged before VAT: `priced`, or staff's adjusted figure. */
  fee: number;
  /** VAT on `fee`, in pence (vatOn). */
  vat: number;
  /** Why the fee differs from the price list's; null when it does not. */
  reason: string | null;
  /** An optional extra the client may tick; otherwise always included. */
  optional: boolean;
}

/** What a proposal says: its lines, the answers they were priced from, VAT, and the covering message. */
export interface ProposalDocument {
  /** The client's name (or organisation) as the proposal is addressed. */
  addressedTo: string;
  answers: Record<string, string | number>;
  lines: ProposalLine[];
  vat: PriceList['vat'];
  message: RichText;
}

const pence = z.number().int().min(0).max(9_999_999);

/** What staff choose for a service: included or an extra, and an adjusted fee with its reason. */
export const chosenServiceSchema = z
  .object({
    key: z.string().min(1).max(40),
    optional: z.boolean(),
    /** The adjusted fee before VAT; absent: the price list's. */
    fee: pence.optional(),
    reason: z.string().trim().max(300).optional(),
  })
  .strict();
export type ChosenService = z.infer<typeof chosenServiceSchema>;

/** A draft as the back office sends it. */
export const proposalDraftSchema = z
  .object({
    addressedTo: z.string().trim().min(1).max(120),
    answers: z.record(
      z.string().max(40),
      z.union([z.string().max(40), z.number().int().min(0).max(100_000)]),
    ),
    services: z.array(chosenServiceSchema).min(1).max(30),
    message: richTextSchema,
  })
  .strict();
export type ProposalDraft = z.infer<typeof proposalDraftSchema>;

export const proposalMessages = {
  reasonNeeded: 'Give a reason for each price you changed from the price list’s.',
  unknownService: 'A service chosen is no longer on the price list.',
  nothingIncluded: 'Include at least one service that is not an optional extra.',
} as const;

/**
 * The document a draft makes against a price list: each chosen service priced by `priceServices`, its fee
 * staff's adjusted one where given (with its reason), VAT on what is charged. A list of what is wrong,
 * in words, when it cannot be made.
 */
export function proposalDocument(
  list: PriceList,
  draft: ProposalDraft,
): { document: ProposalDocument } | { problems: string[] } {
  const answers: Answers = draft.answers;
  const priced = new Map(
    priceServices(
      list,
      draft.services.map((service) => service.key),
      answers,
    ).services.map((service) => [service.key, service]),
  );
  const problems = new Set<string>();
  const lines: ProposalLine[] = [];
  for (const chosen of draft.services) {
    const service = list.services.find((candidate) => candidate.key === chosen.key);
    const price = priced.get(chosen.key);
    if (!service || !price) {
      problems.add(proposalMessages.unknownService);
      continue;
    }
    const fee = chosen.fee ?? price.fee;
    const reason = fee === price.fee ? null : (chosen.reason ?? '');
    if (reason === '') problems.add(proposalMessages.reasonNeeded);
    lines.push({
      key: service.key,
      name: service.name,
      description: service.description,
      frequency: service.frequency,
      priced: price.fee,
      fee,
      vat: vatOn(fee, list.vat.basisPoints),
      reason,
      optional: chosen.optional,
    });
  }
  if (!lines.some((line) => !line.optional)) problems.add(proposalMessages.nothingIncluded);
  if (problems.size > 0) return { problems: [...problems] };
  return {
    document: {
      addressedTo: draft.addressedTo,
      answers: { ...draft.answers },
      lines,
      vat: list.vat,
      message: draft.message,
    },
  };
}

/** The lines the client takes: every one not optional, and the extras they ticked. */
export const linesTaken = (document: ProposalDocument, extras: readonly string[]) =>
  document.lines.filter((line) => !line.optional || extras.includes(line.key));

/** Totals for each frequency of the lines taken, before VAT and the VAT, in pence. */
export function proposalTotals(document: ProposalDocument, extras: readonly string[]) {
  const taken = linesTaken(document, extras);
  return Object.fromEntries(
    frequencies.map((frequency) => {
      const of = taken.filter((line) => line.frequency === frequency);
      return [
        frequency,
        { fee: of.reduce((sum, l) => sum + l.fee, 0), vat: of.reduce((sum, l) => sum + l.vat, 0) },
      ];
    }),
  ) as Record<Frequency, { fee: number; vat: number }>;
}

/**
 * Exactly what a client accepts, as one canonical text whose SHA-256 the acceptance keeps: the firm, the
 * proposal, the lines taken with their fees and VAT, the totals, the covering message and the terms.
 * The engagement letter prints the same hash, so either can be checked against the other.
 */
export function shownText(shown: {
  firm: string;
  reference: string;
  document: ProposalDocument;
  extras: readonly string[];
  terms: RichText;
}): string {
  const extras = [...shown.extras].filter((key) => shown.document.lines.some((l) => l.key === key)).sort();
  return JSON.stringify({
    firm: shown.firm,
    reference: shown.reference,
    addressedTo: shown.document.addressedTo,
    lines: linesTaken(shown.document, extras).map(({ key, name, description, frequency, fee, vat }) => ({
      key,
      name,
      description,
      frequency,
      fee,
      vat,
    })),
    extras,
    totals: proposalTotals(shown.document, extras),
    vat: shown.document.vat,
    message: shown.document.message,
    terms: shown.terms,
  });
}

/** The owner's choices: reminders after so many days unviewed or unanswered (0: none), and expiry. */
export const proposalSettingsSchema = z
  .object({
    reminderDays: z.number().int().min(0).max(60),
    /** At most this many reminders. */
    reminders: z.number().int().min(0).max(5),
    expiryDays: z.number().int().min(1).max(365),
  })
  .strict();
export type ProposalSettings = z.infer<typeof proposalSettingsSchema>;
export const defaultProposalSettings: ProposalSettings = { reminderDays: 3, reminders: 2, expiryDays: 30 };

import { backOfficeApi } from '../back-office.ts';
import { frequencies } from '../pricing.ts';
import { proposalStaffMessages as say } from '../proposal-staff.ts';
import { proposalDraftSchema, proposalSettingsSchema, proposalStatuses } from '../proposals.ts';
import { richTextSchema } from '../rich-text.ts';
import { z } from '../zod.ts';
import { endpoint, formAnswerSchema, refusal } from './endpoint.ts';
import { idParams } from './id-params.ts';

// Proposals, the firm's side (decision 030, issue 37): drafts built from a person or a quote request,
// priced from the price list, sent, withdrawn or replaced by a new version; and the owner's reminder and
// expiry settings.

const tag = 'Back office';
const proposalParams = idParams('proposal', say.notFound);
const personParams = idParams('person', say.noPerson);

const totalsSchema = z
  .record(z.enum(frequencies), z.object({ fee: z.number().int(), vat: z.number().int() }))
  .describe(
    'For each frequency, the fees and VAT, in pence, of the services always included; once accepted, with the extras the client ticked.',
  );

/** A proposal as a person's page lists it. */
export const proposalSummarySchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  status: z.enum(proposalStatuses),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  totals: totalsSchema,
  replaces: z.string().nullable().describe('The reference of the proposal it was sent in place of.'),
});
export type ProposalSummary = z.infer<typeof proposalSummarySchema>;

const lineSchema = z.object({
  key: z.string(),
  name: z.string(),
  description: z.string(),
  frequency: z.enum(frequencies),
  priced: z.number().int().describe('What the price list worked out, before VAT, in pence.'),
  fee: z.number().int().describe('What the client is charged before VAT, in pence.'),
  vat: z.number().int(),
  reason: z
    .string()
    .nullable()
    .describe('Why the fee differs from the price list’s; never shown to the client.'),
  optional: z.boolean().describe('An optional extra the client may tick.'),
});

export const proposalDocumentSchema = z.object({
  addressedTo: z.string(),
  answers: z.record(z.string(), z.union([z.string(), z.number()])),
  lines: z.array(lineSchema),
  vat: z.object({ basisPoints: z.number().int(), shown: z.enum(['before', 'with']) }),
  message: richTextSchema,
});

/** A proposal as its builder opens it. */
export const proposalDetailSchema = proposalSummarySchema.extend({
  person: z.object({ id: z.number().int(), name: z.string().nullable(), email: z.string() }),
  enquiryId: z.number().int().nullable().describe('The quote request it was built from.'),
  priceListVersion: z.number().int().nullable().describe('The price list version it was priced from.'),
  currentPriceListVersion: z.number().int().nullable(),
  document: proposalDocumentSchema,
  viewedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  reminders: z.number().int(),
  acceptance: z
    .object({
      signedName: z.string().describe('The full name the client typed to sign.'),
      acceptedAt: z.string(),
      extras: z.array(z.string()).describe('The keys of the optional extras the client ticked.'),
      letter: z.boolean().describe('Whether its engagement letter has been kept (letter.pdf).'),
    })
    .nullable()
    .describe('Who accepted it online and what they took; null unless accepted.'),
  declineReason: z.string().nullable().describe('The client’s reason, when they declined it.'),
});
export type ProposalDetail = z.infer<typeof proposalDetailSchema>;

const madeSchema = formAnswerSchema.extend({
  id: z.number().int().describe('The new draft’s id.'),
  reference: z.string(),
});

const draftRefusal = refusal.describe(
  `What is wrong with the draft, in words: "${say.notDraft}" (409 for a sent one); a price changed without a reason, a service no longer on the price list, or nothing included (422).`,
);

export const listProposals = endpoint({
  method: 'GET',
  path: `${backOfficeApi}/people/:id/proposals`,
  access: 'staff',
  tag,
  summary: 'The proposals made to a person, newest first',
  params: personParams,
  answers: {
    200: z.array(proposalSummarySchema).describe('Each proposal to them: its reference, status and totals.'),
    404: refusal.describe(`"${say.noPerson}"`),
  },
});

export const createProposal = endpoint({
  method: 'POST',
  path: `${backOfficeApi}/people/:id/proposals`,
  access: 'staff',
  tag,
  summary: 'Save a new draft proposal to a person, priced from today’s price list',
  params: personParams,
  body: z
    .object({
      draft: proposalDraftSchema,
      quoteRequest: z.string().max(40).optional().describe('The reference of the quote request it answers.'),
    })
    .strict(),
  answers: {
    201: madeSchema.describe(`infoMessages is ["${say.saved}"].`),
    404: refusal.describe(`"${say.noPerson}"`),
    422: draftRefusal,
  },
});

export const readProposal = endpoint({
  method: 'GET',
  path: `${backOfficeApi}/proposals/:id`,
  access: 'staff',
  tag,
  summary: 'A proposal as its builder shows it, with the reasons for changed fees',
  params: proposalParams,
  answers: {
    200: proposalDetailSchema.describe('The proposal, its lines with the reasons for changed fees.'),
    404: refusal.describe(`"${say.notFound}"`),
  },
});

export const saveProposal = endpoint({
  method: 'PUT',
  path: `${backOfficeApi}/proposals/:id`,
  access: 'staff',
  tag,
  summary: 'Save a draft again, re-priced from today’s price list',
  params: proposalParams,
  body: z.object({ draft: proposalDraftSchema }).strict(),
  answers: {
    200: formAnswerSchema.describe(`infoMessages is ["${say.saved}"].`),
    404: refusal.describe(`"${say.notFound}"`),
    409: refusal.describe(`Sent already: "${say.notDraft}"`),
    422: draftRefusal,
  },
});

export const deleteProposal = endpoint({
  method: 'DELETE',
  path: `${backOfficeApi}/proposals/:id`,
  access: 'staff',
  tag,
  summary: 'Delete a draft',
  params: proposalParams,
  answers: {
    200: formAnswerSchema.describe(`infoMessages is ["${say.deleted}"].`),
    404: refusal.describe(`"${say.notFound}"`),
    409: refusal.describe(`Sent already: "${say.onlyDraftDeleted}"`),
  },
});

export const sendProposal = endpoint({
  method: 'POST',
  path: `${backOfficeApi}/proposals/:id/send`,
  access: 'staff',
  tag,
  summary: 'Send a draft: priced again from its price list version, and emailed to the person with its link',
  params: proposalParams,
  answers: {
    200: formAnswerSchema.describe(`infoMessages is ["${say.sent}"].`),
    404: refusal.describe(`"${say.notFound}"`),
    409: refusal.describe(
      `Sent already: "${say.notDraft}"; priced from an older price list: "${say.priceListMoved}"; the proposal it replaces accepted: "${say.originalAccepted}"`,
    ),
    422: draftRefusal,
  },
});

export const withdrawProposal = endpoint({
  method: 'POST',
  path: `${backOfficeApi}/proposals/:id/withdraw`,
  access: 'staff',
  tag,
  summary: 'Withdraw a sent proposal: its link stops working',
  params: proposalParams,
  answers: {
    200: formAnswerSchema.describe(`infoMessages is ["${say.withdrawn}"].`),
    404: refusal.describe(`"${say.notFound}"`),
    409: refusal.describe(`"${say.notOpen}"`),
  },
});

export const newProposalVersion = endpoint({
  method: 'POST',
  path: `${backOfficeApi}/proposals/:id/new-version`,
  access: 'staff',
  tag,
  summary: 'Copy a sent proposal into a new draft that replaces it, re-priced from today’s price list',
  params: proposalParams,
  answers: {
    201: madeSchema.describe(`infoMessages is ["${say.newVersion}"].`),
    404: refusal.describe(`"${say.notFound}"`),
    409: refusal.describe(`"${say.noNewVersion}"`),
    422: draftRefusal,
  },
});

export const proposalLetter = endpoint({
  method: 'GET',
  path: `${backOfficeApi}/proposals/:id/letter.pdf`,
  access: 'staff',
  tag,
  summary: 'The engagement letter kept when the client accepted the proposal, as it was made',
  params: proposalParams,
  answers: {
    200: {
      contentType: 'application/pdf',
      description: 'A download named engagement-letter-{reference}.pdf, never cached.',
    },
    404: refusal.describe(`"${say.notFound}" or "${say.noLetter}"`),
  },
});

export const readProposalSettings = endpoint({
  method: 'GET',
  path: `${backOfficeApi}/proposal-settings`,
  access: 'staff',
  tag,
  summary: 'When proposals are chased with a reminder and when their link stops',
  answers: { 200: proposalSettingsSchema.describe('The owner’s choices, or the defaults until saved.') },
});

export const saveProposalSettings = endpoint({
  method: 'PUT',
  path: `${backOfficeApi}/proposal-settings`,
  access: 'owner',
  tag,
  summary: 'Change when proposals are chased and when they expire',
  body: proposalSettingsSchema,
  answers: {
    200: formAnswerSchema.describe(`infoMessages is ["${say.settingsSaved}"].`),
    422: refusal.describe(`"${say.settingsOutOfRange}"`),
  },
});

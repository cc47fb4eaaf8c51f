import { backOfficeApi, backOfficeMessages } from '../back-office.ts';
import { clientWonSchema, dueDiligenceBodySchema, handoverMessages, riskRatings } from '../handover.ts';
import { z } from '../zod.ts';
import { endpoint, formAnswerSchema, refusal } from './endpoint.ts';
import { idParams } from './id-params.ts';
import { backOfficeTag, leadList, listQuerySchema } from './lead-lists.ts';

// Handing a won client over (decision 031): their due diligence on the person's page, the owner's signed
// webhook, and the clients won as JSON and CSV for practice software, paged and quoted as the lists of
// leads are.

const person = idParams('person', backOfficeMessages.noSuchPerson);
const noPerson = refusal.describe(
  `No such person, or one merged into another: "${backOfficeMessages.noSuchPerson}"`,
);

export const dueDiligenceSchema = z.object({
  eligible: z.boolean().describe('They have accepted a proposal, so due diligence is kept for them.'),
  onboarded: z.boolean().describe('Due diligence is complete.'),
  record: z
    .object({
      verifiedBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
      verifiedOn: z.string().nullable().describe('YYYY-MM-DD.'),
      verifiedAgainst: z.string().nullable(),
      risk: z.enum(riskRatings).nullable(),
      riskReason: z.string().nullable(),
      completedAt: z.string().nullable(),
      completedBy: z.string().nullable().describe('Who completed it, as the back office names them.'),
      updatedAt: z.string(),
    })
    .nullable()
    .describe('Null until anything is recorded.'),
});
export type DueDiligence = z.infer<typeof dueDiligenceSchema>;

export const readDueDiligence = endpoint({
  method: 'GET',
  path: `${backOfficeApi}/people/:id/due-diligence`,
  access: 'staff',
  tag: backOfficeTag,
  summary: 'A client’s due diligence: who verified their identity, when, against what, and the risk',
  params: person,
  answers: { 200: dueDiligenceSchema, 404: noPerson },
});

export const saveDueDiligence = endpoint({
  method: 'POST',
  path: `${backOfficeApi}/people/:id/due-diligence`,
  access: 'staff',
  tag: backOfficeTag,
  summary: 'Record a client’s due diligence as far as it has gone; no identity document is kept',
  params: person,
  body: dueDiligenceBodySchema,
  answers: {
    200: formAnswerSchema.describe(
      `infoMessages is ["${handoverMessages.dueDiligenceSaved}"], or ["${handoverMessages.dueDiligenceUnchanged}"].`,
    ),
    404: noPerson,
    409: refusal.describe(
      `No accepted proposal: "${handoverMessages.noAcceptedProposal}"; or already complete: "${handoverMessages.alreadyComplete}"`,
    ),
    422: refusal.describe(
      `A colleague who cannot sign in ("${backOfficeMessages.colleague}"), a date in the future, or a field that cannot be read, said for each.`,
    ),
  },
});

export const completeDueDiligence = endpoint({
  method: 'POST',
  path: `${backOfficeApi}/people/:id/due-diligence/complete`,
  access: 'staff',
  tag: backOfficeTag,
  summary: 'Complete a client’s due diligence, once every field is filled: they then count as onboarded',
  params: person,
  answers: {
    200: formAnswerSchema.describe(`infoMessages is ["${handoverMessages.dueDiligenceComplete}"].`),
    404: noPerson,
    409: refusal.describe(
      `No accepted proposal, or already complete: "${handoverMessages.noAcceptedProposal}", "${handoverMessages.alreadyComplete}"`,
    ),
    422: refusal.describe(
      `One message for each field still empty ("${handoverMessages.verifiedBy}", "${handoverMessages.riskReason}"…).`,
    ),
  },
});

export const webhookSettingsSchema = z.object({
  url: z.string().nullable().describe('Where each accepted proposal is sent; null: nowhere.'),
  secretMadeAt: z
    .string()
    .nullable()
    .describe('When the signing secret was made; null: none yet. The secret itself is never shown again.'),
  deliveries: z
    .array(
      z.object({
        reference: z.string().describe('The accepted proposal’s reference.'),
        status: z.enum(['pending', 'delivered', 'failed']),
        attempts: z.number().int(),
        lastError: z.string().nullable(),
        createdAt: z.string(),
        deliveredAt: z.string().nullable(),
      }),
    )
    .describe('The latest 20, newest first.'),
});
export type WebhookSettings = z.infer<typeof webhookSettingsSchema>;

export const readWebhook = endpoint({
  method: 'GET',
  path: `${backOfficeApi}/webhook`,
  access: 'owner',
  tag: backOfficeTag,
  summary: 'The webhook told of each accepted proposal, and its latest deliveries',
  answers: { 200: webhookSettingsSchema },
});

export const saveWebhook = endpoint({
  method: 'POST',
  path: `${backOfficeApi}/webhook`,
  access: 'owner',
  tag: backOfficeTag,
  summary: 'Set the webhook’s address (https), or clear it to send nothing',
  body: z
    .object({
      url: z
        .string({ error: handoverMessages.webhookAddress })
        .max(4000, { error: handoverMessages.webhookTooLong })
        .describe('The address; empty to send nothing.'),
    })
    .strict(),
  answers: {
    200: formAnswerSchema.describe(
      `infoMessages is ["${handoverMessages.webhookSaved}"], or ["${handoverMessages.webhookCleared}"].`,
    ),
    422: refusal.describe(
      `Not an address, not https, too long, with credentials in it, or (in production) a private host: said in words ("${handoverMessages.webhookHttps}").`,
    ),
  },
});

export const makeWebhookSecret = endpoint({
  method: 'POST',
  path: `${backOfficeApi}/webhook/secret`,
  access: 'owner',
  tag: backOfficeTag,
  summary: 'Make a new signing secret, shown this once; the old one stops working',
  answers: {
    200: formAnswerSchema
      .extend({ secret: z.string().describe('The secret the receiver checks signatures with.') })
      .describe(`infoMessages is ["${handoverMessages.secretMade}"].`),
  },
});

/** The clients won: every accepted proposal, newest accepted first, for practice software. */
export const clientsWon = leadList({
  name: 'clients-won',
  title: 'Clients won',
  query: listQuerySchema,
  row: clientWonSchema,
  description:
    'Filtered by the day accepted; `q` finds a name, an email address, an organisation or the proposal’s reference.',
});

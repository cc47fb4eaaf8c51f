import { parseIsoDate } from './calendar.ts';
import { frequencies } from './pricing.ts';
import { z } from './zod.ts';

// Handing a won client over (issue 37, deliver 5 and 6; decision 031): the client due diligence the Money
// Laundering Regulations ask for before work starts, and what the firm's other software receives about a
// client won, by the signed webhook and the exports alike (one shape, `clientWonSchema`).

export const riskRatings = ['low', 'medium', 'high'] as const;
export type RiskRating = (typeof riskRatings)[number];
export const riskLabels: Record<RiskRating, string> = { low: 'Low', medium: 'Medium', high: 'High' };

export const handoverMessages = {
  noAcceptedProposal:
    'Due diligence is kept for a client who has accepted a proposal: send them one, and record it once they accept.',
  dueDiligenceSaved: 'Due diligence saved.',
  dueDiligenceUnchanged: 'Nothing had changed.',
  dueDiligenceComplete: 'Due diligence complete: they count as onboarded.',
  alreadyComplete:
    'Due diligence is already complete, so it can no longer be changed. Add a note to their timeline instead.',
  verifiedBy: 'Say who verified their identity.',
  verifiedOn: 'Say on what date their identity was verified.',
  verifiedOnFuture: 'The date identity was verified cannot be in the future.',
  verifiedOnReal: 'There is no such date: check the day and the month.',
  verifiedAgainst: 'Say what their identity was checked against, such as “passport seen in person”.',
  risk: 'Choose a risk rating: low, medium or high.',
  riskReason: 'Give the reason for the risk rating.',
  webhookSaved: 'Webhook address saved.',
  webhookCleared: 'Webhook turned off: accepted proposals are no longer sent anywhere.',
  webhookAddress: 'Give the webhook’s full address, starting https://.',
  webhookHttps:
    'The webhook’s address must start https://, so that what is sent about clients is encrypted on the way.',
  webhookTooLong: 'The webhook’s address is too long: at most 2,000 characters.',
  webhookCredentials:
    'Take the user name and password out of the address: the signature proves each delivery is from this site.',
  webhookPrivateHost:
    'The webhook’s address is on this machine or a private network, which the site does not send to. Give its public address.',
  secretMade:
    'Here is the signing secret. Copy it now into the receiving software: it is not shown again. Making a new one stops this one working.',
} as const;

/** A client's due diligence as staff fill it in, a field at a time; completing it needs every field. */
export const dueDiligenceBodySchema = z
  .object({
    verifiedBy: z
      .number({ error: handoverMessages.verifiedBy })
      .int({ error: handoverMessages.verifiedBy })
      .nullable()
      .describe('The colleague who verified their identity (an id from GET /api/back-office/colleagues).'),
    verifiedOn: z
      .string({ error: handoverMessages.verifiedOn })
      .refine((day) => day === '' || /^\d{4}-\d{2}-\d{2}$/.test(day), { error: handoverMessages.verifiedOn })
      .refine((day) => !/^\d{4}-\d{2}-\d{2}$/.test(day) || parseIsoDate(day) !== null, {
        error: handoverMessages.verifiedOnReal,
      })
      .describe('The day identity was verified (YYYY-MM-DD); empty: not yet said.'),
    verifiedAgainst: z
      .string({ error: handoverMessages.verifiedAgainst })
      .trim()
      .max(200, { error: handoverMessages.verifiedAgainst })
      .describe('What identity was checked against, in the checker’s words ("passport seen in person").'),
    risk: z.enum(riskRatings, { error: handoverMessages.risk }).nullable(),
    riskReason: z
      .string({ error: handoverMessages.riskReason })
      .trim()
      .max(1000, { error: handoverMessages.riskReason }),
  })
  .strict();
export type DueDiligenceBody = z.output<typeof dueDiligenceBodySchema>;

/** What is still missing before due diligence can be completed, in words; empty when nothing is. */
export function missingForCompletion(record: {
  verifiedBy: unknown;
  verifiedOn: string | null;
  verifiedAgainst: string | null;
  risk: RiskRating | null;
  riskReason: string | null;
}): string[] {
  const checks: [missing: boolean, problem: string][] = [
    [record.verifiedBy === null, handoverMessages.verifiedBy],
    [!record.verifiedOn, handoverMessages.verifiedOn],
    [!record.verifiedAgainst, handoverMessages.verifiedAgainst],
    [record.risk === null, handoverMessages.risk],
    [!record.riskReason, handoverMessages.riskReason],
  ];
  return checks.filter(([missing]) => missing).map(([, problem]) => problem);
}

/** Pence as a plain decimal amount of pounds, for software to read: 125050 → "1250.50". */
export const decimalPounds = (pence: number) =>
  `${Math.trunc(pence / 100)}.${String(Math.abs(pence % 100)).padStart(2, '0')}`;

/** An amount both ways: whole pence, and pounds as a decimal text. */
const amountSchema = z.object({
  pence: z.number().int().describe('In whole pence.'),
  pounds: z.string().describe('The same in pounds, as a decimal text ("1250.50").'),
});
export const amount = (pence: number) => ({ pence, pounds: decimalPounds(pence) });
const totalSchema = z.object({ fee: amountSchema, vat: amountSchema });

/** A client won: an accepted proposal, the services taken with their fees, and whether onboarded. */
export const clientWonSchema = z.object({
  reference: z.string().describe('The proposal’s reference.'),
  acceptedAt: z.string().describe('When the client accepted it (ISO 8601, UTC).'),
  client: z.object({
    name: z.string().nullable(),
    email: z.string(),
    organisation: z.string().nullable(),
    addressedTo: z.string().describe('Whom the proposal was addressed to.'),
  }),
  onboarded: z.boolean().describe('Client due diligence is complete.'),
  dueDiligenceCompletedAt: z.string().nullable(),
  services: z.array(
    z.object({
      key: z.string(),
      name: z.string(),
      frequency: z.enum(frequencies),
      fee: amountSchema.describe('Before VAT.'),
      vat: amountSchema,
    }),
  ),
  totals: z
    .object({ monthly: totalSchema, annually: totalSchema, once: totalSchema })
    .describe('The services taken, summed for each frequency.'),
});
export type ClientWon = z.infer<typeof clientWonSchema>;

/** The webhook's event when a proposal is accepted. */
export const acceptedEvent = 'proposal.accepted';

/** The header each webhook delivery is signed in: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export const signatureHeader = 'X-Practice-Site-Signature';

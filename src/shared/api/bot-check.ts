import type { Challenge } from 'altcha-lib';
import { botCheckActions } from '../bot-check.ts';
import { botCheckPublicSettingsSchema } from '../bot-check-schemas.ts';
import { z } from '../zod.ts';
import { endpoint, refusal } from './endpoint.ts';

const actions = Object.values(botCheckActions);

/**
 * An ALTCHA challenge as the server signed it. Loose: every field goes back to the server inside the
 * token, so none may be dropped on the way out, or the signature would no longer match. Typed as the
 * library's own challenge, so the server's and the browser's code read it as ALTCHA does.
 */
const altchaChallenge: z.ZodType<Challenge> = z.looseObject({
  parameters: z.looseObject({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    expiresAt: z.number().optional(),
    data: z
      .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))
      .optional()
      .describe('Signed with the challenge: { action } names the form it is for.'),
  }),
  signature: z.string().optional(),
});

export const botCheckSettings = endpoint({
  openBeforeSetUp: true,
  method: 'GET',
  path: '/api/bot-check',
  access: 'public',
  tag: 'Bot check',
  summary: 'The bot check a form needs: the provider, its site key, and for ALTCHA a challenge',
  description:
    'A form sends the solved check as recToken. The signin action always gets an ALTCHA challenge, whichever provider the forms use.',
  query: z.object({
    action: z.enum(actions, { error: `action must be one of ${actions.join(', ')}` }),
  }),
  answers: {
    200: botCheckPublicSettingsSchema
      .extend({
        challenge: altchaChallenge
          .optional()
          .describe('ALTCHA only: a challenge signed for the action, valid for 10 minutes.'),
      })
      .describe('The check the form’s page runs before it sends.'),
    422: refusal.describe('The action is not one of the forms’.'),
    429: refusal.describe(
      'Too many challenges for this address in a minute (the signin action has no limit).',
    ),
  },
});

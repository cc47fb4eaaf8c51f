import type { FastifyInstance } from 'fastify';
import { botCheckActions } from '../../shared/bot-check.ts';
import { publicRoute } from '../http/access.ts';
import { failure } from '../http/errors.ts';
import { perMinute } from '../http/rate-limit.ts';
import type { BotCheck } from './types.ts';

const actions: readonly string[] = Object.values(botCheckActions);

/**
 * GET /api/bot-check?action=contactus: the provider and site key, and for ALTCHA a fresh challenge. The
 * `signin` action always gets an ALTCHA challenge from `signInProof`, whichever provider the forms use.
 */
export function registerBotCheckRoutes(
  app: FastifyInstance,
  botCheck: BotCheck,
  rateLimitPerMinute: number,
  signInProof: BotCheck,
) {
  app.get<{ Querystring: { action?: string } }>(
    '/api/bot-check',
    { config: { ...publicRoute, ...perMinute(rateLimitPerMinute * 5) } },
    async (request, reply) => {
      const action = request.query.action ?? '';
      if (!actions.includes(action)) {
        return reply.status(422).send(failure(`action must be one of ${actions.join(', ')}`));
      }
      reply.header('cache-control', 'no-store');
      const check = action === botCheckActions.signIn ? signInProof : botCheck;
      const challenge = await check.challenge?.(
        action as (typeof botCheckActions)[keyof typeof botCheckActions],
      );
      return { ...check.publicSettings, ...(challenge && { challenge }) };
    },
  );
}

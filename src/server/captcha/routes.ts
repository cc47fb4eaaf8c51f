import type { FastifyInstance, FastifyRequest } from 'fastify';
import { botCheckActions } from '../../shared/bot-check.ts';
import { publicRoute } from '../http/access.ts';
import { failure } from '../http/errors.ts';
import { perMinute } from '../http/rate-limit.ts';
import type { BotCheck } from './types.ts';

const actions: readonly string[] = Object.values(botCheckActions);

/**
 * Challenges for signing in are left out of the per-address limit, and do not count towards it. Any limit
 * on them, however generous, could be used up by whoever shares a member of staff's address (an office
 * NAT, an IPv6 /64) and would keep that person from signing in while their account is under attack, when
 * the proof is needed. Handing one out stores nothing and costs an HMAC, less than serving a page; what
 * costs something is checking and spending a solved one, which happens only with a sign-in, whose post
 * has its own limit. A challenge is worth nothing until its work is done, so hoarding them gains nothing.
 */
const allowList = (request: FastifyRequest) =>
  (request.query as { action?: unknown }).action === botCheckActions.signIn;

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
    { config: { ...publicRoute, rateLimit: { ...perMinute(rateLimitPerMinute * 5).rateLimit, allowList } } },
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

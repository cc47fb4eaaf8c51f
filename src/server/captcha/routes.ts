import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { botCheckSettings } from '#shared/api/bot-check.ts';
import { botCheckActions } from '#shared/bot-check.ts';
import { perMinute } from '../http/rate-limit.ts';
import { serve } from '../http/serve.ts';
import type { BotCheck } from './types.ts';

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

export interface BotCheckRoutesOptions {
  /** The check in front of the forms. */
  botCheck: BotCheck;
  /** The proof of work a sign-in needs while its account is under attack: always ALTCHA. */
  signInProof: BotCheck;
  rateLimitPerMinute: number;
}

/**
 * What a form's bot check needs, by action: the provider and site key, and for ALTCHA a fresh challenge.
 * The `signin` action always gets an ALTCHA challenge from `signInProof`, whichever provider the forms use.
 */
export const botCheckPlugin: FastifyPluginAsync<BotCheckRoutesOptions> = async (app, options) => {
  serve(
    app,
    botCheckSettings,
    async (request, reply) => {
      const { action } = request.query;
      reply.header('cache-control', 'no-store');
      const check = action === botCheckActions.signIn ? options.signInProof : options.botCheck;
      const challenge = await check.challenge?.(action);
      return { ...check.publicSettings, ...(challenge && { challenge }) };
    },
    { rateLimit: { ...perMinute(options.rateLimitPerMinute * 5).rateLimit, allowList } },
  );
};

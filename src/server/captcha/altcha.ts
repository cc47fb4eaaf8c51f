import { createHmac } from 'node:crypto';
import { type Challenge, createChallenge, randomInt, type Solution, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Kysely } from 'kysely';
import type { BotCheckAction } from '#shared/bot-check.ts';
import { isUniqueViolation } from '../db/errors.ts';
import type { Database } from '../db/schema.ts';
import { hashToken } from '../tokens.ts';
import { type BotCheck, failed, passed } from './types.ts';

export interface AltchaOptions {
  db: Kysely<Database>;
  /** The app's secret; the two HMAC keys ALTCHA needs are derived from it. */
  secret: string;
  /** The solver searches up to this many hashes; the counter is drawn from its upper half. */
  maxCounter?: number;
  validForMs?: number;
  now: () => Date;
}

const algorithm = 'SHA-256';

/**
 * ALTCHA, self-hosted proof of work: the server signs a challenge bound to the form's action and an expiry;
 * the browser finds the counter whose hash has the signed prefix (in Web Workers); the server checks the
 * signature, the expiry, the action, and that the challenge was not used before.
 */
export function altchaCheck({
  db,
  secret,
  maxCounter = 100_000,
  validForMs = 10 * 60_000,
  now,
}: AltchaOptions): BotCheck {
  const derive = (purpose: string) => createHmac('sha256', secret).update(`altcha:${purpose}`).digest('hex');
  const keys = { hmacSignatureSecret: derive('challenge'), hmacKeySignatureSecret: derive('key') };

  return {
    publicSettings: { provider: 'altcha' },

    challenge: (action: BotCheckAction) =>
      createChallenge({
        algorithm,
        cost: 1,
        counter: randomInt(Math.floor(maxCounter / 2), maxCounter),
        deriveKey,
        data: { action },
        expiresAt: new Date(now().getTime() + validForMs),
        ...keys,
      }),

    async verify(token, action) {
      const payload = readPayload(token);
      if (!payload) return failed('unreadable token');
      const result = await verifySolution({ ...payload, deriveKey, ...keys });
      if (result.expired) return failed('expired challenge');
      if (!result.verified) return failed('invalid solution or signature');
      // Signed, so the action is the one the server put in.
      if (payload.challenge.parameters.data?.action !== action) return failed('challenge for another action');
      const expiresAt = new Date((payload.challenge.parameters.expiresAt ?? 0) * 1000);
      try {
        await db.deleteFrom('used_bot_check_tokens').where('expires_at', '<', now().toISOString()).execute();
        await db
          .insertInto('used_bot_check_tokens')
          .values({
            token_hash: hashToken(payload.challenge.signature ?? ''),
            expires_at: expiresAt.toISOString(),
          })
          .execute();
      } catch (error) {
        if (isUniqueViolation(error)) return failed('challenge already used');
        throw error;
      }
      return passed;
    },
  };
}

/** The token is the widget's format: base64 of JSON {challenge, solution}. */
function readPayload(token: string): { challenge: Challenge; solution: Solution } | null {
  if (token.length > 10_000) return null;
  try {
    const payload = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
    const { challenge, solution } = payload ?? {};
    if (typeof challenge?.parameters !== 'object' || typeof challenge.signature !== 'string') return null;
    if (typeof solution?.counter !== 'number' || typeof solution.derivedKey !== 'string') return null;
    return { challenge, solution };
  } catch {
    return null;
  }
}

import { type Challenge, solveChallengeWorkers } from 'altcha-lib';
import { call } from '#client/lib/api-client.ts';
import { botCheckSettings } from '#shared/api/bot-check.ts';
import type { BotCheckAction } from '#shared/bot-check.ts';

/** The server gave no challenge: the network failed, or it answered with an error (such as 429). */
export class ChallengeUnavailable extends Error {
  constructor(cause: unknown) {
    super('No bot-check challenge could be fetched', { cause });
    this.name = 'ChallengeUnavailable';
  }
}

/**
 * ALTCHA: fetch a challenge signed for the action, find its counter in Web Workers (so the page stays
 * responsive), and answer the token the server verifies: base64 of JSON {challenge, solution}.
 */
export async function altchaToken(action: BotCheckAction): Promise<string> {
  const { challenge } = await call(botCheckSettings, { query: { action } }).catch((error: unknown) => {
    throw new ChallengeUnavailable(error);
  });
  const solution = await solveChallengeWorkers({
    // Always there for ALTCHA, the only provider that asks for one.
    challenge: challenge as Challenge,
    concurrency: Math.min(4, navigator.hardwareConcurrency || 2),
    createWorker: () => new Worker(new URL('./altcha-worker.ts', import.meta.url), { type: 'module' }),
  });
  if (!solution) throw new Error('The bot check did not finish');
  return btoa(JSON.stringify({ challenge, solution }));
}

import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Page } from 'playwright-core';
import type { BotCheckAction } from '#shared/bot-check.ts';

/** What a page does with ALTCHA, done in Node: fetch a challenge for the action, solve it, encode the token. */
export async function altchaToken(baseUrl: string, action: BotCheckAction): Promise<string> {
  const response = await fetch(`${baseUrl}/api/bot-check?action=${action}`);
  const { challenge } = await response.json();
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/**
 * Watches the Web Workers a page starts from now on. `solved()` resolves once some have started and all
 * have finished: the page's ALTCHA token is ready, as it usually is by the time a visitor presses send.
 * Timing checks wait for it, so workers still hashing cannot slow the page's own clock-driven work.
 */
export function watchBotCheckWorkers(page: Page) {
  let started = 0;
  let finished = 0;
  let resolve = () => {};
  const done = new Promise<void>((r) => {
    resolve = r;
  });
  page.on('worker', (worker) => {
    started++;
    worker.on('close', () => {
      if (++finished === started) resolve();
    });
  });
  return { solved: () => done };
}

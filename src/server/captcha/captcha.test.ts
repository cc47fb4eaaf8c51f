import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp } from '#tests/support/app.ts';
import {
  createMigratedTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from '#tests/support/databases.ts';
import { type FakeSiteverify, startFakeSiteverify } from '#tests/support/fake-siteverify.ts';
import { send } from '#tests/support/http.ts';
import { loadConfig } from '../config.ts';
import { createDatabase, type Db } from '../db/database.ts';
import { systemClock } from '../time/clock.ts';
import { altchaCheck } from './altcha.ts';
import { siteverifyCheck } from './siteverify.ts';
import type { BotCheck } from './types.ts';

/** What the browser's workers do, done here in Node: solve the challenge and encode the widget's token. */
async function solvedToken(check: BotCheck, action: 'contactus' | 'showsubmit') {
  const challenge = await (check.challenge as NonNullable<BotCheck['challenge']>)(action);
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

describeEachDatabase('ALTCHA proof of work', (kind) => {
  let database: TestDatabase;
  let db: Db;
  const secret = 'a-test-secret-that-is-long-enough-to-sign';

  beforeEach(async () => {
    database = await createMigratedTestDatabase(kind);
    db = createDatabase(loadConfig({ DATABASE_URL: database.url }).database);
  });
  afterEach(async () => {
    await db.destroy();
    await database.drop();
  });

  it('passes a solved challenge once for its own action, and refuses it for the other or a second time', async () => {
    const check = altchaCheck({ db, secret, maxCounter: 2000, now: systemClock });
    const token = await solvedToken(check, 'contactus');
    expect(await check.verify(token, 'showsubmit', '127.0.0.1')).toEqual({
      passed: false,
      reason: 'challenge for another action',
    });
    expect(await check.verify(token, 'contactus', '127.0.0.1')).toEqual({ passed: true });
    expect(await check.verify(token, 'contactus', '127.0.0.1')).toEqual({
      passed: false,
      reason: 'challenge already used',
    });
  });

  it('refuses an expired challenge, a forged one, a wrong answer and garbage', async () => {
    const hourAgo = () => new Date(Date.now() - 60 * 60_000);
    const old = await solvedToken(altchaCheck({ db, secret, maxCounter: 2000, now: hourAgo }), 'contactus');
    const check = altchaCheck({ db, secret, maxCounter: 2000, now: systemClock });
    expect(await check.verify(old, 'contactus', '127.0.0.1')).toMatchObject({ reason: 'expired challenge' });

    const forged = await solvedToken(
      altchaCheck({ db, secret: `${secret}-other`, maxCounter: 2000, now: systemClock }),
      'contactus',
    );
    expect(await check.verify(forged, 'contactus', '127.0.0.1')).toMatchObject({
      reason: 'invalid solution or signature',
    });

    const good = JSON.parse(Buffer.from(await solvedToken(check, 'contactus'), 'base64').toString());
    // The proof is the derived key, checked against the key's signature in the challenge.
    good.solution.derivedKey = good.solution.derivedKey.replace(/^./, (c: string) => (c === '0' ? '1' : '0'));
    const wrong = Buffer.from(JSON.stringify(good)).toString('base64');
    expect(await check.verify(wrong, 'contactus', '127.0.0.1')).toMatchObject({ passed: false });

    for (const garbage of ['', 'not base64 at all', Buffer.from('{"challenge":1}').toString('base64')]) {
      expect(await check.verify(garbage, 'contactus', '127.0.0.1')).toEqual({
        passed: false,
        reason: 'unreadable token',
      });
    }
  });
});

describe.each(['recaptcha', 'turnstile'] as const)('%s siteverify', (provider) => {
  let fake: FakeSiteverify;
  let check: BotCheck;
  const good = { success: true, action: 'contactus', hostname: 'www.fenwickhale.co.uk', score: 0.9 };

  /** The check against the fake siteverify, giving up on an answer after `timeoutMs`. */
  const checkGivingUpAfter = (timeoutMs: number) =>
    siteverifyCheck({
      provider,
      siteKey: 'site-key',
      secretKey: 'server-secret',
      verifyUrl: fake.url,
      hostname: 'www.fenwickhale.co.uk',
      timeoutMs,
      ...(provider === 'recaptcha' && { minScore: 0.5 }),
    });

  beforeAll(async () => {
    fake = await startFakeSiteverify('server-secret');
    // The site's own five seconds: a busy machine answers late, never that late.
    check = checkGivingUpAfter(5000);
  });
  afterAll(() => fake.stop());

  it('passes a good token once, sending the secret, the token and the visitor address', async () => {
    fake.answers.set(`${provider}-good`, good);
    expect(await check.verify(`${provider}-good`, 'contactus', '203.0.113.7')).toEqual({ passed: true });
    expect(fake.requests.at(-1)).toEqual({
      secret: 'server-secret',
      response: `${provider}-good`,
      remoteip: '203.0.113.7',
    });
    expect(await check.verify(`${provider}-good`, 'contactus', '203.0.113.7')).toEqual({
      passed: false,
      reason: 'siteverify refused the token (timeout-or-duplicate)',
    });
  });

  it('refuses a failed, foreign, wrong-action or unanswered token', async () => {
    const cases: [Record<string, unknown> | 'hang', string][] = [
      [
        { success: false, 'error-codes': ['invalid-input-response'] },
        'siteverify refused the token (invalid-input-response)',
      ],
      [{ ...good, action: 'showsubmit' }, 'token for action showsubmit'],
      [{ ...good, hostname: 'evil.example' }, 'token made on evil.example'],
      ['hang', 'siteverify timed out'],
      // Read no further than 64 KB: a provider's answer is a few hundred bytes.
      [{ ...good, padding: 'x'.repeat(70_000) }, 'siteverify unreachable or unreadable'],
    ];
    for (const [answer, reason] of cases) {
      const token = `${provider}-${reason}`;
      fake.answers.set(token, answer);
      // A siteverify that never answers is given up on: after half a second here, not five.
      const checking = answer === 'hang' ? checkGivingUpAfter(500) : check;
      expect(await checking.verify(token, 'contactus', '127.0.0.1')).toEqual({ passed: false, reason });
    }
    expect(await check.verify('', 'contactus', '127.0.0.1')).toEqual({ passed: false, reason: 'no token' });
  });

  it(provider === 'recaptcha' ? 'refuses a score below the threshold' : 'has no score to check', async () => {
    fake.answers.set(`${provider}-low`, { ...good, score: 0.3 });
    expect(await check.verify(`${provider}-low`, 'contactus', '127.0.0.1')).toEqual(
      provider === 'recaptcha' ? { passed: false, reason: 'score 0.3 below 0.5' } : { passed: true },
    );
  });
});

describe('GET /api/bot-check', () => {
  it('gives the page a fresh ALTCHA challenge bound to the action, and refuses an unknown action', async () => {
    const site = await startTestApp({ env: { CAPTCHA_PROVIDER: 'altcha' } });
    try {
      const answer = await (await send(site, `/api/bot-check?action=showsubmit`)).json();
      expect(answer.provider).toBe('altcha');
      expect(answer.challenge.parameters.data).toEqual({ action: 'showsubmit' });
      expect(answer.challenge.signature).toMatch(/^[0-9a-f]{64}$/);
      const unknown = await send(site, `/api/bot-check?action=login`);
      expect(unknown.status).toBe(422);
      expect((await unknown.json()).errorMessages).toEqual([
        'action must be one of contactus, showsubmit, bookcall, application, signin',
      ]);
    } finally {
      await site.close();
    }
  });

  it('gives the site key, never the secret, for reCAPTCHA; and sign-in its ALTCHA proof of work all the same', async () => {
    const site = await startTestApp({
      env: {
        CAPTCHA_PROVIDER: 'recaptcha',
        RECAPTCHA_SITE_KEY: 'public-site-key',
        RECAPTCHA_SECRET_KEY: 'hidden',
      },
    });
    try {
      const answer = await (await send(site, `/api/bot-check?action=contactus`)).text();
      expect(JSON.parse(answer)).toEqual({ provider: 'recaptcha', siteKey: 'public-site-key' });
      expect(answer).not.toContain('hidden');
      const signIn = await (await send(site, `/api/bot-check?action=signin`)).json();
      expect(signIn.provider).toBe('altcha');
      expect(signIn.challenge.parameters.data).toEqual({ action: 'signin' });
    } finally {
      await site.close();
    }
  });

  it('keeps giving sign-in challenges to an address that has used up its contact-form challenges', async () => {
    const site = await startTestApp({ env: { CAPTCHA_PROVIDER: 'altcha', RATE_LIMIT_PER_MINUTE: '2' } });
    const challenge = (action: string) => send(site, `/api/bot-check?action=${action}`);
    try {
      // The limit is five times the form limit: ten a minute here.
      const contact = [];
      for (let i = 0; i < 11; i++) contact.push((await challenge('contactus')).status);
      expect(contact).toEqual([...Array(10).fill(200), 429]);
      for (let i = 0; i < 30; i++) {
        const signIn = await challenge('signin');
        expect(signIn.status).toBe(200);
        expect((await signIn.json()).challenge.parameters.data).toEqual({ action: 'signin' });
      }
      // Nor do sign-in challenges use up the others': a fresh site, sign-in first.
    } finally {
      await site.close();
    }
    const fresh = await startTestApp({ env: { CAPTCHA_PROVIDER: 'altcha', RATE_LIMIT_PER_MINUTE: '2' } });
    try {
      for (let i = 0; i < 30; i++) await send(fresh, `/api/bot-check?action=signin`);
      expect((await send(fresh, `/api/bot-check?action=contactus`)).status).toBe(200);
    } finally {
      await fresh.close();
    }
  });
});

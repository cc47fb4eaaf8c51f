import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { altchaCheck } from '#server/captcha/altcha.ts';
import { loadConfig } from '#server/config.ts';
import { createDatabase, type Db } from '#server/db/database.ts';
import { systemClock } from '#server/time/clock.ts';
import { noAccountSubject } from '#shared/audit.ts';
import { botCheckActions } from '#shared/bot-check.ts';
import { sha512Hex } from '#shared/password.ts';
import {
  createMigratedTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from '#tests/support/databases.ts';
import { demoFirm } from '#tests/support/firms.ts';
import { hashPassword } from './passwords.ts';
import { type AccountService, createAccountService } from './service.ts';
import { signInLimits } from './throttle.ts';

const minute = 60_000;

describeEachDatabase('sign-in throttling', (kind) => {
  let database: TestDatabase;
  let db: Db;
  let clock: Date;
  let accounts: AccountService;
  const proofCheck = () =>
    altchaCheck({
      db,
      secret: 'a-test-secret-that-is-long-enough-to-sign',
      maxCounter: 2000,
      now: systemClock,
    });

  beforeEach(async () => {
    database = await createMigratedTestDatabase(kind);
    db = createDatabase(loadConfig({ DATABASE_URL: database.url }).database);
    clock = new Date('2026-03-02T09:00:00Z');
    const now = () => clock;
    accounts = createAccountService({
      firm: demoFirm,
      db,
      publicUrl: new URL('https://www.fenwickhale.co.uk'),
      signInProof: proofCheck(),
      now,
    });
    for (const email of ['ann@fenwickhale.test', 'bob@fenwickhale.test']) {
      await db
        .insertInto('users')
        .values({
          email,
          password_hash: await hashPassword(await sha512Hex('Correct1')),
          status: 'active',
          role: 'owner',
          created_at: clock.toISOString(),
          password_changed_at: clock.toISOString(),
        })
        .execute();
    }
  });
  afterEach(async () => {
    await db.destroy();
    await database.drop();
  });

  const later = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };

  /** What the login page sends: a challenge for `signin`, solved (here in Node). */
  async function proof() {
    const challenge = await (
      proofCheck().challenge as NonNullable<ReturnType<typeof altchaCheck>['challenge']>
    )(botCheckActions.signIn);
    const solution = await solveChallenge({ challenge, deriveKey });
    return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  }

  async function attempt(email: string, password: string, ipAddress: string, proofOfWork?: string) {
    const result = await accounts.signIn({
      email,
      passwordHash: await sha512Hex(password),
      remember: false,
      ipAddress,
      userAgent: null,
      ...(proofOfWork !== undefined && { proofOfWork }),
    });
    return result.outcome;
  }

  const outboxTo = (email: string) =>
    db.selectFrom('outbox_messages').select('kind').where('recipient', '=', email).execute();

  it('makes an address that keeps failing on one account wait, while the right password from elsewhere signs in', async () => {
    for (let i = 0; i < signInLimits.perAccountFromAddress; i++) {
      expect(await attempt('ann@fenwickhale.test', `Wrong${i}aa`, '198.51.100.1')).toBe('refused');
    }
    // That address waits, even with the right password.
    expect(await attempt('ann@fenwickhale.test', 'Correct1', '198.51.100.1')).toBe('wait');
    // Its other accounts, and the account from any other address, are untouched.
    expect(await attempt('bob@fenwickhale.test', 'Correct1', '198.51.100.1')).toBe('signed-in');
    expect(await attempt('ann@fenwickhale.test', 'Correct1', '198.51.100.2')).toBe('signed-in');

    later(signInLimits.blockMs - 1000);
    expect(await attempt('ann@fenwickhale.test', 'Correct1', '198.51.100.1')).toBe('wait');
    later(1000);
    expect(await attempt('ann@fenwickhale.test', 'Correct1', '198.51.100.1')).toBe('signed-in');
  });

  it('makes an address that fails on many accounts wait for all of them', async () => {
    for (let i = 0; i < signInLimits.perAddress; i++) {
      expect(await attempt(`guess${i}@fenwickhale.test`, 'Whatever1', '198.51.100.3')).toBe('refused');
    }
    expect(await attempt('ann@fenwickhale.test', 'Correct1', '198.51.100.3')).toBe('wait');
    expect(await attempt('ann@fenwickhale.test', 'Correct1', '198.51.100.4')).toBe('signed-in');
  });

  it('counts the addresses of one IPv6 /64 as one address, and an IPv4-mapped address as its IPv4 one', async () => {
    for (let i = 1; i <= signInLimits.perAccountFromAddress; i++) {
      expect(await attempt('ann@fenwickhale.test', `Wrong${i}aa`, `2001:db8:2::${i}`)).toBe('refused');
    }
    expect(await attempt('ann@fenwickhale.test', 'Correct1', '2001:db8:2:0:ffff::1')).toBe('wait');
    expect(await attempt('ann@fenwickhale.test', 'Correct1', '2001:db8:3::1')).toBe('signed-in');

    for (let i = 0; i < signInLimits.perAccountFromAddress; i++) {
      const ip = i % 2 ? '198.51.100.9' : '::ffff:198.51.100.9';
      expect(await attempt('bob@fenwickhale.test', `Wrong${i}aa`, ip)).toBe('refused');
    }
    expect(await attempt('bob@fenwickhale.test', 'Correct1', '198.51.100.9')).toBe('wait');
    expect(await attempt('bob@fenwickhale.test', 'Correct1', '::ffff:198.51.100.9')).toBe('wait');
  });

  it('never locks an account under attack from many addresses: it asks for a proof of work, and the right password with one signs in', async () => {
    for (let i = 0; i < signInLimits.perAccountBeforeProof; i++) {
      expect(await attempt('ann@fenwickhale.test', `Wrong${i}aa`, `203.0.113.${i}`)).toBe('refused');
    }
    expect(await attempt('ann@fenwickhale.test', 'Correct1', '192.0.2.1')).toBe('proof-needed');
    expect(await attempt('ann@fenwickhale.test', 'Correct1', '192.0.2.1', 'not a proof')).toBe(
      'proof-needed',
    );
    const used = await proof();
    expect(await attempt('ann@fenwickhale.test', 'Correct1', '192.0.2.1', used)).toBe('signed-in');
    // Each proof is good for one attempt.
    expect(await attempt('ann@fenwickhale.test', 'Correct1', '192.0.2.2', used)).toBe('proof-needed');
    // Other accounts are not asked.
    expect(await attempt('bob@fenwickhale.test', 'Correct1', '192.0.2.3')).toBe('signed-in');

    // The attacker pays for each guess and keeps going for two hours, a guess every two minutes from
    // rotating addresses; the holder signs in with their proof from a fresh address throughout.
    for (let i = 0; i < 60; i++) {
      later(2 * minute);
      expect(await attempt('ann@fenwickhale.test', `Guess${i}aa`, `203.0.113.${i % 50}`, await proof())).toBe(
        'refused',
      );
      if (i % 15 === 14) {
        expect(await attempt('ann@fenwickhale.test', 'Correct1', `192.0.2.${10 + i}`, await proof())).toBe(
          'signed-in',
        );
      }
    }
    // Once the failures stop, so does the proof.
    later(signInLimits.proofForMs);
    expect(await attempt('ann@fenwickhale.test', 'Correct1', '192.0.2.200')).toBe('signed-in');
  });

  it('forgets a trickle of failures: one every 14 minutes never makes anyone wait or work', async () => {
    for (let i = 0; i < 40; i++) {
      expect(await attempt('ann@fenwickhale.test', `Wrong${i}aa`, '198.51.100.9')).toBe('refused');
      later(14 * minute);
    }
    expect(await attempt('ann@fenwickhale.test', 'Correct1', '198.51.100.9')).toBe('signed-in');
  });

  it('counts failures in a window from the first, which a later failure does not restart', async () => {
    const limit = signInLimits.perAccountFromAddress;
    for (let i = 0; i < limit - 1; i++) {
      expect(await attempt('ann@fenwickhale.test', `Wrong${i}aa`, '198.51.100.5')).toBe('refused');
      later(3 * minute);
    }
    // The window that began with the first failure has ended: this one starts a new count of one.
    later(signInLimits.windowMs - (limit - 1) * 3 * minute);
    expect(await attempt('ann@fenwickhale.test', 'Wrong9aa', '198.51.100.5')).toBe('refused');
    expect(await attempt('ann@fenwickhale.test', 'Correct1', '198.51.100.5')).toBe('signed-in');
  });

  it('emails the holder once when their sign-ins start being throttled, and nobody for an unknown address', async () => {
    for (let i = 0; i < 3 * signInLimits.perAccountBeforeProof; i++) {
      const ip = `203.0.113.${i}`;
      const proofOfWork = async () => (i < signInLimits.perAccountBeforeProof ? undefined : await proof());
      expect(await attempt('ann@fenwickhale.test', `Wrong${i}aa`, ip, await proofOfWork())).toBe('refused');
      expect(await attempt('nobody@fenwickhale.test', `Wrong${i}aa`, ip, await proofOfWork())).toBe(
        'refused',
      );
    }
    for (let i = 0; i < 2 * signInLimits.perAccountFromAddress; i++) {
      await attempt('ann@fenwickhale.test', `Wrong${i}bb`, '198.51.100.7', await proof());
    }
    expect(await outboxTo('ann@fenwickhale.test')).toEqual([{ kind: 'sign-in-throttled' }]);
    expect(await outboxTo('nobody@fenwickhale.test')).toEqual([]);

    // Its own address failing too often is throttling as well; told once for that too.
    for (let i = 0; i < signInLimits.perAccountFromAddress; i++) {
      await attempt('bob@fenwickhale.test', `Wrong${i}aa`, '198.51.100.8');
    }
    expect(await outboxTo('bob@fenwickhale.test')).toEqual([{ kind: 'sign-in-throttled' }]);
  });

  it('keeps no row of failures a day after the last, and tells the holder again after that day', async () => {
    for (let i = 0; i < signInLimits.perAccountFromAddress; i++) {
      await attempt('ann@fenwickhale.test', `Wrong${i}aa`, '198.51.100.30');
    }
    later(signInLimits.notifyEveryMs + minute);
    await attempt('nobody@fenwickhale.test', 'Wrong1aa', '198.51.100.31');
    const keys = await db.selectFrom('sign_in_throttles').select('key').orderBy('key').execute();
    expect(keys.map((row) => row.key)).toEqual([
      'account:nobody@fenwickhale.test',
      'account:nobody@fenwickhale.test ip:198.51.100.31',
      'ip:198.51.100.31',
    ]);
    for (let i = 0; i < signInLimits.perAccountFromAddress; i++) {
      await attempt('ann@fenwickhale.test', `Wrong${i}aa`, '198.51.100.30');
    }
    expect(await outboxTo('ann@fenwickhale.test')).toEqual([
      { kind: 'sign-in-throttled' },
      { kind: 'sign-in-throttled' },
    ]);
  });

  /** The audit entries since `since` (an id), as action and reason. */
  async function auditSince(since: number) {
    const rows = await db
      .selectFrom('audit_log')
      .select(['id', 'action', 'subject', 'detail'])
      .where('id', '>', since)
      .orderBy('id')
      .execute();
    return rows.map((row) => ({ action: row.action, subject: row.subject, ...JSON.parse(row.detail) }));
  }
  const lastAuditId = async () =>
    (await db.selectFrom('audit_log').select('id').orderBy('id', 'desc').executeTakeFirst())?.id ?? 0;

  it('records each throttle once, when it begins, however many attempts it then refuses', async () => {
    // Ten addresses put ann's account under attack: ten failures, and the proof of work it now needs.
    for (let i = 0; i < signInLimits.perAccountBeforeProof; i++) {
      await attempt('ann@fenwickhale.test', `Wrong${i}aa`, `203.0.113.${i}`);
    }
    const underAttack = await auditSince(0);
    expect(underAttack.filter((entry) => entry.action === 'sign-in.failed')).toHaveLength(10);
    expect(underAttack.filter((entry) => entry.action === 'sign-in.throttled')).toEqual([
      {
        action: 'sign-in.throttled',
        subject: 'ann@fenwickhale.test',
        ipAddress: '203.0.113.9',
        reason: 'too many failures on this account from anywhere: each attempt now needs a proof of work',
      },
    ]);

    // One address then sends 300 attempts without a proof: all refused, none recorded.
    let since = await lastAuditId();
    for (let i = 0; i < 300; i++) {
      expect(await attempt('ann@fenwickhale.test', 'Correct1', '198.51.100.66')).toBe('proof-needed');
    }
    expect(await auditSince(since)).toEqual([]);

    // And 300 guesses at other addresses: its 20 failures, the wait they start, and nothing more.
    since = await lastAuditId();
    for (let i = 0; i < 300; i++) {
      await attempt(`guess${i}@fenwickhale.test`, 'Whatever1', '198.51.100.66');
    }
    const guesses = await auditSince(since);
    expect(guesses.filter((entry) => entry.action === 'sign-in.failed')).toHaveLength(
      signInLimits.perAddress,
    );
    expect(guesses.filter((entry) => entry.action === 'sign-in.throttled')).toEqual([
      {
        action: 'sign-in.throttled',
        subject: noAccountSubject,
        ipAddress: '198.51.100.66',
        reason: 'too many failures from this address on any account: it must wait',
        until: new Date(clock.getTime() + signInLimits.blockMs).toISOString(),
      },
    ]);
    expect(guesses).toHaveLength(signInLimits.perAddress + 1);

    // A wait that has ended, or a proof no longer needed, is recorded again when it begins again.
    later(signInLimits.proofForMs + minute);
    since = await lastAuditId();
    for (let i = 0; i < signInLimits.perAccountBeforeProof; i++) {
      await attempt('ann@fenwickhale.test', `Again${i}aa`, `203.0.113.${20 + i}`);
    }
    expect((await auditSince(since)).filter((entry) => entry.action === 'sign-in.throttled')).toHaveLength(1);
  });

  it('records every sign-in that succeeded, failed or was throttled, and every sign-out, with who and when', async () => {
    expect(await attempt('Ann@Fenwickhale.test', 'Wrong1aa', '198.51.100.20')).toBe('refused');
    expect(await attempt('nobody@fenwickhale.test', 'Wrong1aa', '198.51.100.20')).toBe('refused');
    later(minute);
    const signedIn = await accounts.signIn({
      email: 'ann@fenwickhale.test',
      passwordHash: await sha512Hex('Correct1'),
      remember: true,
      ipAddress: '198.51.100.20',
      userAgent: 'Firefox',
    });
    later(minute);
    await accounts.signOut(signedIn.outcome === 'signed-in' ? signedIn.sessionId : undefined);
    for (let i = 0; i < signInLimits.perAccountFromAddress; i++) {
      await attempt('bob@fenwickhale.test', `Wrong${i}aa`, '198.51.100.21');
    }
    expect(await attempt('bob@fenwickhale.test', 'Correct1', '198.51.100.21')).toBe('wait');

    const ann = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'ann@fenwickhale.test')
      .executeTakeFirstOrThrow();
    const entries = await db
      .selectFrom('audit_log')
      .select(['user_id', 'action', 'subject', 'detail', 'created_at'])
      .orderBy('id')
      .execute();
    expect(entries.slice(0, 4).map((entry) => ({ ...entry, detail: JSON.parse(entry.detail) }))).toEqual([
      {
        user_id: null,
        action: 'sign-in.failed',
        subject: 'ann@fenwickhale.test',
        detail: { ipAddress: '198.51.100.20' },
        created_at: '2026-03-02T09:00:00.000Z',
      },
      {
        user_id: null,
        action: 'sign-in.failed',
        subject: noAccountSubject,
        detail: { ipAddress: '198.51.100.20' },
        created_at: '2026-03-02T09:00:00.000Z',
      },
      {
        user_id: ann.id,
        action: 'sign-in.succeeded',
        subject: 'ann@fenwickhale.test',
        detail: { session: 'remembered', ipAddress: '198.51.100.20' },
        created_at: '2026-03-02T09:01:00.000Z',
      },
      {
        user_id: ann.id,
        action: 'signed-out',
        subject: 'ann@fenwickhale.test',
        detail: {},
        created_at: '2026-03-02T09:02:00.000Z',
      },
    ]);
    expect(entries.at(-1)).toMatchObject({
      user_id: null,
      action: 'sign-in.throttled',
      subject: 'bob@fenwickhale.test',
    });
    expect(JSON.parse(entries.at(-1)?.detail ?? '')).toEqual({
      ipAddress: '198.51.100.21',
      reason: 'too many failures on this account from this address: it must wait',
      until: new Date(clock.getTime() + signInLimits.blockMs).toISOString(),
    });
    // Nothing of the password goes in.
    const hash = await sha512Hex('Wrong1aa');
    expect(JSON.stringify(entries)).not.toContain(hash.slice(0, 16));
  });
});

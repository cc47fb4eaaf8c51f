import type { Kysely, Transaction } from 'kysely';
import { botCheckActions } from '../../../shared/bot-check.ts';
import { type AuditAction, type AuditEntry, recordAudit } from '../../audit/log.ts';
import type { BotCheck } from '../../captcha/index.ts';
import type { Database, SessionTable } from '../../db/schema.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { hashToken, looksLikeToken, newToken } from '../../tokens.ts';
import { invitationEmail, passwordChangedEmail, resetLinkEmail, signInThrottledEmail } from './emails.ts';
import { hashPassword, passwordMatches } from './passwords.ts';
import { createSignInThrottle, type ThrottleStarted } from './throttle.ts';

export interface AccountServiceOptions {
  db: Kysely<Database>;
  publicUrl: URL;
  /**
   * Checks the proof of work an attempt on an account under attack must carry (ALTCHA, action `signin`).
   * Without it (the command-line tools, which never sign anyone in) no such attempt passes.
   */
  signInProof?: Pick<BotCheck, 'verify'>;
  now?: () => Date;
}

const hour = 60 * 60_000;
const tokenLifetimeMs = { reset: hour, invite: 7 * 24 * hour } as const;
/** A browser session ends after this long without a request; a remembered one after 30 days. */
export const sessionLifetimeMs = { browser: 12 * hour, remembered: 30 * 24 * hour } as const;
/** At most this many reset emails an hour to one account, however often the form is sent. */
const resetEmailsPerHour = 3;

export type SignInOutcome =
  | { outcome: 'signed-in'; sessionId: string; kind: SessionTable['kind'] }
  /** `mailQueued`: the account holder was emailed that their sign-ins are now being throttled. */
  | { outcome: 'refused'; mailQueued: boolean }
  /** This address failed too often, on this account or on all: it must wait. */
  | { outcome: 'wait'; until: Date }
  /** The account is under attack, and the attempt carried no valid proof of work. */
  | { outcome: 'proof-needed' };

export interface SignedInUser {
  id: number;
  email: string;
}

/** A change to an account made by a member of staff, or (no one signed in) from the command line. */
const auditEntry = (by: number | null, action: AuditAction, email: string) => ({
  userId: by,
  action,
  subject: email,
  ...(by === null && { detail: { via: 'command line' } }),
});

/** What a `sign-in.throttled` entry says began; `ipAddress` is the address whose failure began it. */
const throttleReasons: Record<ThrottleStarted['throttle'], string> = {
  'address-on-account': 'too many failures on this account from this address: it must wait',
  address: 'too many failures from this address on any account: it must wait',
  'proof-of-work': 'too many failures on this account from anywhere: each attempt now needs a proof of work',
};

export function createAccountService({
  db,
  publicUrl,
  signInProof,
  now = () => new Date(),
}: AccountServiceOptions) {
  const throttle = createSignInThrottle(now);
  const passwordLink = (token: string) => new URL(`/reset-password?token=${token}`, publicUrl).href;
  const normal = (email: string) => email.trim().toLowerCase();
  const proofPasses = async (token: string | undefined, ipAddress: string) =>
    signInProof !== undefined &&
    token !== undefined &&
    token !== '' &&
    (await signInProof.verify(token, botCheckActions.signIn, ipAddress)).passed;

  async function issueToken(trx: Transaction<Database>, userId: number, purpose: 'reset' | 'invite') {
    const token = newToken();
    const at = now();
    await trx
      .insertInto('password_tokens')
      .values({
        token_hash: hashToken(token),
        user_id: userId,
        purpose,
        created_at: at.toISOString(),
        expires_at: new Date(at.getTime() + tokenLifetimeMs[purpose]).toISOString(),
        used_at: null,
      })
      .execute();
    return passwordLink(token);
  }

  /** The unused, unexpired token's row with its (active) user, or undefined. */
  const findToken = (executor: Kysely<Database>, token: string) =>
    executor
      .selectFrom('password_tokens')
      .innerJoin('users', 'users.id', 'password_tokens.user_id')
      .select(['password_tokens.token_hash', 'password_tokens.purpose', 'users.id as userId', 'users.email'])
      .where('password_tokens.token_hash', '=', hashToken(token))
      .where('password_tokens.used_at', 'is', null)
      .where('password_tokens.expires_at', '>', now().toISOString())
      .where('users.status', '=', 'active')
      .executeTakeFirst();

  return {
    /**
     * Creates an active user without a password and emails them a link to choose one; the audit log
     * records who did it (`by`: a member of staff, or null from the command line) in the same transaction.
     */
    async addUser(email: string, by: number | null): Promise<'added' | 'exists'> {
      return db.transaction().execute(async (trx) => {
        const existing = await trx
          .selectFrom('users')
          .select('id')
          .where('email', '=', normal(email))
          .executeTakeFirst();
        if (existing) return 'exists';
        const user = await trx
          .insertInto('users')
          .values({
            email: normal(email),
            password_hash: null,
            status: 'active',
            created_at: now().toISOString(),
            password_changed_at: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const link = await issueToken(trx, user.id, 'invite');
        await enqueueMail(trx, 'account-invitation', invitationEmail(normal(email), link));
        await recordAudit(trx, auditEntry(by, 'staff.invited', normal(email)), now());
        return 'added';
      });
    },

    listUsers: () =>
      db
        .selectFrom('users')
        .select(['email', 'status', 'created_at', 'password_changed_at'])
        .orderBy('email')
        .execute(),

    /**
     * A disabled user is signed out everywhere, their links stop working, and they cannot sign in. The
     * audit entry (who did it, as for `addUser`) is written in the same transaction.
     */
    async disableUser(email: string, by: number | null): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const user = await trx
          .selectFrom('users')
          .select('id')
          .where('email', '=', normal(email))
          .executeTakeFirst();
        if (!user) return false;
        await trx.updateTable('users').set({ status: 'disabled' }).where('id', '=', user.id).execute();
        await trx.deleteFrom('sessions').where('user_id', '=', user.id).execute();
        await trx
          .updateTable('password_tokens')
          .set({ used_at: now().toISOString() })
          .where('user_id', '=', user.id)
          .where('used_at', 'is', null)
          .execute();
        await recordAudit(trx, auditEntry(by, 'staff.disabled', normal(email)), now());
        return true;
      });
    },

    /**
     * Checks the password, and on success starts a new session. Every attempt that gets as far as the
     * password costs one Argon2 check, so the answer for an unknown address, a disabled user and a wrong
     * password is the same and takes the same time. Each success and failure goes in the audit log, in
     * the transaction that records it, and so does each throttle a failure starts. An attempt the throttle
     * refuses writes nothing: it costs the caller almost nothing, so an entry for each would let anyone
     * fill the log; the throttle that refused it is already there.
     */
    async signIn(attempt: {
      email: string;
      passwordHash: string;
      remember: boolean;
      ipAddress: string;
      userAgent: string | null;
      /** The solved ALTCHA challenge the login page sends; checked only while the account is under attack. */
      proofOfWork?: string;
    }): Promise<SignInOutcome> {
      const email = normal(attempt.email);
      const source = { email, ipAddress: attempt.ipAddress };
      const audit = (executor: Kysely<Database>, entry: Omit<AuditEntry, 'subject'>) =>
        recordAudit(executor, { ...entry, subject: email }, now());

      const state = await throttle.check(db, source);
      if (state.waitUntil) return { outcome: 'wait', until: state.waitUntil };
      if (state.proofRequired && !(await proofPasses(attempt.proofOfWork, attempt.ipAddress))) {
        return { outcome: 'proof-needed' };
      }

      const user = await db
        .selectFrom('users')
        .select(['id', 'password_hash', 'status'])
        .where('email', '=', email)
        .executeTakeFirst();
      const stored = user?.status === 'active' ? user.password_hash : null;
      const matches = await passwordMatches(attempt.passwordHash, stored);
      if (!user || !matches) {
        const mailQueued = await db.transaction().execute(async (trx) => {
          const { tellHolder, started } = await throttle.recordFailure(trx, source);
          await audit(trx, {
            userId: null,
            action: 'sign-in.failed',
            detail: { ipAddress: attempt.ipAddress },
          });
          for (const { throttle: kind, until } of started) {
            await audit(trx, {
              userId: null,
              action: 'sign-in.throttled',
              detail: {
                ipAddress: attempt.ipAddress,
                reason: throttleReasons[kind],
                ...(until && { until }),
              },
            });
          }
          if (!tellHolder || user?.status !== 'active') return false;
          await enqueueMail(trx, 'sign-in-throttled', signInThrottledEmail(email));
          return true;
        });
        return { outcome: 'refused', mailQueued };
      }

      const sessionId = newToken();
      const kind = attempt.remember ? 'remembered' : 'browser';
      const at = now();
      await db.transaction().execute(async (trx) => {
        await throttle.recordSuccess(trx, source);
        await trx
          .insertInto('sessions')
          .values({
            id_hash: hashToken(sessionId),
            user_id: user.id,
            kind,
            created_at: at.toISOString(),
            last_seen_at: at.toISOString(),
            expires_at: new Date(at.getTime() + sessionLifetimeMs[kind]).toISOString(),
            ip_address: attempt.ipAddress,
            user_agent: attempt.userAgent?.slice(0, 300) ?? null,
          })
          .execute();
        await audit(trx, {
          userId: user.id,
          action: 'sign-in.succeeded',
          detail: { session: kind, ipAddress: attempt.ipAddress },
        });
      });
      return { outcome: 'signed-in', sessionId, kind };
    },

    /** The user behind a session cookie, or null; a browser session's idle clock restarts. */
    async sessionUser(sessionId: string | undefined): Promise<SignedInUser | null> {
      if (!sessionId || !looksLikeToken(sessionId)) return null;
      const at = now();
      const row = await db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select(['sessions.id_hash', 'sessions.kind', 'sessions.last_seen_at', 'users.id', 'users.email'])
        .where('sessions.id_hash', '=', hashToken(sessionId))
        .where('sessions.expires_at', '>', at.toISOString())
        .where('users.status', '=', 'active')
        .executeTakeFirst();
      if (!row) return null;
      // Written at most once a minute, so a page of requests is not a page of writes.
      if (at.getTime() - Date.parse(row.last_seen_at) > 60_000) {
        await db
          .updateTable('sessions')
          .set({
            last_seen_at: at.toISOString(),
            ...(row.kind === 'browser' && {
              expires_at: new Date(at.getTime() + sessionLifetimeMs.browser).toISOString(),
            }),
          })
          .where('id_hash', '=', row.id_hash)
          .execute();
      }
      return { id: row.id, email: row.email };
    },

    /** Ends a session without a word in the audit log: the one a browser brings to a new sign-in. */
    async endSession(sessionId: string | undefined): Promise<void> {
      if (!sessionId || !looksLikeToken(sessionId)) return;
      await db.deleteFrom('sessions').where('id_hash', '=', hashToken(sessionId)).execute();
    },

    /** Ends the session the user signed out of, and records it; a cookie that is no session changes nothing. */
    async signOut(sessionId: string | undefined): Promise<void> {
      if (!sessionId || !looksLikeToken(sessionId)) return;
      await db.transaction().execute(async (trx) => {
        const ended = await trx
          .deleteFrom('sessions')
          .where('id_hash', '=', hashToken(sessionId))
          .returning('user_id')
          .executeTakeFirst();
        if (!ended) return;
        const user = await trx
          .selectFrom('users')
          .select('email')
          .where('id', '=', ended.user_id)
          .executeTakeFirstOrThrow();
        await recordAudit(trx, { userId: ended.user_id, action: 'signed-out', subject: user.email }, now());
      });
    },

    /** Staff signed in now, most recently active first. */
    signedInStaff: () =>
      db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select(['users.email', 'sessions.kind', 'sessions.created_at', 'sessions.last_seen_at'])
        .where('sessions.expires_at', '>', now().toISOString())
        .where('users.status', '=', 'active')
        .orderBy('sessions.last_seen_at', 'desc')
        .execute(),

    /**
     * Emails a reset link to an active account (a few an hour at most); says nothing about whether one
     * exists. Each link sent goes in the audit log with the address that asked (`ipAddress`, when known).
     */
    async sendResetLink(email: string, ipAddress: string | null = null): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const user = await trx
          .selectFrom('users')
          .select('id')
          .where('email', '=', normal(email))
          .where('status', '=', 'active')
          .executeTakeFirst();
        if (!user) return;
        const { sent } = await trx
          .selectFrom('password_tokens')
          .select((eb) => eb.fn.countAll<number>().as('sent'))
          .where('user_id', '=', user.id)
          .where('purpose', '=', 'reset')
          .where('created_at', '>', new Date(now().getTime() - hour).toISOString())
          .executeTakeFirstOrThrow();
        if (Number(sent) >= resetEmailsPerHour) return;
        const link = await issueToken(trx, user.id, 'reset');
        await enqueueMail(trx, 'password-reset-link', resetLinkEmail(normal(email), link));
        await recordAudit(
          trx,
          {
            userId: null,
            action: 'password.reset-link-sent',
            subject: normal(email),
            ...(ipAddress && { detail: { ipAddress } }),
          },
          now(),
        );
      });
    },

    /** Whether a set-password link can still be used. */
    async tokenIsUsable(token: string): Promise<boolean> {
      return looksLikeToken(token) && (await findToken(db, token)) !== undefined;
    },

    /**
     * Sets the password behind a link, once: that link and every other reset or invitation link the user
     * still holds stop working, every session of the user ends, addresses waiting after failures on the
     * account may try again, and they are told by email; the audit log records it as done by the user,
     * with which kind of link and from where (`ipAddress`, when known). False when the link cannot be used.
     */
    async setPassword(
      token: string,
      passwordHash: string,
      ipAddress: string | null = null,
    ): Promise<boolean> {
      // Checked before the costly Argon2 hash, so a dead link is cheap; checked again in the transaction.
      if (!looksLikeToken(token) || !(await findToken(db, token))) return false;
      const newHash = await hashPassword(passwordHash);
      const at = now();
      const changed = await db.transaction().execute(async (trx) => {
        const found = await findToken(trx, token);
        if (!found) return false;
        // Only one of two racing posts of the same link gets to spend it.
        const spent = await trx
          .updateTable('password_tokens')
          .set({ used_at: at.toISOString() })
          .where('token_hash', '=', found.token_hash)
          .where('used_at', 'is', null)
          .executeTakeFirst();
        if (Number(spent.numUpdatedRows) !== 1) return false;
        // An older link, perhaps in a mailbox someone else can read, must not set the password again.
        await trx
          .updateTable('password_tokens')
          .set({ used_at: at.toISOString() })
          .where('user_id', '=', found.userId)
          .where('used_at', 'is', null)
          .execute();
        await trx
          .updateTable('users')
          .set({ password_hash: newHash, password_changed_at: at.toISOString() })
          .where('id', '=', found.userId)
          .execute();
        await trx.deleteFrom('sessions').where('user_id', '=', found.userId).execute();
        await throttle.liftAddressLimitsOf(trx, found.email);
        await enqueueMail(trx, 'password-changed', passwordChangedEmail(found.email, at));
        await recordAudit(
          trx,
          {
            userId: found.userId,
            action: 'password.set',
            subject: found.email,
            detail: {
              link: found.purpose === 'invite' ? 'invitation' : 'reset',
              ...(ipAddress && { ipAddress }),
            },
          },
          at,
        );
        return true;
      });
      return changed === true;
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;

import type { Kysely } from 'kysely';
import { type AuditEntry, recordAudit } from '#server/audit/log.ts';
import type { BotCheck } from '#server/captcha/index.ts';
import type { Database, SessionTable } from '#server/db/schema.ts';
import { enqueueMail } from '#server/mail/outbox.ts';
import { hashToken, looksLikeToken, newToken } from '#server/tokens.ts';
import { noAccountSubject } from '#shared/audit.ts';
import type { StaffRole } from '#shared/back-office.ts';
import { botCheckActions } from '#shared/bot-check.ts';
import { type AccountContext, hour, normalEmail } from './context.ts';
import { signInThrottledEmail } from './emails.ts';
import { sessionHandle } from './own-sessions.ts';
import { passwordMatches } from './passwords.ts';
import { createSignInThrottle, type ThrottleStarted } from './throttle.ts';

/** A browser session ends after this long without a request; a remembered one after 30 days. */
export const sessionLifetimeMs = { browser: 12 * hour, remembered: 30 * 24 * hour } as const;

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
  /** Null until they give one (staff-accounts.ts). */
  name: string | null;
  role: StaffRole;
  /** An owner, or a member of staff an owner let keep the calendar's availability. */
  managesAvailability: boolean;
  /** The session's handle (own-sessions.ts), so the list of their sessions can mark this one. */
  session: string;
}

/** What a `sign-in.throttled` entry says began; `ipAddress` is the address whose failure began it. */
const throttleReasons: Record<ThrottleStarted['throttle'], string> = {
  'address-on-account': 'too many failures on this account from this address: it must wait',
  address: 'too many failures from this address on any account: it must wait',
  'proof-of-work': 'too many failures on this account from anywhere: each attempt now needs a proof of work',
};

/** Signing in and out, and the sessions in between. */
export function createSignIn({
  db,
  now,
  firm,
  signInProof,
}: AccountContext & { signInProof: Pick<BotCheck, 'verify'> | undefined }) {
  const throttle = createSignInThrottle(now);
  const proofPasses = async (token: string | undefined, ipAddress: string) =>
    signInProof !== undefined &&
    token !== undefined &&
    token !== '' &&
    (await signInProof.verify(token, botCheckActions.signIn, ipAddress)).passed;

  return {
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
      const email = normalEmail(attempt.email);
      const source = { email, ipAddress: attempt.ipAddress };

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
      // An address with no account is not written down: anyone can type any address, an erased person's too.
      const subject = user ? email : noAccountSubject;
      const audit = (executor: Kysely<Database>, entry: Omit<AuditEntry, 'subject'>) =>
        recordAudit(executor, { ...entry, subject }, now());
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
          await enqueueMail(trx, 'sign-in-throttled', signInThrottledEmail(firm(), email), now());
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
        .select([
          'sessions.id_hash',
          'sessions.kind',
          'sessions.last_seen_at',
          'users.id',
          'users.email',
          'users.name',
          'users.role',
          'users.availability_granted_at',
        ])
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
      return {
        id: row.id,
        email: row.email,
        name: row.name,
        role: row.role,
        managesAvailability: row.role === 'owner' || row.availability_granted_at !== null,
        session: sessionHandle(row.id_hash),
      };
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
        .select([
          'users.email',
          'users.name',
          'sessions.kind',
          'sessions.created_at',
          'sessions.last_seen_at',
        ])
        .where('sessions.expires_at', '>', now().toISOString())
        .where('users.status', '=', 'active')
        .orderBy('sessions.last_seen_at', 'desc')
        .execute(),
  };
}

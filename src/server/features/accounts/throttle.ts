import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Database } from '../../db/schema.ts';

// Failed sign-ins slow down, then stop, by account and by address. Only sign-in is throttled: asking for a
// reset link and setting a new password are not, so nobody can lock a user out of their own account.

/** Failures before each further one makes the next attempt wait. */
const freeFailures = 3;
/** At this many failures the key is locked for `lockMs`. */
const lockAfter = 10;
const lockMs = 15 * 60_000;
/** Failures older than this are forgotten. */
const forgetAfterMs = 60 * 60_000;

/** How long after the n-th failure the next attempt must wait: 1 s, 2 s, 4 s … then the lock. */
export function waitAfterFailures(failures: number): number {
  if (failures >= lockAfter) return lockMs;
  if (failures < freeFailures) return 0;
  return Math.min(1000 * 2 ** (failures - freeFailures), lockMs);
}

/** The key of the email typed, whether or not an account has it. */
export const accountKey = (email: string) => `account:${email.trim().toLowerCase()}`;

export const throttleKeys = (email: string, ipAddress: string) => [accountKey(email), `ip:${ipAddress}`];

export function createSignInThrottle(db: Kysely<Database>, now: () => Date) {
  return {
    /** The time the caller must wait until, or null when an attempt may go ahead. */
    async blockedUntil(keys: string[]): Promise<Date | null> {
      const rows = await db
        .selectFrom('sign_in_throttles')
        .select('blocked_until')
        .where('key', 'in', keys)
        .execute();
      const latest = Math.max(0, ...rows.map((row) => Date.parse(row.blocked_until ?? '') || 0));
      return latest > now().getTime() ? new Date(latest) : null;
    },

    async recordFailure(keys: string[]): Promise<void> {
      const at = now();
      for (const key of keys) {
        const row = await db
          .selectFrom('sign_in_throttles')
          .selectAll()
          .where('key', '=', key)
          .executeTakeFirst();
        const recent = row && at.getTime() - Date.parse(row.last_failure_at) < forgetAfterMs;
        const failures = (recent ? row.failures : 0) + 1;
        const wait = waitAfterFailures(failures);
        const values = {
          failures,
          last_failure_at: at.toISOString(),
          blocked_until: wait ? new Date(at.getTime() + wait).toISOString() : null,
        };
        if (row) {
          await db.updateTable('sign_in_throttles').set(values).where('key', '=', key).execute();
          continue;
        }
        try {
          await db
            .insertInto('sign_in_throttles')
            .values({ key, ...values })
            .execute();
        } catch (error) {
          // Another instance recorded a failure for the key first: one failure more or less does not matter.
          if (!isUniqueViolation(error)) throw error;
        }
      }
    },

    async clear(keys: string[]): Promise<void> {
      await db.deleteFrom('sign_in_throttles').where('key', 'in', keys).execute();
    },
  };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;

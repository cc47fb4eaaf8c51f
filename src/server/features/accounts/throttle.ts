import { type Kysely, sql } from 'kysely';
import type { Database, SignInThrottleTable } from '#server/db/schema.ts';
import { networkOf } from '#server/http/source-address.ts';

// Failed sign-ins are counted the way OWASP's authentication cheat sheet advises:
// - hard limits on what one source address may do, against one account and against all accounts: past
//   them that address waits, and only that address;
// - on the account itself only a soft slowdown: past a number of failures from anywhere, every attempt on
//   it must carry a proof of work (the browser's work on an ALTCHA challenge), so each guess costs the
//   attacker time while the holder, whose page does the work, still signs in. An account is never locked,
//   so nobody can lock a person out by failing on purpose.
// An "address" is a network as every per-address limit counts it (http/source-address.ts): an IPv6
// address's whole /64, which one household or server holds, so a fresh address per guess does not help.
// Failures are counted in fixed windows from the first one; a later failure does not restart the window,
// so a slow trickle of failures is forgotten instead of keeping a count alive. Asking for a reset link and
// setting a new password are not throttled here.

const minute = 60_000;

export const signInLimits = {
  /** Failures are counted for this long from the first one of a window, then forgotten. */
  windowMs: 15 * minute,
  /** Failures one address may make against one account in a window before that pair must wait. */
  perAccountFromAddress: 5,
  /** Failures one address may make against all accounts together in a window before it must wait. */
  perAddress: 20,
  /** How long an address that reached one of its limits must wait. */
  blockMs: 15 * minute,
  /** Failures on one account, from anywhere, in a window before attempts on it need a proof of work. */
  perAccountBeforeProof: 10,
  /** A proof of work stays required this long after the account's latest failure. */
  proofForMs: 15 * minute,
  /** Its holder is told by email at most once in this long; rows are kept no longer than this. */
  notifyEveryMs: 24 * 60 * minute,
} as const;

export interface SignInSource {
  /** The address typed, whether or not an account has it. */
  email: string;
  ipAddress: string;
}

type KeyKind = 'account' | 'accountFromAddress' | 'address';

const accountKey = (email: string) => `account:${email.trim().toLowerCase()}`;
const accountFromAddressPrefix = (email: string) => `${accountKey(email)} ip:`;

/** The three rows an attempt is counted in. */
export function signInKeys({ email, ipAddress }: SignInSource): Record<KeyKind, string> {
  const network = networkOf(ipAddress);
  return {
    account: accountKey(email),
    accountFromAddress: `${accountFromAddressPrefix(email)}${network}`,
    address: `ip:${network}`,
  };
}

const isAfter = (timestamp: string | null | undefined, at: Date) =>
  timestamp != null && Date.parse(timestamp) > at.getTime();

const later = (at: Date, ms: number) => new Date(at.getTime() + ms).toISOString();

export interface SignInThrottleState {
  /** Set when this address must wait before any attempt on this account is checked. */
  waitUntil: Date | null;
  /** Whether the account is under attack, so an attempt must carry a proof of work. */
  proofRequired: boolean;
}

/**
 * A throttle a failure began: this address must wait on this account, or on every account, until the
 * time given; or attempts on the account must carry a proof of work (for as long as failures keep coming).
 */
export interface ThrottleStarted {
  throttle: 'address-on-account' | 'address' | 'proof-of-work';
  until: string | null;
}

export function createSignInThrottle(now: () => Date) {
  async function rowsFor(executor: Kysely<Database>, source: SignInSource) {
    const keys = signInKeys(source);
    const rows = await executor
      .selectFrom('sign_in_throttles')
      .selectAll()
      .where('key', 'in', Object.values(keys))
      .execute();
    const byKey = new Map(rows.map((row) => [row.key, row]));
    return {
      keys,
      account: byKey.get(keys.account),
      accountFromAddress: byKey.get(keys.accountFromAddress),
      address: byKey.get(keys.address),
    };
  }

  return {
    async check(executor: Kysely<Database>, source: SignInSource): Promise<SignInThrottleState> {
      const at = now();
      const rows = await rowsFor(executor, source);
      const blocks = [rows.accountFromAddress?.blocked_until, rows.address?.blocked_until]
        .filter((until) => isAfter(until, at))
        .map((until) => Date.parse(until as string));
      return {
        waitUntil: blocks.length ? new Date(Math.max(...blocks)) : null,
        proofRequired: isAfter(rows.account?.proof_required_until, at),
      };
    },

    /**
     * Counts a failure against the account, the pair and the address. `tellHolder` when it starts
     * throttling the account holder's sign-ins (an address must now wait on the account, or the account
     * now needs a proof of work) and they have not been told so lately: the caller emails them, and they
     * are not told again for a day. `started`: the throttles this failure began, each named once, when it
     * begins, however many attempts it then refuses. Rows that have had no failure for that day are
     * dropped: they limit nothing any more, and keep addresses and IP addresses.
     */
    async recordFailure(
      executor: Kysely<Database>,
      source: SignInSource,
    ): Promise<{ tellHolder: boolean; started: ThrottleStarted[] }> {
      const at = now();
      await deleteIdleThrottles(executor, at);
      const rows = await rowsFor(executor, source);

      const counted = (row: SignInThrottleTable | undefined) => {
        const windowStart = row?.window_started_at ?? row?.last_failure_at;
        const inWindow =
          windowStart != null && at.getTime() - Date.parse(windowStart) < signInLimits.windowMs;
        return {
          failures: (inWindow && row ? row.failures : 0) + 1,
          window_started_at: inWindow && windowStart ? windowStart : at.toISOString(),
          last_failure_at: at.toISOString(),
        };
      };
      /** A row with a hard limit (the pair's, the address's): it waits once it reaches it (if not already). */
      const hardLimited = (row: SignInThrottleTable | undefined, limit: number) => {
        const values = counted(row);
        const startsBlock = values.failures >= limit && !isAfter(row?.blocked_until, at);
        const blocked_until = startsBlock ? later(at, signInLimits.blockMs) : (row?.blocked_until ?? null);
        return { values: { ...values, blocked_until }, startsBlock };
      };

      const pair = hardLimited(rows.accountFromAddress, signInLimits.perAccountFromAddress);
      const address = hardLimited(rows.address, signInLimits.perAddress);
      const account = counted(rows.account);
      const underAttack = isAfter(rows.account?.proof_required_until, at);
      const needsProof = underAttack || account.failures >= signInLimits.perAccountBeforeProof;
      const notifiedLately =
        rows.account?.notified_at != null &&
        at.getTime() - Date.parse(rows.account.notified_at) < signInLimits.notifyEveryMs;
      const tellHolder = (pair.startsBlock || (needsProof && !underAttack)) && !notifiedLately;

      await upsert(executor, rows.keys.accountFromAddress, pair.values);
      await upsert(executor, rows.keys.address, address.values);
      await upsert(executor, rows.keys.account, {
        ...account,
        // Soft, so it may last as long as the failures keep coming: it never stops the holder signing in.
        proof_required_until: needsProof
          ? later(at, signInLimits.proofForMs)
          : (rows.account?.proof_required_until ?? null),
        notified_at: tellHolder ? at.toISOString() : (rows.account?.notified_at ?? null),
      });
      const started: ThrottleStarted[] = [
        ...(pair.startsBlock
          ? [{ throttle: 'address-on-account', until: pair.values.blocked_until } as const]
          : []),
        ...(address.startsBlock
          ? [{ throttle: 'address', until: address.values.blocked_until } as const]
          : []),
        ...(needsProof && !underAttack ? [{ throttle: 'proof-of-work', until: null } as const] : []),
      ];
      return { tellHolder, started };
    },

    /** A right password: this address's failures against this account are forgotten (not the address's own). */
    async recordSuccess(executor: Kysely<Database>, source: SignInSource): Promise<void> {
      await executor
        .deleteFrom('sign_in_throttles')
        .where('key', '=', signInKeys(source).accountFromAddress)
        .execute();
    },

    /** After a new password is set: every address waiting on this account may try again at once. */
    async liftAddressLimitsOf(executor: Kysely<Database>, email: string): Promise<void> {
      const prefix = accountFromAddressPrefix(email);
      // A prefix compared exactly: LIKE would read `_` and `%` in an address as wildcards.
      await executor
        .deleteFrom('sign_in_throttles')
        .where(sql<boolean>`substr(${sql.ref('key')}, 1, ${sql.lit(prefix.length)}) = ${prefix}`)
        .execute();
    },
  };
}

/**
 * Deletes the rows with no failure for a day (signInLimits.notifyEveryMs): they limit nothing any more
 * (every wait and proof requirement lasts 15 minutes from a failure), and each holds an address or an IP
 * address. Run with each failure and by the daily retention job, so none outlives the day once failures
 * stop; answers how many went.
 */
export async function deleteIdleThrottles(executor: Kysely<Database>, at: Date): Promise<number> {
  const deleted = await executor
    .deleteFrom('sign_in_throttles')
    .where('last_failure_at', '<', new Date(at.getTime() - signInLimits.notifyEveryMs).toISOString())
    .executeTakeFirst();
  return Number(deleted.numDeletedRows);
}

/** Writes a key's row; a row another instance wrote meanwhile is overwritten (one failure more or less). */
async function upsert(
  executor: Kysely<Database>,
  key: string,
  values: Pick<SignInThrottleTable, 'failures' | 'last_failure_at' | 'window_started_at'> &
    Partial<Pick<SignInThrottleTable, 'blocked_until' | 'proof_required_until' | 'notified_at'>>,
) {
  await executor
    .insertInto('sign_in_throttles')
    .values({ key, ...values })
    .onConflict((conflict) => conflict.column('key').doUpdateSet(values))
    .execute();
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;

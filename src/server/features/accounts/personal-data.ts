import { type Kysely, sql } from 'kysely';
import type { Database } from '#server/db/schema.ts';

// What the accounts feature keeps about an address, for data-protection requests: a staff account with its
// sessions and set-password links, and the sign-in throttle rows keyed by the address (kept for any
// address typed at the login page, whether or not it has an account).

/** Throttle keys that name the address: `account:<email>`, and `account:<email> <more>` for its variants. */
const throttleKeysOf = (address: string) => {
  const key = `account:${address}`;
  const prefix = `${key} `;
  // A prefix compared exactly: LIKE would read `_` and `%` in an address as wildcards.
  return sql<boolean>`(${sql.ref('key')} = ${key} or substr(${sql.ref('key')}, 1, ${sql.lit(prefix.length)}) = ${prefix})`;
};

export async function exportStaffAccountData(db: Kysely<Database>, address: string) {
  const [user, signInThrottles] = await Promise.all([
    db
      .selectFrom('users')
      .select(['id', 'email', 'status', 'created_at', 'password_changed_at'])
      .where('email', '=', address)
      .executeTakeFirst(),
    db
      .selectFrom('sign_in_throttles')
      .select(['key', 'failures', 'last_failure_at', 'blocked_until'])
      .where(throttleKeysOf(address))
      .orderBy('key')
      .execute(),
  ]);
  if (!user) return { staffAccount: null, signInThrottles };
  const [sessions, passwordLinks] = await Promise.all([
    db
      .selectFrom('sessions')
      .select(['kind', 'created_at', 'last_seen_at', 'expires_at', 'ip_address', 'user_agent'])
      .where('user_id', '=', user.id)
      .orderBy('created_at')
      .execute(),
    db
      .selectFrom('password_tokens')
      .select(['purpose', 'created_at', 'expires_at', 'used_at'])
      .where('user_id', '=', user.id)
      .orderBy('created_at')
      .execute(),
  ]);
  const { id: _, ...account } = user;
  return { staffAccount: { ...account, sessions, passwordLinks }, signInThrottles };
}

/**
 * Closes a staff account with the address, if there is one: its sessions and set-password links are
 * deleted, and the account is disabled, without a password, under `pseudonym` instead of the address. The
 * account itself stays, because the audit log and lead notes name it as who did what.
 */
export async function eraseStaffAccountData(db: Kysely<Database>, address: string, pseudonym: string) {
  const throttles = await db
    .deleteFrom('sign_in_throttles')
    .where(throttleKeysOf(address))
    .executeTakeFirst();
  const signInThrottles = Number(throttles.numDeletedRows);
  const user = await db.selectFrom('users').select('id').where('email', '=', address).executeTakeFirst();
  if (!user) return { staffAccounts: 0, sessions: 0, signInThrottles };
  const sessions = await db.deleteFrom('sessions').where('user_id', '=', user.id).executeTakeFirst();
  await db.deleteFrom('password_tokens').where('user_id', '=', user.id).execute();
  await db
    .updateTable('users')
    .set({ email: pseudonym, password_hash: null, status: 'disabled' })
    .where('id', '=', user.id)
    .execute();
  return { staffAccounts: 1, sessions: Number(sessions.numDeletedRows), signInThrottles };
}

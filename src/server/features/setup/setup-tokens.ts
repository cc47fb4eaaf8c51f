import type { Transaction } from 'kysely';
import type { Db } from '#server/db/database.ts';
import type { Database } from '#server/db/schema.ts';
import { hashToken, looksLikeToken, newToken } from '#server/tokens.ts';
import { setupPage } from '#shared/api/setup.ts';

/** How long a printed set-up link works: a day, and a restart prints a new one. */
const lifetimeMs = 24 * 60 * 60_000;

/** Whether the site has any account: the set-up page is for a site that has none. */
export const hasAccounts = async (db: Db) =>
  (await db.selectFrom('users').select('id').limit(1).executeTakeFirst()) !== undefined;

/**
 * On a site without any account, a new one-time set-up link (as Grafana and Jupyter print theirs at
 * start), stored only as its hash; null on a site with accounts, whose links are all gone. Each instance
 * started adds its own, so any printed link works until the first is used.
 */
export async function openSetup(db: Db, publicUrl: URL, now: Date): Promise<string | null> {
  if (await hasAccounts(db)) {
    await db.deleteFrom('setup_tokens').execute();
    return null;
  }
  const token = newToken();
  await db
    .insertInto('setup_tokens')
    .values({ token_hash: hashToken(token), expires_at: new Date(now.getTime() + lifetimeMs).toISOString() })
    .execute();
  return new URL(`${setupPage.path}?token=${token}`, publicUrl).href;
}

/** Whether `token` is a set-up link's that still works: unused, unexpired, and no account yet. */
export async function setupTokenWorks(db: Db, token: string, now: Date): Promise<boolean> {
  if (!looksLikeToken(token) || (await hasAccounts(db))) return false;
  const row = await db
    .selectFrom('setup_tokens')
    .select('token_hash')
    .where('token_hash', '=', hashToken(token))
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Uses up every set-up link inside the transaction that makes the first account: true if `token` was
 * one that still worked. Of two posts at once, the second finds the links gone (on PostgreSQL it waits
 * for the first's rows, then deletes none).
 */
export async function claimSetupToken(trx: Transaction<Database>, token: string, now: Date) {
  if (!looksLikeToken(token)) return false;
  const deleted = await trx.deleteFrom('setup_tokens').returning(['token_hash', 'expires_at']).execute();
  const hash = hashToken(token);
  return deleted.some((row) => row.token_hash === hash && new Date(row.expires_at) > now);
}

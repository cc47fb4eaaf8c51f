import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';

/** What each part of the account service works with: the database and the clock. */
export interface AccountContext {
  db: Kysely<Database>;
  now: () => Date;
}

/** Accounts are found by address in lower case, whatever the person typed. */
export const normalEmail = (email: string) => email.trim().toLowerCase();

export const hour = 60 * 60_000;

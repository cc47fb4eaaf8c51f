import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import type { SiteFirm } from '#shared/site-firm.ts';

/** What each part of the account service works with: the database, the clock and the firm. */
export interface AccountContext {
  db: Kysely<Database>;
  now: () => Date;
  /** The firm of the moment, whose name the emails give. */
  firm: () => SiteFirm;
}

/** Accounts are found by address in lower case, whatever the person typed. */
export const normalEmail = (email: string) => email.trim().toLowerCase();

export const hour = 60 * 60_000;

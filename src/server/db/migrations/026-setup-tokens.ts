import type { Kysely } from 'kysely';
import { timestampType } from '../columns.ts';

// The one-time tokens of the set-up page (features/setup/): a site with no account prints a link at each
// start, and the first to use one becomes its first owner. Only the token's hash is kept; every token
// goes once an account exists.
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('setup_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', timestampType(db), (c) => c.notNull())
    .execute();
}

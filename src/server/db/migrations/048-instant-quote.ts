import type { Kysely } from 'kysely';
import { timestampType } from '../columns.ts';

// Whether the public site offers the instant quote (docs/behaviour/instant-quote.md): an owner turns it
// on or off in the back office. One row at most (id 1); none means off, as a new site starts.
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('instant_quote_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('updated_by', 'integer', (c) => c.references('users.id'))
    .addColumn('updated_at', timestampType(db), (c) => c.notNull())
    .execute();
}

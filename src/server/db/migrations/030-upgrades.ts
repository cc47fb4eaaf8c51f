import type { Kysely } from 'kysely';
import { timestampType, withId } from '../columns.ts';

// Which version of the site applied which migrations, and when. A rolled-back version that finds
// migrations it does not know reads here which version made them, to say so in one line
// (db/newer-database.ts) rather than fail with a stack at every start.
export async function up(db: Kysely<unknown>) {
  await withId(db, db.schema.createTable('site_upgrades'))
    .addColumn('version', 'text', (c) => c.notNull())
    // The names of the migrations it applied, comma-separated.
    .addColumn('migrations', 'text', (c) => c.notNull())
    .addColumn('upgraded_at', timestampType(db), (c) => c.notNull())
    .execute();
}

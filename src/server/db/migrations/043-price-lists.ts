import type { Kysely } from 'kysely';
import { timestampType, withId } from '../columns.ts';

// The firm's price list (decision 030): each save is a version of its own, never changed after, so that a
// proposal priced from one version can always say what it was priced from, and a price changed since is
// seen as such. The newest version is the price list; with none saved, the starter list stands.
export async function up(db: Kysely<unknown>) {
  const timestamp = timestampType(db);
  await withId(db, db.schema.createTable('price_lists'))
    .addColumn('document', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
}

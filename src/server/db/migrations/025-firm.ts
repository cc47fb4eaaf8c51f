import type { Kysely } from 'kysely';
import { timestampType } from '../columns.ts';

// The firm's details as data (docs/decisions/022-the-firm-is-data.md): one row, its JSON checked by
// firmDetailsSchema (shared/firm-details.ts) on every save, and a version that each save moves on, so an
// editor working from an older one is told rather than overwriting, and every instance sees the change.
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('firm')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('details', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('updated_at', timestampType(db), (c) => c.notNull())
    .execute();
}

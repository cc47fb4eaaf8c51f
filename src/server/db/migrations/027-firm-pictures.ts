import type { Kysely } from 'kysely';
import { timestampType } from '../columns.ts';
import { isPostgres } from '../database.ts';

// The pictures a firm uploads for its look (features/firm/): one row of each kind, as uploaded and
// checked. Each instance makes the sizes it serves (icons, the sharing picture) in memory from these, so
// a new picture reaches every instance with the next check of the firm's version.
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('firm_pictures')
    .addColumn('kind', 'text', (c) => c.primaryKey())
    .addColumn('content_type', 'text', (c) => c.notNull())
    // The content hash, which names the picture in its address and marks a change for other instances.
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('bytes', isPostgres(db) ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('updated_at', timestampType(db), (c) => c.notNull())
    .execute();
}

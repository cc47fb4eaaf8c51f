import type { Kysely } from 'kysely';
import { timestampType } from '../columns.ts';
import { isPostgres } from '../database.ts';

// The pictures a firm uploads for its look (features/firm/): the logo, as uploaded and checked (one row,
// named `logo`), and the home page's picture, as the sizes it is served at (one row each, named as its
// address names it). Each instance holds them in memory and makes the icons and sharing picture from the
// logo there, so a new picture reaches every instance with the next check of the firm's stamp.
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('firm_pictures')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    // The upload's content hash: it names the picture in its address and marks a change for other instances.
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    // What the picture shows, for those who cannot see it; empty when it only decorates.
    .addColumn('alt', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('bytes', isPostgres(db) ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('updated_at', timestampType(db), (c) => c.notNull())
    .execute();
}

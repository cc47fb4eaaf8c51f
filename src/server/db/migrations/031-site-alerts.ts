import type { Kysely } from 'kysely';
import { timestampType } from '../columns.ts';

// Trouble the owners must hear about (features/alerts): mail failing, a backup failing, an adviser's
// calendar unread, the disk nearly full. One row a kind, shared by every instance: when it began, when it
// was last seen and when it cleared (shown as a banner while it lasts), and when the owners were last
// emailed about it, so that they get at most one email a day of each kind.
export async function up(db: Kysely<unknown>) {
  const timestamp = timestampType(db);
  await db.schema
    .createTable('site_alerts')
    .addColumn('kind', 'text', (c) => c.primaryKey())
    // What is wrong, in words an owner reads: no personal data (an address in an error is blanked).
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('raised_at', timestamp, (c) => c.notNull())
    .addColumn('seen_at', timestamp, (c) => c.notNull())
    .addColumn('cleared_at', timestamp)
    .addColumn('emailed_at', timestamp)
    .execute();
}

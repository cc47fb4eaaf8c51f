import type { Kysely } from 'kysely';
import { timestampType, withId } from '../columns.ts';

export async function up(db: Kysely<unknown>) {
  // Contact enquiries and quote requests in one table: what the back office lists and searches is in
  // columns; what only one kind asks (the turnover, the tax years, the opt-in) is JSON in `details`.
  await withId(db, db.schema.createTable('enquiries'))
    .addColumn('reference', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    // The visitor's profession (contact) or practice (quote).
    .addColumn('organisation', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('postcode', 'text')
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('details', 'text', (c) => c.notNull())
    .addColumn('ip_address', 'text')
    .addColumn('created_at', timestampType(db), (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('enquiries_by_kind_created')
    .on('enquiries')
    .columns(['kind', 'created_at'])
    .execute();
  await db.schema.createIndex('enquiries_by_email').on('enquiries').column('email').execute();
}

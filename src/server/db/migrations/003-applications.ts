import type { Kysely } from 'kysely';
import { timestampType, withId } from '../columns.ts';

export async function up(db: Kysely<unknown>) {
  // Who applied is kept in columns for the back office's lists; the answers as JSON, so a question
  // added or reworded later does not need a migration and old answers stay readable.
  await withId(db, db.schema.createTable('applications'))
    .addColumn('reference', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('your_name', 'text', (c) => c.notNull())
    .addColumn('business_name', 'text', (c) => c.notNull())
    .addColumn('answers', 'text', (c) => c.notNull())
    .addColumn('created_at', timestampType(db), (c) => c.notNull())
    .execute();
  await db.schema.createIndex('applications_by_created').on('applications').column('created_at').execute();
  await db.schema.createIndex('applications_by_email').on('applications').column('email').execute();
  await db.schema.createIndex('bookings_by_application').on('bookings').column('application_id').execute();
}

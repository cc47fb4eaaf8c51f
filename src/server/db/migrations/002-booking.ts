import { type Kysely, sql } from 'kysely';
import { timestampType, withId } from '../columns.ts';

export async function up(db: Kysely<unknown>) {
  const timestamp = timestampType(db);

  await db.schema
    .createTable('booking_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('settings', 'text', (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('blocked_dates')
    .addColumn('date', 'text', (c) => c.primaryKey())
    .addColumn('reason', 'text')
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('bookings'))
    .addColumn('reference', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('starts_at', timestamp, (c) => c.notNull())
    .addColumn('ends_at', timestamp, (c) => c.notNull())
    .addColumn('local_date', 'text', (c) => c.notNull())
    .addColumn('local_time', 'text', (c) => c.notNull())
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('cancel_token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('meeting_url', 'text')
    .addColumn('meeting_id', 'text')
    .addColumn('application_id', 'integer')
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('cancelled_at', timestamp)
    .execute();

  // The database, not a read-then-write, decides who gets a slot: one confirmed booking per start time.
  await db.schema
    .createIndex('bookings_one_confirmed_per_start')
    .on('bookings')
    .column('starts_at')
    .unique()
    .where(sql.ref('status'), '=', 'confirmed')
    .execute();
  await db.schema.createIndex('bookings_by_start').on('bookings').columns(['starts_at', 'status']).execute();
  await db.schema.createIndex('bookings_by_email').on('bookings').column('email').execute();
}

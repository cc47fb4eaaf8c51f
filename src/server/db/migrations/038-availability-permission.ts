import type { Kysely } from 'kysely';
import { timestampType, withId } from '../columns.ts';

// Availability for more than owners, and by the hour (issue 36): an owner may let a member of staff keep
// the calendar's availability (the receptionist who blocks Christmas); `availability_granted_at` says
// since when, null when they may not. A part of a day is blocked as a period of its own: the calendar
// offers no call that overlaps it. Its day and times are kept as typed, on the calendar's clocks, for the
// list staff read; its instants are what the free-times check compares.
export async function up(db: Kysely<unknown>) {
  const timestamp = timestampType(db);
  await db.schema.alterTable('users').addColumn('availability_granted_at', timestamp).execute();
  await withId(db, db.schema.createTable('blocked_times'))
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('from_time', 'text', (c) => c.notNull())
    .addColumn('to_time', 'text', (c) => c.notNull())
    .addColumn('starts_at', timestamp, (c) => c.notNull())
    .addColumn('ends_at', timestamp, (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('blocked_times_by_start').on('blocked_times').column('starts_at').execute();
}

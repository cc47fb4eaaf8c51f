import { type Kysely, sql } from 'kysely';
import { timestampType, withId } from '../columns.ts';
import { isPostgres } from '../database.ts';

// Advisers: members of staff whose diaries the booking calendar offers. Each may override the firm's
// working hours, call length and buffer, block dates of their own, and connect one calendar (CalDAV or an
// ICS feed) whose busy times are copied here by a sync job, so offering times never waits on a remote
// server. A booked call belongs to one adviser; calls booked before there were advisers have none, and the
// first adviser added takes them over (advisers/service.ts).
export async function up(db: Kysely<unknown>) {
  const timestamp = timestampType(db);
  const postgres = isPostgres(db);
  const id = (table: string) => withId(db, db.schema.createTable(table));

  await id('advisers')
    .addColumn('user_id', 'integer', (c) => c.notNull().unique().references('users.id'))
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('introduction', 'text', (c) => c.notNull().defaultTo(''))
    // JSON: the firm's settings this adviser has their own of (workingHours, callMinutes, bufferMinutes).
    .addColumn('overrides', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('adviser_blocked_dates')
    .addColumn('adviser_id', 'integer', (c) => c.notNull().references('advisers.id').onDelete('cascade'))
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('adviser_blocked_dates_pk', ['adviser_id', 'date'])
    .execute();

  await db.schema
    .createTable('adviser_calendars')
    .addColumn('adviser_id', 'integer', (c) => c.primaryKey().references('advisers.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    // Shown to staff: the calendar server's host name only, never its path or credentials.
    .addColumn('display_host', 'text', (c) => c.notNull())
    // The URL, user name and password, sealed with CALENDAR_SECRET_KEY (calendars/secret-box.ts).
    .addColumn('sealed_source', 'text', (c) => c.notNull())
    .addColumn('etag', 'text')
    .addColumn('last_modified', 'text')
    .addColumn('last_attempt_at', timestamp)
    .addColumn('last_success_at', timestamp)
    .addColumn('last_error', 'text')
    .addColumn('next_sync_at', timestamp, (c) => c.notNull())
    // A lease, so two instances never sync one calendar at once.
    .addColumn('locked_until', timestamp)
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('adviser_busy')
    .addColumn('adviser_id', 'integer', (c) => c.notNull().references('advisers.id').onDelete('cascade'))
    .addColumn('starts_at', timestamp, (c) => c.notNull())
    .addColumn('ends_at', timestamp, (c) => c.notNull())
    .execute();
  // By adviser for a sync replacing theirs; by time for the calendar reading one day of everyone's.
  await db.schema
    .createIndex('adviser_busy_by_adviser')
    .on('adviser_busy')
    .columns(['adviser_id', 'starts_at'])
    .execute();
  await db.schema.createIndex('adviser_busy_by_start').on('adviser_busy').column('starts_at').execute();

  // Calls to write into, or remove from, an adviser's calendar: done by a worker with retries, so a
  // booking never waits on a remote server and none is lost when one is down.
  await id('calendar_writes')
    .addColumn('booking_id', 'integer', (c) => c.notNull().references('bookings.id'))
    .addColumn('adviser_id', 'integer', (c) => c.notNull().references('advisers.id').onDelete('cascade'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', timestamp, (c) => c.notNull())
    .addColumn('locked_until', timestamp)
    .addColumn('last_error', 'text')
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('done_at', timestamp)
    .execute();
  await db.schema
    .createIndex('calendar_writes_due')
    .on('calendar_writes')
    .columns(['status', 'next_attempt_at'])
    .execute();

  await db.schema
    .alterTable('bookings')
    .addColumn('adviser_id', 'integer', (c) => c.references('advisers.id'))
    .execute();
  // Where the call was written in a CalDAV adviser's calendar, so cancelling can remove it.
  await db.schema.alterTable('bookings').addColumn('calendar_event_url', 'text').execute();

  // One confirmed call per adviser and start (calls from before advisers count as adviser 0) replaces one
  // per start: two advisers may now hold calls at the same time.
  await db.schema.dropIndex('bookings_one_confirmed_per_start').execute();
  await db.schema
    .createIndex('bookings_one_confirmed_per_adviser_start')
    .on('bookings')
    .expression(sql`coalesce(adviser_id, 0), starts_at`)
    .unique()
    .where(sql.ref('status'), '=', 'confirmed')
    .execute();
  await db.schema
    .createIndex('bookings_by_adviser_start')
    .on('bookings')
    .columns(['adviser_id', 'starts_at'])
    .execute();

  if (postgres) {
    // Calls of different lengths may overlap without sharing a start: PostgreSQL refuses two confirmed
    // calls of one adviser whose times overlap. GiST compares integers only through the btree_gist
    // extension, which would need installing; the adviser as a one-value range needs nothing, since two
    // such ranges overlap exactly when the advisers are the same. (SQLite checks the overlap inside the
    // booking's IMMEDIATE transaction: booking/assignment.ts.)
    await sql`
      alter table bookings add constraint bookings_no_overlap_per_adviser
      exclude using gist (
        int4range(coalesce(adviser_id, 0), coalesce(adviser_id, 0), '[]') with &&,
        tstzrange(starts_at, ends_at) with &&
      ) where (status = 'confirmed')`.execute(db);
  }
}

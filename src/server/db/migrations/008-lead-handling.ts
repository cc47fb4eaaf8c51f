import type { Kysely } from 'kysely';
import { timestampType, withId } from '../columns.ts';

export async function up(db: Kysely<unknown>) {
  const timestamp = timestampType(db);

  // Where the firm has got to with each lead (new, contacted, qualified, won, lost). Bookings keep their
  // own `status` (confirmed or cancelled); their stage is the lead's.
  for (const table of ['enquiries', 'applications', 'bookings']) {
    await db.schema
      .alterTable(table)
      .addColumn('stage', 'text', (c) => c.notNull().defaultTo('new'))
      .execute();
  }
  // The back office's lists filter by stage and page by date, newest first.
  await db.schema
    .createIndex('enquiries_by_kind_stage_created')
    .on('enquiries')
    .columns(['kind', 'stage', 'created_at'])
    .execute();
  await db.schema
    .createIndex('applications_by_stage_created')
    .on('applications')
    .columns(['stage', 'created_at'])
    .execute();

  // A lead's timeline lists the emails sent to its address since it arrived.
  await db.schema
    .createIndex('outbox_messages_by_recipient')
    .on('outbox_messages')
    .columns(['recipient', 'created_at'])
    .execute();

  // What happened to a lead: staff notes, stage changes, a cancellation. Emails come from the outbox.
  await withId(db, db.schema.createTable('lead_events'))
    .addColumn('lead_kind', 'text', (c) => c.notNull())
    .addColumn('lead_id', 'integer', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('lead_events_by_lead')
    .on('lead_events')
    .columns(['lead_kind', 'lead_id', 'created_at'])
    .execute();

  // Who did what that touches personal data or staff: exports, erasures, invitations, disabled users.
  await withId(db, db.schema.createTable('audit_log'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_by_created').on('audit_log').column('created_at').execute();
}

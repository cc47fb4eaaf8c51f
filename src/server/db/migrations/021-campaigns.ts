import type { Kysely } from 'kysely';
import { timestampType, withId } from '../columns.ts';

// Newsletter campaigns: written in the back office, sent through the outbox to confirmed subscribers.
// One row per (campaign, subscriber) in campaign_recipients, made unique, is written in the same
// transaction as that subscriber's outbox message, so a crash, a restart or a second instance can never
// queue a second one. Subscribers gain a count of permanent refusals by their mail server (bouncing).
export async function up(db: Kysely<unknown>) {
  const timestamp = timestampType(db);
  const id = (table: string) => withId(db, db.schema.createTable(table));

  await id('campaigns')
    // The archive's address of the issue, once sent: /insights/newsletter/:slug.
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body_markdown', 'text', (c) => c.notNull())
    // The article it was made from, if any: articles are wired in separately, so no foreign key.
    .addColumn('article_id', 'integer')
    // draft → scheduled → sending → sent, or cancelled before sending.
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
    .addColumn('created_by', 'integer', (c) => c.references('users.id'))
    .addColumn('scheduled_for', timestamp)
    .addColumn('started_at', timestamp)
    // Recipients are added in batches by subscriber id: the last id added, so a crash resumes after it.
    .addColumn('expanded_through', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expanded_at', timestamp)
    // When the next recipient's message may go, so the rate holds across batches, instances and restarts.
    .addColumn('next_send_at', timestamp)
    // A lease, so one instance at a time adds the recipients.
    .addColumn('locked_until', timestamp)
    .addColumn('sent_at', timestamp)
    .addColumn('cancelled_at', timestamp)
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('campaigns_by_status').on('campaigns').columns(['status', 'sent_at']).execute();

  await id('campaign_recipients')
    .addColumn('campaign_id', 'integer', (c) => c.notNull().references('campaigns.id').onDelete('cascade'))
    .addColumn('subscriber_id', 'integer', (c) => c.notNull().references('subscribers.id'))
    .addColumn('email', 'text', (c) => c.notNull())
    // queued → sent, failed (refused or given up) or skipped (unsubscribed or bouncing before it went).
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('outbox_id', 'integer')
    .addColumn('sent_at', timestamp)
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addUniqueConstraint('campaign_recipients_once', ['campaign_id', 'subscriber_id'])
    .execute();
  await db.schema
    .createIndex('campaign_recipients_by_subscriber')
    .on('campaign_recipients')
    .column('subscriber_id')
    .execute();
  await db.schema
    .createIndex('campaign_recipients_by_status')
    .on('campaign_recipients')
    .columns(['campaign_id', 'status'])
    .execute();

  await db.schema
    .alterTable('subscribers')
    .addColumn('refusals', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('subscribers').addColumn('last_refused_at', timestamp).execute();
}

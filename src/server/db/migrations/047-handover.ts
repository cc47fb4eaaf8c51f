import type { Kysely } from 'kysely';
import { timestampType, withId } from '../columns.ts';

// Handing a won client over to the firm's other software (issue 37, decision 031): the owner's webhook
// (its address and the salt its signing secret is derived from, never the secret itself), and the queue
// of its deliveries, leased and retried with back-off as the mail outbox and calendar writes are. A
// delivery keeps the body it was queued with until it is delivered or given up, then only its envelope.
export async function up(db: Kysely<unknown>) {
  const timestamp = timestampType(db);

  await db.schema
    .createTable('webhook_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('url', 'text')
    .addColumn('secret_salt', 'text')
    .addColumn('secret_made_at', timestamp)
    .addColumn('updated_by', 'integer', (c) => c.references('users.id'))
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('webhook_deliveries'))
    .addColumn('proposal_id', 'integer', (c) => c.notNull().references('proposals.id'))
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', timestamp, (c) => c.notNull())
    .addColumn('locked_until', timestamp)
    .addColumn('last_error', 'text')
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('delivered_at', timestamp)
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_due')
    .on('webhook_deliveries')
    .columns(['status', 'next_attempt_at'])
    .execute();
}

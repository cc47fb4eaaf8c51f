import type { Kysely } from 'kysely';
import { timestampType, withId } from '../columns.ts';

export async function up(db: Kysely<unknown>) {
  const timestamp = timestampType(db);

  await withId(db, db.schema.createTable('subscribers'))
    // Lower-cased, so one person is one subscriber however they type their address.
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) => c.notNull())
    // Only a hash: the link in the email is the only copy of the token.
    .addColumn('confirm_token_hash', 'text', (c) => c.unique())
    .addColumn('confirmation_sent_at', timestamp)
    // Kept as is, because every email to the subscriber carries it; it can only unsubscribe.
    .addColumn('unsubscribe_token', 'text', (c) => c.notNull().unique())
    .addColumn('confirmed_at', timestamp)
    .addColumn('unsubscribed_at', timestamp)
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('subscribers_by_status').on('subscribers').column('status').execute();

  // The consent trail: every sign-up (which form, the words shown, the IP address), confirmation and
  // unsubscription, never updated or deleted.
  await withId(db, db.schema.createTable('subscriber_consents'))
    .addColumn('subscriber_id', 'integer', (c) => c.notNull().references('subscribers.id'))
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('wording', 'text')
    .addColumn('ip_address', 'text')
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('subscriber_consents_by_subscriber')
    .on('subscriber_consents')
    .column('subscriber_id')
    .execute();
}

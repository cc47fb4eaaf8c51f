import type { Kysely } from 'kysely';

// How many emails the public forms (contact and quote acknowledgements, booking confirmations, sign-up
// confirmations) sent one address on one UTC day, so that no one can have a stranger's inbox flooded
// (mail/recipient-cap.ts). The address is kept only as a keyed hash; a row is of no use after its day,
// and the retention job deletes it.
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('recipient_mail_counts')
    .addColumn('recipient_hash', 'text', (c) => c.notNull())
    // YYYY-MM-DD in UTC.
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('sent', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('recipient_mail_counts_pkey', ['recipient_hash', 'day'])
    .execute();
  await db.schema
    .createIndex('recipient_mail_counts_by_day')
    .on('recipient_mail_counts')
    .column('day')
    .execute();
}

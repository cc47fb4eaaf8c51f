import type { Kysely } from 'kysely';

// Today's "new since your last visit" reads every kind of lead by when it arrived, whatever its kind or
// stage: enquiries and calls had no index on that alone (enquiries' leads with their kind; calls' none),
// so each visit read the whole of both tables.
export async function up(db: Kysely<unknown>) {
  await db.schema.createIndex('enquiries_by_created').on('enquiries').column('created_at').execute();
  await db.schema.createIndex('bookings_by_created').on('bookings').column('created_at').execute();
}

import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>) {
  // Which network address made each booking, as a keyed hash (booking/source-address.ts): enough to count
  // one address's bookings in a day, and no readable address kept with the call. Older rows have none.
  await db.schema.alterTable('bookings').addColumn('source_address_hash', 'text').execute();
  await db.schema
    .createIndex('bookings_by_source_address_created')
    .on('bookings')
    .columns(['source_address_hash', 'created_at'])
    .execute();
}

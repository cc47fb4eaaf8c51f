import type { Kysely } from 'kysely';

// Calls moved and reassigned (issue 36, docs/behaviour/booking.md#changing-a-call): each change sends the
// visitor (and the adviser's diary) the call's invitation again under the same UID, and a calendar takes
// the new version only when its SEQUENCE is higher than the one it holds. The count of changes is kept
// here; a cancellation's SEQUENCE is one above it.
export async function up(db: Kysely<unknown>) {
  await db.schema
    .alterTable('bookings')
    .addColumn('sequence', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

import { type Kysely, sql } from 'kysely';
import { isPostgres } from '#server/db/database.ts';
import type { Database } from '#server/db/schema.ts';

type Db = Kysely<Database>;

export function findBookingByCancelToken(db: Db, tokenHash: string) {
  return db.selectFrom('bookings').selectAll().where('cancel_token_hash', '=', tokenHash).executeTakeFirst();
}

export function findBookingByReference(db: Db, reference: string) {
  return db.selectFrom('bookings').selectAll().where('reference', '=', reference).executeTakeFirst();
}

export function findBooking(db: Db, id: number) {
  return db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function recordMeeting(db: Db, id: number, meeting: { url: string; id: string | null }) {
  await db
    .updateTable('bookings')
    .set({ meeting_url: meeting.url, meeting_id: meeting.id })
    .where('id', '=', id)
    .execute();
}

/**
 * Holds one email address's and one network's booking limits until the transaction ends, so two bookings
 * racing for them are counted one after the other. SQLite needs nothing: Kysely runs one transaction at a
 * time on its one connection. Always the email first, then the network, so two holders never wait on
 * each other.
 */
export async function lockBookingLimits(trx: Db, email: string, sourceAddressHash: string) {
  if (!isPostgres(trx)) return;
  for (const key of [`booking-email:${email.toLowerCase()}`, `booking-network:${sourceAddressHash}`]) {
    await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
  }
}

/** Confirmed calls still to come for an email address, in any letter case. */
export async function countUpcomingForEmail(db: Db, email: string, now: Date): Promise<number> {
  const row = await db
    .selectFrom('bookings')
    .select((e) => e.fn.countAll<number>().as('n'))
    .where(sql<string>`lower(${sql.ref('email')})`, '=', email.toLowerCase())
    .where('status', '=', 'confirmed')
    .where('starts_at', '>', now.toISOString())
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Bookings made from one network since a moment, cancelled ones included: each sent an email. */
export async function countBookedFromNetworkSince(db: Db, sourceAddressHash: string, since: Date) {
  const row = await db
    .selectFrom('bookings')
    .select((e) => e.fn.countAll<number>().as('n'))
    .where('source_address_hash', '=', sourceAddressHash)
    .where('created_at', '>=', since.toISOString())
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

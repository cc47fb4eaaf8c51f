import { sql } from 'kysely';
import { type Db, isPostgres } from '#server/db/database.ts';
import type { Slot } from './availability.ts';
import type { Diary } from './diaries.ts';

// Who takes a booked call: of the advisers free at the chosen time, the one whose turn it is. Decided
// inside the booking's transaction (writeTransaction), after the diaries' calls are read again there, so
// two visitors racing for the last free adviser cannot both get them.

/** A diary that offers the chosen time, with that time's slot as its own call length cuts it. */
export interface Candidate {
  diary: Diary;
  slot: Slot;
}

/**
 * Holds one day's bookings until the transaction ends on PostgreSQL, so two bookings on that day are
 * assigned one after the other (the exclusion constraint would refuse a clash anyway, but the loser
 * should get the next free adviser, not a refusal). SQLite's IMMEDIATE transaction already holds them.
 */
export async function lockBookingDay(trx: Db, localDate: string) {
  if (!isPostgres(trx)) return;
  await sql`select pg_advisory_xact_lock(hashtextextended(${`booking-day:${localDate}`}, 0))`.execute(trx);
}

/**
 * The candidate still free once the calls committed by now are counted, chosen fairly: fewest upcoming
 * calls, then the longest since their last booking (never booked counts as longest), then the adviser
 * added first. Undefined when every candidate has been taken meanwhile. `ignoring`: the call being moved,
 * which does not stand in its own way.
 */
export async function fairestFreeCandidate(
  trx: Db,
  candidates: readonly Candidate[],
  now: Date,
  ignoring?: number,
): Promise<Candidate | undefined> {
  const free: Candidate[] = [];
  for (const candidate of candidates) {
    if (!(await overlapsACall(trx, candidate, ignoring))) free.push(candidate);
  }
  if (free.length <= 1) return free[0];

  const ids = free.map((c) => c.diary.adviserId).filter((id): id is number => id !== null);
  const counted = await trx
    .selectFrom('bookings')
    .select((eb) => [
      'adviser_id',
      eb.fn
        .sum<number>(
          eb
            .case()
            .when(eb.and([eb('status', '=', 'confirmed'), eb('starts_at', '>', now.toISOString())]))
            .then(1)
            .else(0)
            .end(),
        )
        .as('upcoming'),
      eb.fn.max('created_at').as('last_booked'),
    ])
    .where('adviser_id', 'in', ids)
    .groupBy('adviser_id')
    .execute();
  const standing = new Map(counted.map((row) => [row.adviser_id, row]));
  const rank = (candidate: Candidate) => {
    const row = standing.get(candidate.diary.adviserId);
    return { upcoming: Number(row?.upcoming ?? 0), lastBooked: row?.last_booked ?? '' };
  };
  return [...free].sort((a, b) => {
    const ra = rank(a);
    const rb = rank(b);
    return (
      ra.upcoming - rb.upcoming ||
      ra.lastBooked.localeCompare(rb.lastBooked) ||
      (a.diary.adviserId ?? 0) - (b.diary.adviserId ?? 0)
    );
  })[0];
}

/** Whether a confirmed call of the candidate's diary overlaps their slot, buffer included either side. */
async function overlapsACall(trx: Db, { diary, slot }: Candidate, ignoring: number | undefined) {
  const buffer = diary.settings.bufferMinutes * 60_000;
  let query = trx
    .selectFrom('bookings')
    .select('id')
    .where('status', '=', 'confirmed')
    .where('starts_at', '<', new Date(slot.end.getTime() + buffer).toISOString())
    .where('ends_at', '>', new Date(slot.start.getTime() - buffer).toISOString());
  // The firm's own diary, before it had advisers, is busy with every call.
  if (diary.adviserId !== null) query = query.where('adviser_id', '=', diary.adviserId);
  if (ignoring !== undefined) query = query.where('id', '!=', ignoring);
  return (await query.limit(1).executeTakeFirst()) !== undefined;
}

import type { Kysely } from 'kysely';
import { isPostgres } from '#server/db/database.ts';
import type { Database } from '#server/db/schema.ts';

// The queue of calls to put into, or take out of, CalDAV advisers' calendars. Leased like the mail outbox
// (mail/outbox.ts): each row is claimed by one worker at a time, and a crashed worker's lease runs out.

type Db = Kysely<Database>;

export interface CalendarWrite {
  id: number;
  bookingId: number;
  adviserId: number;
  action: 'add' | 'remove';
  attempts: number;
  createdAt: Date;
}

/** Queues a write; pass the booking's (or cancellation's) transaction, so the two commit together. */
export async function queueCalendarWrite(
  trx: Db,
  write: { bookingId: number; adviserId: number; action: 'add' | 'remove' },
  now: Date,
) {
  const at = now.toISOString();
  await trx
    .insertInto('calendar_writes')
    .values({
      booking_id: write.bookingId,
      adviser_id: write.adviserId,
      action: write.action,
      status: 'pending',
      next_attempt_at: at,
      created_at: at,
    })
    .execute();
}

/** The adds of this call into this adviser's calendar. */
const addsOf = (db: Db, bookingId: number, adviserId: number) =>
  db
    .selectFrom('calendar_writes')
    .select('id')
    .where('booking_id', '=', bookingId)
    .where('adviser_id', '=', adviserId)
    .where('action', '=', 'add');

/**
 * Whether the call was ever queued for this adviser's calendar (rather than emailed to them); a call
 * given to another adviser was queued for, or emailed to, each the way their own calendar allowed.
 */
export async function hasQueuedAdd(trx: Db, bookingId: number, adviserId: number) {
  return (await addsOf(trx, bookingId, adviserId).executeTakeFirst()) !== undefined;
}

/** Whether the call was written into this adviser's calendar at least once (not settled unwritten). */
export async function wasWritten(db: Db, bookingId: number, adviserId: number) {
  const written = await addsOf(db, bookingId, adviserId)
    .where('status', '=', 'done')
    .where('last_error', 'is', null)
    .executeTakeFirst();
  return written !== undefined;
}

/** Leases up to `limit` due writes, oldest first, so a call's add is tried before its remove. */
export async function claimDueWrites(db: Db, limit: number, leaseMs: number, now: Date) {
  const at = now.toISOString();
  const leaseEnd = new Date(now.getTime() + leaseMs).toISOString();
  let due = db
    .selectFrom('calendar_writes')
    .select('id')
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', at)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', at)]))
    .orderBy('id')
    .limit(limit);
  if (isPostgres(db)) due = due.forUpdate().skipLocked();
  const rows = await db
    .updateTable('calendar_writes')
    .set((eb) => ({ locked_until: leaseEnd, attempts: eb('attempts', '+', 1) }))
    .where('id', 'in', due)
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', at)]))
    .returning(['id', 'booking_id', 'adviser_id', 'action', 'attempts', 'created_at'])
    .execute();
  return rows
    .map(
      (r): CalendarWrite => ({
        id: r.id,
        bookingId: r.booking_id,
        adviserId: r.adviser_id,
        action: r.action,
        attempts: r.attempts,
        createdAt: new Date(r.created_at),
      }),
    )
    .sort((a, b) => a.id - b.id);
}

/** Extends this worker's lease on writes it still holds (a slow calendar server may take a while). */
export async function renewWriteLeases(db: Db, ids: number[], leaseMs: number, now: Date) {
  if (ids.length === 0) return;
  await db
    .updateTable('calendar_writes')
    .set({ locked_until: new Date(now.getTime() + leaseMs).toISOString() })
    .where('id', 'in', ids)
    .where('status', '=', 'pending')
    .execute();
}

export async function markWriteDone(db: Db, id: number, now: Date) {
  await db
    .updateTable('calendar_writes')
    .set({ status: 'done', done_at: now.toISOString(), locked_until: null, last_error: null })
    .where('id', '=', id)
    .execute();
}

/** A failed try: due again after `retryAt`, or failed for good (kept with its reason) when it is null. */
export async function markWriteFailed(db: Db, id: number, reason: string, retryAt: Date | null, now: Date) {
  await db
    .updateTable('calendar_writes')
    .set({
      status: retryAt ? 'pending' : 'failed',
      next_attempt_at: (retryAt ?? now).toISOString(),
      locked_until: null,
      last_error: reason.slice(0, 2000),
    })
    .where('id', '=', id)
    .execute();
}

/** Another worker is writing this call into the adviser's calendar right now. */
export async function addInProgress(db: Db, bookingId: number, adviserId: number, now: Date) {
  const writing = await addsOf(db, bookingId, adviserId)
    .where('status', '=', 'pending')
    .where('locked_until', '>', now.toISOString())
    .executeTakeFirst();
  return writing !== undefined;
}

/**
 * The call is cancelled before it ever reached the calendar: the add still waiting (or given up) is
 * settled as done, since there is nothing left to write.
 */
export async function settleUnwrittenAdds(db: Db, bookingId: number, adviserId: number, now: Date) {
  await db
    .updateTable('calendar_writes')
    .set({
      status: 'done',
      done_at: now.toISOString(),
      locked_until: null,
      last_error: 'Not written: the call was cancelled first.',
    })
    .where('booking_id', '=', bookingId)
    .where('adviser_id', '=', adviserId)
    .where('action', '=', 'add')
    .where('status', 'in', ['pending', 'failed'])
    .execute();
}

/** Where the call now is in the adviser's calendar, so its removal knows what to delete. */
export async function recordEventUrl(db: Db, bookingId: number, url: string) {
  await db.updateTable('bookings').set({ calendar_event_url: url }).where('id', '=', bookingId).execute();
}

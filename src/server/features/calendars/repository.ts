import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import type { BusyInterval } from './busy-times.ts';

// The sync job's reads and writes of adviser_calendars and adviser_busy.

type Db = Kysely<Database>;

export interface ClaimedCalendar {
  adviserId: number;
  kind: 'caldav' | 'ics';
  sealedSource: string;
  etag: string | null;
  lastModified: string | null;
  readUntil: string | null;
  lastError: string | null;
}

/** Calendars whose next read is due and which no instance holds. */
export async function dueCalendarIds(db: Db, now: Date, limit: number): Promise<number[]> {
  const at = now.toISOString();
  const rows = await db
    .selectFrom('adviser_calendars')
    .select('adviser_id')
    .where('next_sync_at', '<=', at)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', at)]))
    .orderBy('next_sync_at')
    .limit(limit)
    .execute();
  return rows.map((row) => row.adviser_id);
}

/**
 * Takes the lease on one calendar with a conditional UPDATE, so of two instances only one reads it.
 * `onlyIfDue` also requires its next read to be due (the timer's passes; "sync now" reads at once).
 * Undefined when there is no such calendar or another instance holds it.
 */
export async function claimCalendar(
  db: Db,
  adviserId: number,
  now: Date,
  leaseMs: number,
  onlyIfDue: boolean,
): Promise<ClaimedCalendar | undefined> {
  const at = now.toISOString();
  let update = db
    .updateTable('adviser_calendars')
    .set({ locked_until: new Date(now.getTime() + leaseMs).toISOString(), last_attempt_at: at })
    .where('adviser_id', '=', adviserId)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', at)]));
  if (onlyIfDue) update = update.where('next_sync_at', '<=', at);
  const row = await update
    .returning(['adviser_id', 'kind', 'sealed_source', 'etag', 'last_modified', 'read_until', 'last_error'])
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    adviserId: row.adviser_id,
    kind: row.kind,
    sealedSource: row.sealed_source,
    etag: row.etag,
    lastModified: row.last_modified,
    readUntil: row.read_until,
    lastError: row.last_error,
  };
}

export interface SuccessfulRead {
  /** Undefined when the feed answered 304: the stored busy times stand. */
  busy: BusyInterval[] | undefined;
  etag: string | null;
  lastModified: string | null;
  readUntil: Date;
  /** Words for staff about a read that succeeded with a reservation (stored where a failure's are). */
  note: string | null;
}

// SQLite allows 32,766 parameters in a statement; three a row keeps well inside it.
const rowsPerInsert = 500;

/**
 * Stores a successful read: the adviser's busy rows replaced in the same transaction as the calendar's
 * state, so the booking calendar never sees half a calendar. Nothing is written when the calendar was
 * disconnected or replaced while it was being read (its sealed source no longer matches).
 */
export async function recordSuccess(
  db: Db,
  claimed: ClaimedCalendar,
  read: SuccessfulRead,
  now: Date,
  nextSyncAt: Date,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('adviser_calendars')
      .set({
        last_success_at: now.toISOString(),
        last_error: read.note,
        next_sync_at: nextSyncAt.toISOString(),
        locked_until: null,
        ...(read.busy
          ? { etag: read.etag, last_modified: read.lastModified, read_until: read.readUntil.toISOString() }
          : {}),
      })
      .where('adviser_id', '=', claimed.adviserId)
      .where('sealed_source', '=', claimed.sealedSource)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return false;
    if (read.busy) {
      await trx.deleteFrom('adviser_busy').where('adviser_id', '=', claimed.adviserId).execute();
      for (let i = 0; i < read.busy.length; i += rowsPerInsert) {
        await trx
          .insertInto('adviser_busy')
          .values(
            read.busy.slice(i, i + rowsPerInsert).map(({ start, end }) => ({
              adviser_id: claimed.adviserId,
              starts_at: start.toISOString(),
              ends_at: end.toISOString(),
            })),
          )
          .execute();
      }
    }
    return true;
  });
}

/** Stores a failed read: the words for staff, the lease let go; the busy rows from the last success stay. */
export async function recordFailure(
  db: Db,
  claimed: ClaimedCalendar,
  words: string,
  nextSyncAt: Date,
): Promise<void> {
  await db
    .updateTable('adviser_calendars')
    .set({ last_error: words, next_sync_at: nextSyncAt.toISOString(), locked_until: null })
    .where('adviser_id', '=', claimed.adviserId)
    .where('sealed_source', '=', claimed.sealedSource)
    .execute();
}

/**
 * The references of calls booked here that overlap a window, whatever their status: the UIDs of the
 * events the site wrote or emailed into advisers' diaries, which a read of their calendar leaves out.
 */
export async function bookingReferencesBetween(db: Db, from: Date, to: Date): Promise<string[]> {
  const rows = await db
    .selectFrom('bookings')
    .select('reference')
    .where('starts_at', '<', to.toISOString())
    .where('ends_at', '>', from.toISOString())
    .execute();
  return rows.map((row) => row.reference);
}

/** The busy times the last sync stored for an adviser that overlap a window. */
export async function storedBusyBetween(
  db: Db,
  adviserId: number,
  from: Date,
  to: Date,
): Promise<BusyInterval[]> {
  const rows = await db
    .selectFrom('adviser_busy')
    .select(['starts_at', 'ends_at'])
    .where('adviser_id', '=', adviserId)
    .where('starts_at', '<', to.toISOString())
    .where('ends_at', '>', from.toISOString())
    .orderBy('starts_at')
    .execute();
  return rows.map((row) => ({ start: new Date(row.starts_at), end: new Date(row.ends_at) }));
}

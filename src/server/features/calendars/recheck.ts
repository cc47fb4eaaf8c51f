import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import { loadSettings } from '#server/features/availability/index.ts';
import type { BusyInterval } from './busy-times.ts';
import { readCalendar } from './calendar-reader.ts';
import { defaultReadLimits } from './read-limits.ts';
import { bookingReferencesBetween, storedBusyBetween } from './repository.ts';
import { secretBox } from './secret-box.ts';

export interface CalendarRecheckOptions {
  db: Kysely<Database>;
  /** CALENDAR_SECRET_KEY. */
  secretKey: string;
  /** How long the booking may wait for the adviser's calendar; 2 s unless told. */
  timeoutMs?: number;
  /** Refuse connections to private addresses, checked as each socket connects (production; guarded-dispatcher.ts). */
  refusePrivateHosts?: boolean;
}

/**
 * Re-reads one adviser's calendar for just a window, just before a booking is confirmed, in case a
 * meeting was added since the last sync. Resolves with their busy times then, or undefined when they
 * have no calendar or it could not be read in time: the booking then relies on the last sync. A feed is
 * asked with the last sync's validators, so an unchanged one answers 304 instead of the whole file, and
 * the busy times that sync stored stand.
 */
export function createCalendarRecheck({
  db,
  secretKey,
  timeoutMs = 2000,
  refusePrivateHosts,
}: CalendarRecheckOptions) {
  const box = secretBox(secretKey);
  const limits = { ...defaultReadLimits, timeoutMs, refusePrivateHosts };
  return async function recheck(
    adviserId: number,
    from: Date,
    to: Date,
  ): Promise<BusyInterval[] | undefined> {
    try {
      const row = await db
        .selectFrom('adviser_calendars')
        .select(['sealed_source', 'etag', 'last_modified', 'read_until'])
        .where('adviser_id', '=', adviserId)
        .executeTakeFirst();
      if (!row) return undefined;
      const { timeZone } = await loadSettings(db);
      // The stored busy times cover up to read_until; past it a 304 would say nothing about the window.
      const covered = row.read_until !== null && to.getTime() <= new Date(row.read_until).getTime();
      const validators = covered ? { etag: row.etag, lastModified: row.last_modified } : undefined;
      const ownUids = await bookingReferencesBetween(db, from, to);
      const source = box.open(row.sealed_source);
      const read = await readCalendar(source, validators, { from, to, timeZone }, limits, ownUids);
      return read.changed ? read.busy : await storedBusyBetween(db, adviserId, from, to);
    } catch {
      return undefined;
    }
  };
}

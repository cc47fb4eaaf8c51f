import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import { loadSettings } from '#server/features/booking/index.ts';
import type { BusyInterval } from './busy-times.ts';
import { readCalendar } from './calendar-reader.ts';
import { defaultReadLimits } from './limited-fetch.ts';
import { secretBox } from './secret-box.ts';

export interface CalendarRecheckOptions {
  db: Kysely<Database>;
  /** CALENDAR_SECRET_KEY. */
  secretKey: string;
  /** How long the booking may wait for the adviser's calendar; 2 s unless told. */
  timeoutMs?: number;
}

/**
 * Re-reads one adviser's calendar for just a window, just before a booking is confirmed, in case a
 * meeting was added since the last sync. Resolves with their busy times then, or undefined when they
 * have no calendar or it could not be read in time: the booking then relies on the last sync.
 */
export function createCalendarRecheck({ db, secretKey, timeoutMs = 2000 }: CalendarRecheckOptions) {
  const box = secretBox(secretKey);
  const limits = { ...defaultReadLimits, timeoutMs };
  return async function recheck(
    adviserId: number,
    from: Date,
    to: Date,
  ): Promise<BusyInterval[] | undefined> {
    try {
      const row = await db
        .selectFrom('adviser_calendars')
        .select('sealed_source')
        .where('adviser_id', '=', adviserId)
        .executeTakeFirst();
      if (!row) return undefined;
      const { timeZone } = await loadSettings(db);
      const read = await readCalendar(box.open(row.sealed_source), undefined, { from, to, timeZone }, limits);
      return read.changed ? read.busy : undefined;
    } catch {
      return undefined;
    }
  };
}

// What the diaries offering times have on a date: their working hours cut into calls, which of those
// their calendars were read far enough to judge, and which are clear of what keeps each diary busy.
import { zonedTimeToUtc } from '#server/time/zoned-time.ts';
import { addDays, type CalendarDate, toIsoDate } from '#shared/calendar.ts';
import { type BusyPeriod, freeFrom, openSlotsOn, type Slot } from './availability.ts';
import type { Diary } from './diaries.ts';

const dayMs = 24 * 60 * 60_000;

/**
 * The call length the calendar announces ("A free 30-minute video call"): the one every diary offering
 * times shares, or undefined when they differ (the firm's is announced then, and each confirmation gives
 * the call's own length).
 */
export function commonCallMinutes(diaries: readonly Diary[]) {
  const lengths = new Set(diaries.map((diary) => diary.settings.callMinutes));
  return lengths.size === 1 ? [...lengths][0] : undefined;
}

export interface BusyWindowBasis {
  timeZone: string;
  /** The longest buffer among the diaries: a call that close to the day still keeps a slot busy. */
  marginMinutes: number;
}

/** The date in the firm's zone, widened by the longest buffer: what can keep one of its slots busy. */
export function busyWindow(date: CalendarDate, { timeZone, marginMinutes }: BusyWindowBasis) {
  const margin = marginMinutes * 60_000;
  return {
    from: zonedTimeToUtc(date, 0, 0, timeZone).getTime() - margin,
    to: zonedTimeToUtc(addDays(date, 1), 0, 0, timeZone).getTime() + margin,
  };
}

/** The date with a whole day either side, in UTC: holds busyWindow's for any zone and buffer allowed. */
export function utcDaysAround(date: CalendarDate) {
  const midnight = Date.UTC(date.year, date.month, date.day);
  return { from: midnight - dayMs, to: midnight + 2 * dayMs };
}

export type DiaryPredicate = (diary: Diary) => (slot: Slot) => boolean;

/** Each diary's check of a slot against what keeps it busy, made once for all the dates it is asked of. */
export function freeCheckers(
  diaries: readonly Diary[],
  busyFor: (diary: Diary) => BusyPeriod[],
): DiaryPredicate {
  const checks = new Map(
    diaries.map((diary) => [diary, freeFrom(busyFor(diary), diary.settings.bufferMinutes)]),
  );
  return (diary) => checks.get(diary) ?? (() => false);
}

/**
 * What each diary has on a date: `open`, its working hours cut into calls without counting what keeps it
 * busy; `knownSlots`, those its calendar was read far enough to judge; and `isFree(slot)`, clear of its
 * calls and its calendar's busy times. Advisers sharing their hours, call length and buffer (most share the
 * firm's) share one grid of slots, cut once.
 */
export function daySlots(
  date: CalendarDate,
  diaries: readonly Diary[],
  blockedFor: (diary: Diary) => ReadonlySet<string>,
  isFreeIn: DiaryPredicate,
  at: Date,
) {
  const iso = toIsoDate(date);
  const grids = new Map<string, Slot[]>();
  return diaries.map((diary) => {
    const blockedDates = blockedFor(diary);
    const { workingHours, callMinutes, bufferMinutes } = diary.settings;
    const key = `${blockedDates.has(iso)} ${callMinutes} ${bufferMinutes} ${JSON.stringify(workingHours)}`;
    let open = grids.get(key);
    if (!open) {
      open = openSlotsOn(date, diary.settings, { now: at, blockedDates });
      grids.set(key, open);
    }
    // Nothing is known of the times after their calendar was read up to (see Diary.knownUntil).
    const known = diary.knownUntil?.getTime() ?? Number.POSITIVE_INFINITY;
    const knownSlots = open.filter((slot) => slot.end.getTime() <= known);
    return { diary, open, knownSlots, isFree: isFreeIn(diary) };
  });
}

import { addDays, type CalendarDate, zoneFormatter } from '#shared/calendar.ts';

const wallClockParts: Intl.DateTimeFormatOptions = {
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
};

// Every zone's offset is a multiple of 15 minutes and changes at a local whole hour, so it is the same
// throughout each 15-minute stretch of UTC; remembering it per stretch spares formatToParts, which is slow.
const offsetStretchMs = 15 * 60_000;
const offsetsByZone = new Map<string, Map<number, number>>();

/** The wall-clock time in a zone at an instant, as if it were UTC (so plain arithmetic works on it). */
function wallClockMs(timeZone: string, instant: number): number {
  let offsets = offsetsByZone.get(timeZone);
  if (!offsets) {
    offsets = new Map();
    offsetsByZone.set(timeZone, offsets);
  }
  const key = Math.floor(instant / offsetStretchMs);
  let offset = offsets.get(key);
  if (offset === undefined) {
    const parts: Record<string, number> = {};
    for (const part of zoneFormatter(timeZone, wallClockParts).formatToParts(new Date(instant)))
      parts[part.type] = Number(part.value);
    const wall = Date.UTC(
      parts.year as number,
      (parts.month as number) - 1,
      parts.day,
      parts.hour,
      parts.minute,
      parts.second,
    );
    offset = wall - (instant - (instant % 1000));
    if (offsets.size > 100_000) offsets.clear(); // some three years of stretches of one zone; never unbounded
    offsets.set(key, offset);
  }
  return instant + offset;
}

/**
 * The instant at which a zone's clocks show a date and time. In the hour that clocks skip (spring
 * forward) the later reading is used; in the hour they repeat (fall back), the first.
 */
export function zonedTimeToUtc(date: CalendarDate, hour: number, minute: number, timeZone: string): Date {
  const wanted = Date.UTC(date.year, date.month, date.day, hour, minute);
  let guess = wanted - (wallClockMs(timeZone, wanted) - wanted);
  const offsetThen = wallClockMs(timeZone, guess) - guess;
  guess = wanted - offsetThen;
  // Fall back: the same wall time occurs twice; prefer the earlier instant.
  const earlier = guess - 3_600_000;
  if (wallClockMs(timeZone, earlier) === wanted) guess = earlier;
  return new Date(guess);
}

/** Midnight on a zone's clocks `days` after the day they show at `instant` (0: the start of that day). */
export function midnightIn(timeZone: string, instant: Date, days: number): Date {
  const { date } = utcToZonedTime(instant, timeZone);
  return zonedTimeToUtc(addDays(date, days), 0, 0, timeZone);
}

/** The date and time a zone's clocks show at an instant. */
export function utcToZonedTime(instant: Date, timeZone: string) {
  const wall = new Date(wallClockMs(timeZone, instant.getTime()));
  return {
    date: { year: wall.getUTCFullYear(), month: wall.getUTCMonth(), day: wall.getUTCDate() } as CalendarDate,
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
  };
}

/** "GMT" or "BST" for London, "GMT+1" style elsewhere: shown beside times in emails. */
export function zoneAbbreviation(instant: Date, timeZone: string): string {
  const name = zoneFormatter(timeZone, { timeZoneName: 'short' })
    .formatToParts(instant)
    .find((part) => part.type === 'timeZoneName')?.value;
  return name ?? timeZone;
}

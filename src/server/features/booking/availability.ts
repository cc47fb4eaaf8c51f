import { zonedTimeToUtc } from '#server/time/zoned-time.ts';
import { type AvailabilitySettings, calendarSettingsOf } from '#shared/booking-settings.ts';
import {
  addDays,
  type CalendarDate,
  compareDates,
  isSelectable,
  todayIn,
  toIsoDate,
  weekdayName,
} from '#shared/calendar.ts';
import { bankHolidays } from './bank-holidays.ts';

export interface Slot {
  startHour: number;
  startMinute: number;
  start: Date;
  end: Date;
}

export interface BusyPeriod {
  start: Date;
  end: Date;
}

/** What decides whether a date is open at all: everything but the calls already booked. */
export interface OpeningContext {
  now: Date;
  /** ISO dates the firm has blocked. */
  blockedDates: ReadonlySet<string>;
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * A day's working periods in minutes, earliest first, with any that overlap joined into one, so no time is
 * offered twice. The back office refuses overlapping periods, but settings saved before it did may hold some.
 */
function workingPeriods(periods: readonly { start: string; end: string }[]) {
  const sorted = periods
    .map((period) => ({ start: minutesOf(period.start), end: minutesOf(period.end) }))
    .filter((period) => period.start < period.end)
    .sort((a, b) => a.start - b.start);
  const joined: { start: number; end: number }[] = [];
  for (const period of sorted) {
    const last = joined.at(-1);
    if (last && period.start < last.end) last.end = Math.max(last.end, period.end);
    else joined.push({ ...period });
  }
  return joined;
}

/**
 * The call slots a date offers before any booking is counted, earliest first, in the firm's time zone: its
 * working hours cut into calls, less bank holidays, blocked dates and anything closer than the minimum
 * notice. Slots start on a grid of call length plus buffer.
 */
function* openSlots(date: CalendarDate, settings: AvailabilitySettings, context: OpeningContext) {
  const iso = toIsoDate(date);
  const today = todayIn(settings.timeZone, context.now);
  if (!isSelectable(date, today, calendarSettingsOf(settings))) return;
  if (bankHolidays(date.year).has(iso) || context.blockedDates.has(iso)) return;

  const earliest = context.now.getTime() + settings.minimumNoticeHours * 3_600_000;
  const step = settings.callMinutes + settings.bufferMinutes;
  for (const period of workingPeriods(settings.workingHours[weekdayName(date)])) {
    for (let minute = period.start; minute + settings.callMinutes <= period.end; minute += step) {
      const start = zonedTimeToUtc(date, Math.floor(minute / 60), minute % 60, settings.timeZone);
      if (start.getTime() < earliest) continue;
      const end = new Date(start.getTime() + settings.callMinutes * 60_000);
      yield { startHour: Math.floor(minute / 60), startMinute: minute % 60, start, end } satisfies Slot;
    }
  }
}

/** The call slots a date offers before any booking is counted, earliest first (see openSlots). */
export function openSlotsOn(
  date: CalendarDate,
  settings: AvailabilitySettings,
  context: OpeningContext,
): Slot[] {
  return [...openSlots(date, settings, context)];
}

/** Whether a slot overlaps no busy period, with the buffer kept clear either side. */
export function freeFrom(busy: readonly BusyPeriod[], bufferMinutes: number): (slot: Slot) => boolean {
  // In milliseconds once, with the buffer added, as every slot of the day is checked against them all.
  const bufferMs = bufferMinutes * 60_000;
  const starts = busy.map((period) => period.start.getTime() - bufferMs);
  const ends = busy.map((period) => period.end.getTime() + bufferMs);
  return ({ start, end }) => {
    const [from, to] = [start.getTime(), end.getTime()];
    for (let i = 0; i < starts.length; i++)
      if (from < (ends[i] as number) && (starts[i] as number) < to) return false;
    return true;
  };
}

/**
 * The dates from `from` to `to`, both included, that offer no time however few calls are booked: outside
 * the days offered, an ignored weekday, a bank holiday, blocked, without working hours, or all too soon.
 * As ISO dates, earliest first.
 */
export function closedDatesBetween(
  from: CalendarDate,
  to: CalendarDate,
  settings: AvailabilitySettings,
  context: OpeningContext,
): string[] {
  const closed: string[] = [];
  for (let date = from; compareDates(date, to) <= 0; date = addDays(date, 1)) {
    if (openSlots(date, settings, context).next().done) closed.push(toIsoDate(date));
  }
  return closed;
}

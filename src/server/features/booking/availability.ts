import type { AvailabilitySettings } from '../../../shared/booking-settings.ts';
import {
  type CalendarDate,
  isSelectable,
  todayIn,
  toIsoDate,
  weekdayName,
} from '../../../shared/calendar.ts';
import { bankHolidays } from './bank-holidays.ts';
import { zonedTimeToUtc } from './zoned-time.ts';

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

export interface AvailabilityContext {
  now: Date;
  /** ISO dates the firm has blocked. */
  blockedDates: ReadonlySet<string>;
  /** Calls already booked around the date. */
  busy: readonly BusyPeriod[];
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * The free call slots on a date, in the firm's time zone: its working hours cut into calls, less bank
 * holidays, blocked dates, anything closer than the minimum notice, and anything that would overlap a
 * booked call or the buffer around it. Slots start on a grid of call length plus buffer.
 */
export function slotsForDate(
  date: CalendarDate,
  settings: AvailabilitySettings,
  context: AvailabilityContext,
): Slot[] {
  const iso = toIsoDate(date);
  const today = todayIn(settings.timeZone, context.now);
  if (!isSelectable(date, today, settings)) return [];
  if (bankHolidays(date.year).has(iso) || context.blockedDates.has(iso)) return [];

  const earliest = context.now.getTime() + settings.minimumNoticeHours * 3_600_000;
  const bufferMs = settings.bufferMinutes * 60_000;
  const step = settings.callMinutes + settings.bufferMinutes;
  const slots: Slot[] = [];
  for (const period of settings.workingHours[weekdayName(date)]) {
    for (
      let minute = minutesOf(period.start);
      minute + settings.callMinutes <= minutesOf(period.end);
      minute += step
    ) {
      const start = zonedTimeToUtc(date, Math.floor(minute / 60), minute % 60, settings.timeZone);
      const end = new Date(start.getTime() + settings.callMinutes * 60_000);
      if (start.getTime() < earliest) continue;
      const clashes = context.busy.some(
        (call) =>
          start.getTime() < call.end.getTime() + bufferMs && call.start.getTime() < end.getTime() + bufferMs,
      );
      if (!clashes) slots.push({ startHour: Math.floor(minute / 60), startMinute: minute % 60, start, end });
    }
  }
  return slots;
}

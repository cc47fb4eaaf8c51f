import { zonedTimeToUtc } from '#server/time/zoned-time.ts';
import type { AvailabilitySettings } from '#shared/booking-settings.ts';
import { addDays, todayIn } from '#shared/calendar.ts';
import type { BusyWindow } from './busy-times.ts';

/** How many days ahead busy times are read when the firm offers every day ahead (maxDaysOffered 0). */
const daysReadWithoutLimit = 366;

/** The window a sync reads: from now to the end of the last day the calendar offers, in the firm's zone. */
export function syncWindow(
  settings: Pick<AvailabilitySettings, 'timeZone' | 'maxDaysOffered'>,
  now: Date,
): BusyWindow {
  const today = todayIn(settings.timeZone, now);
  const days = settings.maxDaysOffered > 0 ? settings.maxDaysOffered : daysReadWithoutLimit;
  return {
    from: now,
    to: zonedTimeToUtc(addDays(today, days + 1), 0, 0, settings.timeZone),
    timeZone: settings.timeZone,
  };
}

import { dayLabel, periodLabel } from '#shared/availability-words.ts';
import type { AvailabilitySettings } from '#shared/booking-settings.ts';
import { type WeekdayName, weekdayNames } from '#shared/calendar.ts';

// The working hours' rules, apart from their form (WorkingHours.tsx) so that they are proven without a
// browser: what adding, removing, closing and opening do to a day, where the keyboard goes next, and
// which periods and in what order the server's refusals point at.

export type Hours = AvailabilitySettings['workingHours'];
export type Period = Hours[WeekdayName][number];

export const officeHours: Period = { start: '09:00', end: '17:00' };

/** "17:00" plus an hour, or the last minute of the day. */
export function hourAfter(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const minute = Math.min(hours * 60 + minutes + 60, 23 * 60 + 59);
  return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
}

/** A new period: office hours on an empty day, else the hour after the day's last period. */
export function nextPeriod(periods: readonly Period[]): Period {
  const last = periods.at(-1);
  if (!last?.end) return officeHours;
  return { start: last.end, end: hourAfter(last.end) };
}

/** The form's hours, and the periods of each day just closed, so that opening it again gives them back. */
export interface HoursState {
  hours: Hours;
  closedWith: Partial<Hours>;
}

export type HoursEvent =
  | { type: 'close'; day: WeekdayName }
  | { type: 'open'; day: WeekdayName }
  | { type: 'add'; day: WeekdayName }
  | { type: 'remove'; day: WeekdayName; index: number }
  | { type: 'time'; day: WeekdayName; index: number; end: 'start' | 'end'; value: string };

/**
 * One change to the hours, and the control the keyboard goes on from once the day is drawn again (named
 * `day-index-start`, `day-index-remove` or `day-add`): after adding a period, its start; after removing
 * one, the Remove button of the period before it, else the day's Add button.
 */
export function hoursStep(state: HoursState, event: HoursEvent): HoursState & { focus: string | null } {
  const { day } = event;
  const periods = state.hours[day];
  const withDay = (next: Period[], focus: string | null = null, closedWith = state.closedWith) => ({
    hours: { ...state.hours, [day]: next },
    closedWith,
    focus,
  });
  switch (event.type) {
    case 'close':
      return withDay([], null, { ...state.closedWith, [day]: periods });
    case 'open': {
      const before = state.closedWith[day];
      return withDay(before?.length ? before : [officeHours]);
    }
    case 'add':
      return withDay([...periods, nextPeriod(periods)], `${day}-${periods.length}-start`);
    case 'remove': {
      const left = periods.length - 1;
      const focus = left === 0 ? `${day}-add` : `${day}-${Math.max(event.index - 1, 0)}-remove`;
      return withDay(
        periods.filter((_, index) => index !== event.index),
        focus,
      );
    }
    case 'time':
      return withDay(
        periods.map((period, index) =>
          index === event.index ? { ...period, [event.end]: event.value } : period,
        ),
      );
  }
}

/**
 * The periods a refusal of the whole day points at: those ending before they start and those that
 * overlap another; every period when neither is found (the day changed since it was refused).
 */
export function periodsAtFault(periods: readonly Period[]): Set<number> {
  const faulty = new Set<number>();
  periods.forEach((period, index) => {
    if (period.start && period.end && period.start >= period.end) faulty.add(index);
    periods.forEach((other, otherIndex) => {
      const bothRunForward = period.start < period.end && other.start < other.end;
      if (otherIndex !== index && bothRunForward && period.start < other.end && other.start < period.end)
        faulty.add(index);
    });
  });
  return faulty.size > 0 ? faulty : new Set(periods.keys());
}

/**
 * The refusals in the order the form shows them: the working hours by weekday, the day's own before its
 * periods', periods in order; then the other settings as they came.
 */
export function inWeekOrder(problems: readonly string[]): string[] {
  const lastPlace = (weekdayNames.length + 1) * 1000;
  const place = (problem: string) => {
    const day = weekdayNames.findIndex((name) =>
      [':', ','].some((after) => problem.startsWith(`${dayLabel(name)}${after}`)),
    );
    const name = weekdayNames[day];
    if (name === undefined) return lastPlace;
    const rest = problem.slice(dayLabel(name).length);
    if (rest.startsWith(':')) return day * 1000;
    let period = 0;
    while (period < 999 && !rest.startsWith(`, ${periodLabel(period)}:`)) period++;
    return day * 1000 + period + 1;
  };
  return problems
    .map((problem, index) => ({ problem, index, place: place(problem) }))
    .sort((a, b) => a.place - b.place || a.index - b.index)
    .map(({ problem }) => problem);
}

import { zonedTimeToUtc } from '#server/time/zoned-time.ts';
import type { ReportPeriodQuery, Reports } from '#shared/api/back-office-reports.ts';
import {
  addDays,
  type CalendarDate,
  compareDates,
  parseIsoDate,
  todayIn,
  toIsoDate,
  weekdayIndex,
} from '#shared/calendar.ts';
import { firmTimeZone } from '#shared/site-firm.ts';

// A report's period: whole days on the firm's clocks, as the lists filter by, and the instants that bound
// it, which is what the queries compare stored times with.

/** The default period: the last 90 days, today included. */
const defaultDays = 90;
/** Up to this many days the subscribers are counted by week; beyond, by month. */
const weeklyUpToDays = 92;

export interface Period {
  from: CalendarDate;
  to: CalendarDate;
  /** The first instant of `from` and of the day after `to`, on the firm's clocks. */
  since: string;
  before: string;
  unit: Reports['period']['unit'];
}

const midnight = (date: CalendarDate) => zonedTimeToUtc(date, 0, 0, firmTimeZone).toISOString();

export function periodOf(query: ReportPeriodQuery, now: Date): Period {
  const to = (query.to && parseIsoDate(query.to)) || todayIn(firmTimeZone, now);
  const from = (query.from && parseIsoDate(query.from)) || addDays(to, 1 - defaultDays);
  const days =
    Math.round(
      (Date.UTC(to.year, to.month, to.day) - Date.UTC(from.year, from.month, from.day)) / 86_400_000,
    ) + 1;
  return {
    from,
    to,
    since: midnight(from),
    before: midnight(addDays(to, 1)),
    unit: days <= weeklyUpToDays ? 'week' : 'month',
  };
}

/** What the answer says of the period. */
export const periodWords = (period: Period): Reports['period'] => ({
  from: toIsoDate(period.from),
  to: toIsoDate(period.to),
  unit: period.unit,
});

export interface Span {
  from: CalendarDate;
  to: CalendarDate;
  /** The first instant after it. */
  before: string;
}

/** The period cut into weeks (Monday to Sunday) or calendar months; the first and last may be partial. */
export function spansOf(period: Period): Span[] {
  const spans: Span[] = [];
  let start = period.from;
  // Compared as dates, not as text: "10000-01-02" would sort before "9999-12-31", and never end.
  while (compareDates(start, period.to) <= 0) {
    const next =
      period.unit === 'week'
        ? addDays(start, 7 - weekdayIndex(start))
        : { year: start.month === 11 ? start.year + 1 : start.year, month: (start.month + 1) % 12, day: 1 };
    const last = compareDates(addDays(next, -1), period.to) < 0 ? addDays(next, -1) : period.to;
    spans.push({ from: start, to: last, before: midnight(addDays(last, 1)) });
    start = next;
  }
  return spans;
}

import { formatLongDate, parseIsoDate } from '#shared/calendar.ts';
import { firmTimeZone } from '#shared/site-firm.ts';

/** An instant as the firm reads it: "21 Nov 2026, 14:05". */
export function when(iso: string | null): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleString('en-GB', {
    timeZone: firmTimeZone,
    dateStyle: 'medium',
    timeStyle: 'short',
  });
}

/** A YYYY-MM-DD day as a heading: "Monday 23 November 2026". */
export function longDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date)).toLocaleDateString('en-GB', {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
}

/**
 * A YYYY-MM-DD day as the agenda and the week head it, the way the booking emails write it: "Monday 23
 * November 2026", or "Monday 23 November" where the year is said elsewhere.
 */
export function dayHeading(day: string, { year = true } = {}): string {
  const date = parseIsoDate(day);
  if (!date) return day;
  const text = formatLongDate(date);
  return year ? text : text.replace(/ \d+$/, '');
}

import { formatLongDate, parseIsoDate } from '#shared/calendar.ts';
import { pounds as poundsOf } from '#shared/enquiry-details.ts';
import { type Frequency, frequencies, frequencyWords, poundsOf as penceInPounds } from '#shared/pricing.ts';
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

/** An amount kept in pence, as the firm reads it: "£1,250", "£99.50". */
export const pounds = (pence: number) => poundsOf(pence / 100);

const units = [
  ['year', 'y', 365],
  ['month', 'mo', 30],
  ['week', 'w', 7],
  ['day', 'd', 1],
] as const;

/**
 * How long ago, in the largest whole unit: `words` "3 days ago" for reading aloud, `short` "3d" for a
 * card; both "today" within a day.
 */
export function ago(iso: string, now = new Date()): { words: string; short: string } {
  const days = (now.getTime() - new Date(iso).getTime()) / 86_400_000;
  for (const [unit, letter, length] of units) {
    const count = Math.floor(days / length);
    if (count >= 1)
      return { words: `${count} ${unit}${count === 1 ? '' : 's'} ago`, short: `${count}${letter}` };
  }
  return { words: 'today', short: 'today' };
}

/** A proposal's totals before VAT as one line: "£115.00 a month, £900.00 a year"; nothing for none. */
export function feesWords(totals: Record<Frequency, { fee: number }>): string {
  return frequencies
    .filter((frequency) => totals[frequency].fee > 0)
    .map((frequency) => `${penceInPounds(totals[frequency].fee)} ${frequencyWords[frequency]}`)
    .join(', ');
}

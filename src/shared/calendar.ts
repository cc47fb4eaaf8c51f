// Calendar maths shared by the booking calendar, the date picker and the server's availability engine.
// Dates are plain year/month/day values (month 0-based, as in docs/behaviour/booking.md#sending-a-booking); arithmetic goes through UTC so
// daylight saving never shifts a day.

export interface CalendarDate {
  year: number;
  /** 0-based, January is 0. */
  month: number;
  day: number;
}

export const weekdayAbbreviations = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
export const weekdayNames = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type WeekdayName = (typeof weekdayNames)[number];
const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** The page's calendar settings (docs/behaviour/booking.md#booking-calendar), as the server's availability settings supply them. */
export interface CalendarSettings {
  pastDateAllowed: boolean;
  /** Days ahead that can be chosen; 0 means no limit. */
  maxDaysOffered: number;
  /** Weekday names that cannot be chosen, compared case-insensitively. */
  ignoreDays: string[];
  /**
   * ISO dates that cannot be chosen either, as the server lists them: days the firm takes no calls
   * (blocked, bank holidays, too soon), so a visitor never picks a day that has no times.
   */
  closedDates?: readonly string[];
}

const utc = (date: CalendarDate) => Date.UTC(date.year, date.month, date.day);
const fromUtc = (ms: number): CalendarDate => {
  const d = new Date(ms);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth(), day: d.getUTCDate() };
};

export function addDays(date: CalendarDate, days: number): CalendarDate {
  return fromUtc(utc(date) + days * 86_400_000);
}

export function compareDates(a: CalendarDate, b: CalendarDate): number {
  return Math.sign(utc(a) - utc(b));
}

export function daysBetween(from: CalendarDate, to: CalendarDate): number {
  return Math.round((utc(to) - utc(from)) / 86_400_000);
}

/** 0 for Monday … 6 for Sunday. */
export function weekdayIndex(date: CalendarDate): number {
  return (new Date(utc(date)).getUTCDay() + 6) % 7;
}

export function weekdayName(date: CalendarDate): WeekdayName {
  return weekdayNames[weekdayIndex(date)] as WeekdayName;
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

/** The month as weeks of seven cells, Monday first; cells outside the month are null. */
export function monthGrid(year: number, month: number): (CalendarDate | null)[][] {
  const lead = weekdayIndex({ year, month, day: 1 });
  const cells: (CalendarDate | null)[] = Array.from({ length: lead }, () => null);
  for (let day = 1; day <= daysInMonth(year, month); day++) cells.push({ year, month, day });
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));
}

/**
 * Whether a day can be chosen: not past (unless past days are allowed), within the days offered, not an
 * ignored weekday, and not one of the closed dates.
 */
export function isSelectable(date: CalendarDate, today: CalendarDate, settings: CalendarSettings): boolean {
  if (!settings.pastDateAllowed && compareDates(date, today) < 0) return false;
  if (settings.maxDaysOffered > 0 && daysBetween(today, date) > settings.maxDaysOffered) return false;
  if (settings.closedDates?.includes(toIsoDate(date))) return false;
  const ignored = settings.ignoreDays.map((name) => name.trim().toLowerCase());
  return !ignored.includes(weekdayName(date));
}

/** Month back is blocked at the current month when past dates are not allowed. */
export function canGoToPreviousMonth(
  view: { year: number; month: number },
  today: CalendarDate,
  settings: CalendarSettings,
) {
  if (settings.pastDateAllowed) return true;
  return view.year * 12 + view.month > today.year * 12 + today.month;
}

/** Month forward is limited by maxDaysOffered: the next month must start on or before the last day offered. */
export function canGoToNextMonth(
  view: { year: number; month: number },
  today: CalendarDate,
  settings: CalendarSettings,
) {
  if (settings.maxDaysOffered <= 0) return true;
  const next = addMonths(view, 1);
  return compareDates({ ...next, day: 1 }, addDays(today, settings.maxDaysOffered)) <= 0;
}

export function addMonths(view: { year: number; month: number }, months: number) {
  const index = view.year * 12 + view.month + months;
  return { year: Math.floor(index / 12), month: ((index % 12) + 12) % 12 };
}

export function toIsoDate(date: CalendarDate): string {
  return `${String(date.year).padStart(4, '0')}-${pad(date.month + 1)}-${pad(date.day)}`;
}

export function parseIsoDate(text: string): CalendarDate | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const date = { year: Number(match[1]), month: Number(match[2]) - 1, day: Number(match[3]) };
  return date.month <= 11 && date.day >= 1 && date.day <= daysInMonth(date.year, date.month) ? date : null;
}

/** "23/11/2026": how a date is written in the UK, and how the date picker shows one. */
export function formatDayMonthYear(date: CalendarDate): string {
  return `${pad(date.day)}/${pad(date.month + 1)}/${date.year}`;
}

/**
 * What a person types for a date: day/month/year with slashes, dots, dashes or spaces ("23/11/2026",
 * "3.1.2027"), or an ISO date. Null when it is not a real date.
 */
export function parseTypedDate(text: string): CalendarDate | null {
  const trimmed = text.trim();
  const iso = parseIsoDate(trimmed);
  if (iso) return iso;
  const match = /^(\d{1,2})[/.\-\s]+(\d{1,2})[/.\-\s]+(\d{4})$/.exec(trimmed);
  if (!match) return null;
  const date = { year: Number(match[3]), month: Number(match[2]) - 1, day: Number(match[1]) };
  return date.month >= 0 && isValidDate(date) ? date : null;
}

export function isValidDate(date: CalendarDate): boolean {
  return parseIsoDate(toIsoDate(date)) !== null;
}

export function monthTitle(view: { year: number; month: number }): string {
  return `${monthNames[view.month]} ${view.year}`;
}

/** "Monday 23 November 2026": the date text of the call-booked event and the emails. */
export function formatLongDate(date: CalendarDate): string {
  const weekday = weekdayName(date);
  return `${weekday[0]?.toUpperCase()}${weekday.slice(1)} ${date.day} ${monthNames[date.month]} ${date.year}`;
}

/** "9:30am", "12:00pm": the time text of a slot. */
export function formatTime(hour: number, minute: number): string {
  const suffix = hour < 12 ? 'am' : 'pm';
  return `${hour % 12 === 0 ? 12 : hour % 12}:${pad(minute)}${suffix}`;
}

/**
 * A call's date and time as stored (YYYY-MM-DD and HH:MM on the firm's clocks) in words, joined by
 * `joiner`: "Monday 7 December 2026 at 9:30am"; as stored when the date cannot be read.
 */
export function callDateTimeWords(isoDate: string, hhmm: string, joiner: string): string {
  const date = parseIsoDate(isoDate);
  const [hour = 0, minute = 0] = hhmm.split(':').map(Number);
  return date ? `${formatLongDate(date)}${joiner}${formatTime(hour, minute)}` : `${isoDate} ${hhmm}`;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** An en-GB date formatter for a time zone, made once (making one is slow; the site uses a zone or two). */
export function zoneFormatter(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone} ${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', { ...options, timeZone });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** Today's date in a time zone (the firm's, so visitors abroad see the same calendar). */
export function todayIn(timeZone: string, now = new Date()): CalendarDate {
  const formatter = zoneFormatter(timeZone, { year: 'numeric', month: 'numeric', day: 'numeric' });
  const parts = formatter.formatToParts(now).reduce<Record<string, number>>((all, part) => {
    all[part.type] = Number(part.value);
    return all;
  }, {});
  return { year: parts.year as number, month: (parts.month as number) - 1, day: parts.day as number };
}

function pad(n: number) {
  return String(n).padStart(2, '0');
}

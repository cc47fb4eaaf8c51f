import { firm } from '#content/firm.ts';
import { utcToZonedTime } from '../time/zoned-time.ts';

/** A CSV column: its header and how to read it from a row. */
export type CsvColumn<Row> = [header: string, value: (row: Row) => string | null];

/**
 * One CSV field. Anything a spreadsheet would run as a formula (starting =, +, -, @, tab or carriage
 * return) is prefixed with an apostrophe, so a visitor's "=HYPERLINK(…)" stays text (OWASP's advice);
 * quotes are doubled and fields with commas, quotes or line breaks are quoted (RFC 4180).
 */
export function csvField(value: string | null): string {
  let text = value ?? '';
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine<Row>(columns: CsvColumn<Row>[], row: Row): string {
  return `${columns.map(([, value]) => csvField(value(row))).join(',')}\r\n`;
}

export function csvHeader<Row>(columns: CsvColumn<Row>[]): string {
  return `${columns.map(([header]) => csvField(header)).join(',')}\r\n`;
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

/**
 * An instant as the firm's clocks showed it, with their offset from UTC, so a spreadsheet reader sees
 * the time they know and can still tell summer from winter: "2026-11-22 14:30 +00:00",
 * "2026-07-01 09:00 +01:00".
 */
export function csvTime(iso: string | null, timeZone: string = firm.timeZone): string | null {
  if (!iso) return null;
  const instant = new Date(iso);
  const { date, hour, minute } = utcToZonedTime(instant, timeZone);
  const wall = Date.UTC(date.year, date.month, date.day, hour, minute);
  const offset = Math.round((wall - Math.floor(instant.getTime() / 60_000) * 60_000) / 60_000);
  const sign = offset < 0 ? '-' : '+';
  const day = `${date.year}-${twoDigits(date.month + 1)}-${twoDigits(date.day)}`;
  return `${day} ${twoDigits(hour)}:${twoDigits(minute)} ${sign}${twoDigits(Math.floor(Math.abs(offset) / 60))}:${twoDigits(Math.abs(offset) % 60)}`;
}

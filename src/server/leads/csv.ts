import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { Page } from '#shared/api/lead-lists.ts';
import { type LeadStage, leadStageLabels } from '#shared/back-office.ts';
import { firmTimeZone } from '#shared/site-firm.ts';
import { utcToZonedTime } from '../time/zoned-time.ts';

/** A CSV column: its header and how to read it from a row. */
export type CsvColumn<Row> = [header: string, value: (row: Row) => string | null];

/**
 * What a CSV download starts with: the UTF-8 byte order mark. Without it Excel reads the file in the
 * computer's legacy code page, and "£1,200" or the header "Approximate annual turnover (£)" show as
 * "Â£"; with it every spreadsheet reads UTF-8. Other readers skip it.
 */
export const csvByteOrderMark = '\uFEFF';

/**
 * One CSV field. Anything a spreadsheet would run as a formula (starting =, +, -, @, tab or carriage
 * return) is prefixed with an apostrophe, so a visitor's "=HYPERLINK(…)" stays text (OWASP's advice);
 * quotes are doubled and fields with commas, quotes or line breaks are quoted (RFC 4180).
 *
 * A phone number written the international way ("+44 7700 900123") gets the apostrophe too, and Excel
 * shows it: that is deliberate. Excel reads a leading + as a formula whether or not the field is
 * quoted (that number would show as #NULL!, a space being its intersection operator), and a leading
 * space or tab is kept by some spreadsheets and stripped by others, which would let a formula through.
 * The apostrophe is the one prefix every spreadsheet shows as text.
 */
export function csvField(value: string | null): string {
  let text = value ?? '';
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine<Row>(columns: CsvColumn<Row>[], row: Row): string {
  return `${columns.map(([, value]) => csvField(value(row))).join(',')}\r\n`;
}

/** A lead's stage as the back office shows it ("New", not "new"). */
export const csvStage = (stage: LeadStage): string => leadStageLabels[stage];

export function csvHeader<Row>(columns: CsvColumn<Row>[]): string {
  return `${columns.map(([header]) => csvField(header)).join(',')}\r\n`;
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

/**
 * An instant as the firm's clocks showed it, with their offset from UTC, so a spreadsheet reader sees
 * the time they know and can still tell summer from winter: "2026-11-22 14:30 +00:00",
 * "2026-07-01 09:00 +01:00".
 */
export function csvTime(iso: string | null, timeZone: string = firmTimeZone): string | null {
  if (!iso) return null;
  const instant = new Date(iso);
  const { date, hour, minute } = utcToZonedTime(instant, timeZone);
  const wall = Date.UTC(date.year, date.month, date.day, hour, minute);
  const offset = Math.round((wall - Math.floor(instant.getTime() / 60_000) * 60_000) / 60_000);
  const sign = offset < 0 ? '-' : '+';
  const day = `${date.year}-${twoDigits(date.month + 1)}-${twoDigits(date.day)}`;
  return `${day} ${twoDigits(hour)}:${twoDigits(minute)} ${sign}${twoDigits(Math.floor(Math.abs(offset) / 60))}:${twoDigits(Math.abs(offset) % 60)}`;
}

/**
 * A whole CSV file, read `page` after page (keyset pages, so memory stays flat however long the list):
 * the byte order mark and header, then each page's lines. `read` is given the previous page's `next`.
 */
export async function* csvLines<Row>(
  columns: CsvColumn<Row>[],
  read: (after: string | undefined) => Promise<Page<Row>>,
): AsyncGenerator<string> {
  yield csvByteOrderMark + csvHeader(columns);
  let after: string | undefined;
  while (true) {
    const page = await read(after);
    yield page.items.map((row) => csvLine(columns, row)).join('');
    if (!page.next) return;
    after = page.next;
  }
}

/** Sends the lines as a download named `<name>-YYYY-MM-DD.csv`, the day as the firm's clocks say. */
export function sendCsv(reply: FastifyReply, name: string, now: Date, lines: AsyncIterable<string>) {
  const day = now.toLocaleDateString('en-CA', { timeZone: firmTimeZone });
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${day}.csv"`)
    .send(Readable.from(lines));
}

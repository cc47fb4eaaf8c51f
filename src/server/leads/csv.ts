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

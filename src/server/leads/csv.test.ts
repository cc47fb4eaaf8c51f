import { describe, expect, it } from 'vitest';
import { csvField, csvHeader, csvLine, csvTime } from './csv.ts';

describe('CSV export fields', () => {
  it('keeps a formula a visitor typed as text', () => {
    expect(csvField('=HYPERLINK("http://evil.test","Click")')).toBe(
      `"'=HYPERLINK(""http://evil.test"",""Click"")"`,
    );
    for (const start of ['+', '-', '@', '\t', '\r']) expect(csvField(`${start}1`)).toMatch(/^"?'/);
  });

  it('quotes commas, quotes and line breaks, and leaves plain text alone', () => {
    expect(csvField('Smith, Jones & Co')).toBe('"Smith, Jones & Co"');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('plain text 1')).toBe('plain text 1');
    expect(csvField(null)).toBe('');
  });

  it('writes a header and rows ending in CRLF', () => {
    const columns: [string, (row: { a: string }) => string][] = [['A', (row) => row.a]];
    expect(csvHeader(columns) + csvLine(columns, { a: 'x' })).toBe('A\r\nx\r\n');
  });

  it("writes an instant as the firm's clocks showed it, with their offset in winter and in summer", () => {
    expect(csvTime('2026-11-22T14:30:00.000Z', 'Europe/London')).toBe('2026-11-22 14:30 +00:00');
    expect(csvTime('2026-07-01T08:00:00.000Z', 'Europe/London')).toBe('2026-07-01 09:00 +01:00');
    expect(csvTime('2026-07-01T08:00:00.000Z', 'America/St_Johns')).toBe('2026-07-01 05:30 -02:30');
    expect(csvTime(null)).toBeNull();
  });
});

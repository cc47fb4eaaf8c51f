import { describe, expect, it } from 'vitest';
import { csvField, csvHeader, csvLine } from './csv.ts';

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
});

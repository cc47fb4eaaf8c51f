import { describe, expect, it } from 'vitest';
import { recentTaxYears, taxYearStart } from './tax-years.ts';

describe('UK tax years', () => {
  it('start on 6 April', () => {
    expect(taxYearStart({ year: 2026, month: 3, day: 5 })).toBe(2025);
    expect(taxYearStart({ year: 2026, month: 3, day: 6 })).toBe(2026);
    expect(taxYearStart({ year: 2026, month: 0, day: 1 })).toBe(2025);
    expect(taxYearStart({ year: 2026, month: 11, day: 31 })).toBe(2026);
  });

  it('lists the most recent ones, the current year first', () => {
    expect(recentTaxYears({ year: 2026, month: 10, day: 21 }, 7)).toEqual([
      '2026 to 2027',
      '2025 to 2026',
      '2024 to 2025',
      '2023 to 2024',
      '2022 to 2023',
      '2021 to 2022',
      '2020 to 2021',
    ]);
    expect(recentTaxYears({ year: 2026, month: 3, day: 5 }, 2)).toEqual(['2025 to 2026', '2024 to 2025']);
  });
});

import type { CalendarDate } from './calendar.ts';

/** The year in which the UK tax year containing `date` began: tax years run from 6 April to 5 April. */
export function taxYearStart(date: CalendarDate): number {
  const april = 3;
  const onOrAfterApril6 = date.month > april || (date.month === april && date.day >= 6);
  return onOrAfterApril6 ? date.year : date.year - 1;
}

/** The `count` most recent tax years, the current one first, as GOV.UK writes them: "2026 to 2027". */
export function recentTaxYears(today: CalendarDate, count: number): string[] {
  const current = taxYearStart(today);
  return Array.from({ length: count }, (_, back) => `${current - back} to ${current - back + 1}`);
}

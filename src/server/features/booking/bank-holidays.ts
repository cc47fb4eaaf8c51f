import { addDays, type CalendarDate, toIsoDate, weekdayIndex } from '#shared/calendar.ts';

// England and Wales bank holidays, computed by the rules in the Banking and Financial Dealings Act 1971
// and the annual proclamations, with substitute days when a holiday falls at a weekend.

/** Easter Sunday (Gregorian), by the anonymous algorithm (Meeus/Jones/Butcher). */
export function easterSunday(year: number): CalendarDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return { year, month: month - 1, day };
}

const firstMonday = (year: number, month: number) => {
  const first = { year, month, day: 1 };
  return addDays(first, (7 - weekdayIndex(first)) % 7);
};
const lastMonday = (year: number, month: number) => {
  const last = addDays({ year, month: month + 1, day: 1 }, -1);
  return addDays(last, -weekdayIndex(last));
};
/** Saturday and Sunday holidays move to the next weekday not already a holiday. */
const nextWeekday = (date: CalendarDate) =>
  addDays(date, [0, 0, 0, 0, 0, 2, 1][weekdayIndex(date)] as number);

// Proclaimed changes to the usual pattern: moved days and one-off extra holidays.
const moved: Record<string, string> = {
  '2020-05-04': '2020-05-08', // early May moved to VE Day's 75th anniversary
  '2022-05-30': '2022-06-02', // spring holiday moved for the Platinum Jubilee
  '2012-05-28': '2012-06-04', // spring holiday moved for the Diamond Jubilee
};
const extra = ['2012-06-05', '2022-06-03', '2022-09-19', '2023-05-08'];

export function bankHolidays(year: number): Set<string> {
  const easter = easterSunday(year);
  const days = [
    nextWeekday({ year, month: 0, day: 1 }),
    addDays(easter, -2),
    addDays(easter, 1),
    firstMonday(year, 4),
    lastMonday(year, 4),
    lastMonday(year, 7),
  ].map(toIsoDate);

  // Christmas and Boxing Day: each weekend one takes the next weekday the other has not taken.
  const christmas = { year, month: 11, day: 25 };
  const christmasWeekday = weekdayIndex(christmas);
  if (christmasWeekday <= 3) days.push(toIsoDate(christmas), toIsoDate(addDays(christmas, 1)));
  else if (christmasWeekday === 4)
    days.push(toIsoDate(christmas), toIsoDate(addDays(christmas, 3))); // Fri: Boxing Day on Mon 28
  else if (christmasWeekday === 5)
    days.push(toIsoDate(addDays(christmas, 2)), toIsoDate(addDays(christmas, 3))); // Sat
  else days.push(toIsoDate(addDays(christmas, 1)), toIsoDate(addDays(christmas, 2))); // Sun: Mon 26, Tue 27

  const result = new Set(days.map((day) => moved[day] ?? day));
  for (const day of extra) if (day.startsWith(String(year))) result.add(day);
  return result;
}

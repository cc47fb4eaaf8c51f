import { describe, expect, it } from 'vitest';
import {
  addDays,
  type CalendarSettings,
  canGoToNextMonth,
  canGoToPreviousMonth,
  formatDayMonthYear,
  formatLongDate,
  formatTime,
  isSelectable,
  monthGrid,
  parseIsoDate,
  parseTypedDate,
  todayIn,
  toIsoDate,
} from './calendar.ts';

const today = { year: 2026, month: 10, day: 23 }; // Monday 23 November 2026
const settings: CalendarSettings = {
  pastDateAllowed: false,
  maxDaysOffered: 60,
  ignoreDays: ['Saturday', 'SUNDAY'],
};

describe('month grid', () => {
  it('starts weeks on Monday and pads the first and last week', () => {
    const grid = monthGrid(2026, 10); // November 2026 starts on a Sunday
    expect(grid).toHaveLength(6);
    expect(grid[0]?.slice(0, 6)).toEqual([null, null, null, null, null, null]);
    expect(grid[0]?.[6]).toEqual({ year: 2026, month: 10, day: 1 });
    expect(grid[5]?.[0]).toEqual({ year: 2026, month: 10, day: 30 });
    expect(grid[5]?.slice(1)).toEqual([null, null, null, null, null, null]);
  });

  it('handles leap-year February', () => {
    expect(monthGrid(2028, 1).flat().filter(Boolean)).toHaveLength(29);
    expect(monthGrid(2027, 1).flat().filter(Boolean)).toHaveLength(28);
    expect(monthGrid(2027, 1)).toHaveLength(4); // 1 Feb 2027 is a Monday: four full weeks
  });
});

describe('date selectability', () => {
  it('blocks past days unless past dates are allowed', () => {
    const lastFriday = addDays(today, -3);
    expect(isSelectable(lastFriday, today, settings)).toBe(false);
    expect(isSelectable(today, today, settings)).toBe(true);
    expect(isSelectable(lastFriday, today, { ...settings, pastDateAllowed: true })).toBe(true);
  });

  it('blocks days more than maxDaysOffered ahead, only when it is above 0', () => {
    expect(isSelectable(addDays(today, 59), today, settings)).toBe(true); // a Tuesday, day 59
    expect(isSelectable(addDays(today, 60), today, settings)).toBe(true);
    expect(isSelectable(addDays(today, 64), today, settings)).toBe(false);
    expect(isSelectable(addDays(today, 400), today, { ...settings, maxDaysOffered: 0 })).toBe(true);
  });

  it('blocks ignored weekdays whatever their case', () => {
    expect(isSelectable({ year: 2026, month: 10, day: 28 }, today, settings)).toBe(false); // Saturday
    expect(isSelectable({ year: 2026, month: 10, day: 29 }, today, settings)).toBe(false); // Sunday
    expect(isSelectable({ year: 2026, month: 10, day: 27 }, today, settings)).toBe(true); // Friday
  });

  it('blocks the closed dates the server lists, and only those', () => {
    const closed = { ...settings, closedDates: ['2026-11-26'] };
    expect(isSelectable({ year: 2026, month: 10, day: 26 }, today, closed)).toBe(false);
    expect(isSelectable({ year: 2026, month: 10, day: 27 }, today, closed)).toBe(true);
  });

  it('blocks month back at the current month and month forward past maxDaysOffered', () => {
    expect(canGoToPreviousMonth({ year: 2026, month: 10 }, today, settings)).toBe(false);
    expect(canGoToPreviousMonth({ year: 2026, month: 11 }, today, settings)).toBe(true);
    expect(
      canGoToPreviousMonth({ year: 2026, month: 10 }, today, { ...settings, pastDateAllowed: true }),
    ).toBe(true);
    // 60 days after 23 Nov 2026 is 22 Jan 2027: January can be reached, February cannot.
    expect(canGoToNextMonth({ year: 2026, month: 11 }, today, settings)).toBe(true);
    expect(canGoToNextMonth({ year: 2027, month: 0 }, today, settings)).toBe(false);
    expect(canGoToNextMonth({ year: 2030, month: 0 }, today, { ...settings, maxDaysOffered: 0 })).toBe(true);
  });
});

describe('dates as text', () => {
  it('reads and writes ISO dates, refusing impossible ones', () => {
    expect(toIsoDate({ year: 2028, month: 1, day: 29 })).toBe('2028-02-29');
    expect(parseIsoDate('2028-02-29')).toEqual({ year: 2028, month: 1, day: 29 });
    expect(parseIsoDate('2027-02-29')).toBeNull();
    expect(parseIsoDate('2027-13-01')).toBeNull();
  });

  it('reads a typed UK date in the forms people write it, and writes day/month/year', () => {
    expect(formatDayMonthYear({ year: 2027, month: 0, day: 3 })).toBe('03/01/2027');
    for (const typed of ['03/01/2027', '3/1/2027', ' 3.1.2027 ', '3-1-2027', '3 1 2027', '2027-01-03']) {
      expect(parseTypedDate(typed), typed).toEqual({ year: 2027, month: 0, day: 3 });
    }
    expect(parseTypedDate('29/02/2028')).toEqual({ year: 2028, month: 1, day: 29 });
    for (const typed of [
      '29/02/2027',
      '31/04/2027',
      '0/1/2027',
      '1/0/2027',
      '1/13/2027',
      '1/1/27',
      'soon',
      '',
    ]) {
      expect(parseTypedDate(typed), typed).toBeNull();
    }
  });

  it('formats the date and time texts of a booking', () => {
    expect(formatLongDate(today)).toBe('Monday 23 November 2026');
    expect(formatTime(9, 30)).toBe('9:30am');
    expect(formatTime(12, 0)).toBe('12:00pm');
    expect(formatTime(0, 5)).toBe('12:05am');
    expect(formatTime(16, 45)).toBe('4:45pm');
  });

  it("knows today's date in the firm's time zone across midnight UTC", () => {
    // 23:30 UTC on 30 June is already 1 July in London (BST).
    expect(todayIn('Europe/London', new Date('2026-06-30T23:30:00Z'))).toEqual({
      year: 2026,
      month: 6,
      day: 1,
    });
    expect(todayIn('Europe/London', new Date('2026-12-31T23:30:00Z'))).toEqual({
      year: 2026,
      month: 11,
      day: 31,
    });
  });
});

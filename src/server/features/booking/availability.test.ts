import { describe, expect, it } from 'vitest';
import { utcToZonedTime, zonedTimeToUtc } from '#server/time/zoned-time.ts';
import { type AvailabilitySettings, defaultAvailabilitySettings } from '#shared/booking-settings.ts';
import type { CalendarDate } from '#shared/calendar.ts';
import {
  type BusyPeriod,
  closedDatesBetween,
  freeFrom,
  type OpeningContext,
  openSlotsOn,
} from './availability.ts';

/** What the availability of a date is judged on: the date's opening, and the calls booked around it. */
type AvailabilityContext = OpeningContext & { busy: readonly BusyPeriod[] };

/** The free call slots on a date, as the booking service finds them: open, and clear of every call and its buffer. */
const slotsForDate = (date: CalendarDate, settings: AvailabilitySettings, context: AvailabilityContext) =>
  openSlotsOn(date, settings, context).filter(freeFrom(context.busy, settings.bufferMinutes));

const settings: AvailabilitySettings = { ...defaultAvailabilitySettings, minimumNoticeHours: 0 };
const context = (now: string, extra: Partial<AvailabilityContext> = {}): AvailabilityContext => ({
  now: new Date(now),
  blockedDates: new Set(),
  busy: [],
  ...extra,
});
const times = (slots: { startHour: number; startMinute: number }[]) =>
  slots.map((s) => `${s.startHour}:${String(s.startMinute).padStart(2, '0')}`);

describe('availability', () => {
  it('cuts working hours into 30-minute calls by default', () => {
    const slots = slotsForDate({ year: 2026, month: 11, day: 1 }, settings, context('2026-11-20T12:00:00Z'));
    expect(slots).toHaveLength(16);
    expect(times(slots).slice(0, 3)).toEqual(['9:00', '9:30', '10:00']);
    expect(times(slots).at(-1)).toBe('16:30');
  });

  it('keeps London times across the clocks changing (GMT in winter, BST in summer)', () => {
    // Clocks go forward on Sunday 28 March 2027 (Easter: Good Friday 26 and Easter Monday 29 are holidays).
    const winter = slotsForDate({ year: 2027, month: 2, day: 25 }, settings, context('2027-03-01T12:00:00Z'));
    const summer = slotsForDate({ year: 2027, month: 2, day: 30 }, settings, context('2027-03-01T12:00:00Z'));
    expect(winter[0]?.start.toISOString()).toBe('2027-03-25T09:00:00.000Z');
    expect(summer[0]?.start.toISOString()).toBe('2027-03-30T08:00:00.000Z'); // 09:00 BST
    const autumn = slotsForDate({ year: 2026, month: 9, day: 26 }, settings, context('2026-10-01T12:00:00Z'));
    expect(autumn[0]?.start.toISOString()).toBe('2026-10-26T09:00:00.000Z'); // back on GMT
  });

  it('converts wall-clock times on the days the clocks change', () => {
    const springForward = { year: 2027, month: 2, day: 28 };
    expect(zonedTimeToUtc(springForward, 0, 30, 'Europe/London').toISOString()).toBe(
      '2027-03-28T00:30:00.000Z',
    );
    expect(zonedTimeToUtc(springForward, 2, 30, 'Europe/London').toISOString()).toBe(
      '2027-03-28T01:30:00.000Z',
    );
    const fallBack = { year: 2026, month: 9, day: 25 };
    expect(zonedTimeToUtc(fallBack, 1, 30, 'Europe/London').toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(utcToZonedTime(new Date('2026-10-25T01:30:00Z'), 'Europe/London')).toEqual({
      date: fallBack,
      hour: 1,
      minute: 30,
    });
  });

  it('offers nothing at weekends, on bank holidays or on blocked dates', () => {
    const now = context('2026-12-01T12:00:00Z', { blockedDates: new Set(['2026-12-30']) });
    expect(slotsForDate({ year: 2026, month: 11, day: 5 }, settings, now)).toEqual([]); // Saturday
    expect(slotsForDate({ year: 2026, month: 11, day: 28 }, settings, now)).toEqual([]); // Boxing Day substitute
    expect(slotsForDate({ year: 2026, month: 11, day: 30 }, settings, now)).toEqual([]); // blocked by the firm
    expect(slotsForDate({ year: 2026, month: 11, day: 29 }, settings, now)).toHaveLength(16);
  });

  it('respects the minimum notice and the days offered ahead', () => {
    const withNotice = { ...settings, minimumNoticeHours: 24 };
    // Monday 10:15 London: by Tuesday only 10:30 onwards is 24 hours away.
    const tuesday = slotsForDate(
      { year: 2026, month: 10, day: 24 },
      withNotice,
      context('2026-11-23T10:15:00Z'),
    );
    expect(times(tuesday)[0]).toBe('10:30');
    expect(
      slotsForDate({ year: 2026, month: 10, day: 23 }, withNotice, context('2026-11-23T07:00:00Z')),
    ).toEqual([]);
    const farAway = slotsForDate({ year: 2027, month: 1, day: 1 }, settings, context('2026-11-23T10:00:00Z'));
    expect(farAway).toEqual([]); // 70 days ahead, past maxDaysOffered
  });

  it('leaves out booked calls and the buffer around them', () => {
    const withBuffer = { ...settings, bufferMinutes: 15 };
    const busy = [{ start: new Date('2026-12-01T10:00:00Z'), end: new Date('2026-12-01T10:30:00Z') }];
    const slots = slotsForDate(
      { year: 2026, month: 11, day: 1 },
      withBuffer,
      context('2026-11-20T12:00:00Z', { busy }),
    );
    // Grid of 45 minutes: 9:00, 9:45, 10:30 …; 9:45 ends at 10:15, inside the booked call, and 10:30
    // starts within the 15-minute buffer after it.
    expect(times(slots).slice(0, 3)).toEqual(['9:00', '11:15', '12:00']);
  });

  it('handles leap days and year ends', () => {
    const leapDay = slotsForDate(
      { year: 2028, month: 1, day: 29 },
      settings,
      context('2028-02-01T12:00:00Z'),
    );
    expect(leapDay[0]?.start.toISOString()).toBe('2028-02-29T09:00:00.000Z');
    const newYearsEve = slotsForDate(
      { year: 2026, month: 11, day: 31 },
      settings,
      context('2026-12-20T12:00:00Z'),
    );
    expect(newYearsEve).toHaveLength(16);
    expect(slotsForDate({ year: 2027, month: 0, day: 1 }, settings, context('2026-12-20T12:00:00Z'))).toEqual(
      [],
    );
  });

  it('never offers a time twice when stored working periods overlap, and lists the times in order', () => {
    // As settings saved before overlapping periods were refused may still read.
    const overlapping: AvailabilitySettings = {
      ...settings,
      workingHours: {
        ...settings.workingHours,
        tuesday: [
          { start: '14:00', end: '15:00' },
          { start: '09:00', end: '12:00' },
          { start: '11:00', end: '13:00' },
          { start: '09:30', end: '10:30' },
        ],
      },
    };
    const slots = slotsForDate(
      { year: 2026, month: 11, day: 1 },
      overlapping,
      context('2026-11-20T12:00:00Z'),
    );
    expect(times(slots)).toEqual([
      '9:00',
      '9:30',
      '10:00',
      '10:30',
      '11:00',
      '11:30',
      '12:00',
      '12:30',
      '14:00',
      '14:30',
    ]);
  });

  it('lists as closed the days that offer no time whatever is booked, and no day that offers one', () => {
    const withNotice: AvailabilitySettings = {
      ...settings,
      minimumNoticeHours: 24,
      workingHours: { ...settings.workingHours, wednesday: [] },
    };
    // Monday 21 December 2026, 17:00 London: with 24 hours' notice Tuesday's last call (16:30) is too soon.
    const now = context('2026-12-21T17:00:00Z', { blockedDates: new Set(['2026-12-29']) });
    const closed = closedDatesBetween(
      { year: 2026, month: 11, day: 21 },
      { year: 2027, month: 0, day: 4 },
      withNotice,
      now,
    );
    expect(closed).toEqual([
      '2026-12-21', // today, within the notice
      '2026-12-22', // tomorrow, every time within the notice
      '2026-12-23', // Wednesday, no working hours
      '2026-12-25', // Christmas Day
      '2026-12-26', // Saturday
      '2026-12-27', // Sunday
      '2026-12-28', // Boxing Day's substitute
      '2026-12-29', // blocked by the firm
      '2026-12-30', // Wednesday
      '2027-01-01', // New Year's Day
      '2027-01-02',
      '2027-01-03',
    ]);
    // A booked call does not close a day: it may free up again, and other times may remain.
    const booked = {
      busy: [{ start: new Date('2026-12-24T09:00:00Z'), end: new Date('2026-12-24T17:00:00Z') }],
    };
    expect(slotsForDate({ year: 2026, month: 11, day: 24 }, withNotice, { ...now, ...booked })).toEqual([]);
    expect(closed).not.toContain('2026-12-24');
  });
});

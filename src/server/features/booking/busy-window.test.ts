import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildBookCallPayload, slotValue } from '#shared/booking.ts';
import { type AvailabilitySettings, defaultAvailabilitySettings } from '#shared/booking-settings.ts';
import { addDays, type CalendarDate, todayIn, toIsoDate, weekdayNames } from '#shared/calendar.ts';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { postBooking, timesFor } from '#tests/support/booking.ts';
import { describeEachDatabase } from '#tests/support/databases.ts';
import { bankHolidays } from './bank-holidays.ts';

// The calls around a date are read alongside the firm's settings, so before its buffer is known: a buffer
// made longer since the last request must still keep a call from the evening before clear of the morning.

/** Every day from midnight to 03:00 and 23:00 to 23:30, calls bookable at once. */
function nightHours(bufferMinutes: number): AvailabilitySettings {
  const hours = [
    { start: '00:00', end: '03:00' },
    { start: '23:00', end: '23:30' },
  ];
  return {
    ...defaultAvailabilitySettings,
    workingHours: Object.fromEntries(
      weekdayNames.map((day) => [day, hours]),
    ) as AvailabilitySettings['workingHours'],
    bufferMinutes,
    minimumNoticeHours: 0,
    maxDaysOffered: 366,
  };
}

/** The first date from three days ahead whose day before is, like itself, no bank holiday. */
function nextPlainDate(): CalendarDate {
  for (let date = addDays(todayIn('Europe/London'), 3); ; date = addDays(date, 1)) {
    const holidays = [...bankHolidays(date.year), ...bankHolidays(date.year + 1)];
    if (!holidays.includes(toIsoDate(date)) && !holidays.includes(toIsoDate(addDays(date, -1)))) return date;
  }
}

describeEachDatabase('the calls read around a date', (database) => {
  let site: TestApp;
  beforeAll(async () => {
    site = await startTestApp({ database });
  });
  afterAll(async () => site?.close());

  const saveSettings = (settings: AvailabilitySettings) =>
    site.db
      .insertInto('booking_settings')
      .values({ id: 1, settings: JSON.stringify(settings), updated_at: new Date().toISOString() })
      .onConflict((oc) => oc.column('id').doUpdateSet({ settings: JSON.stringify(settings) }))
      .execute();

  it('keeps a buffer made longer since the last request clear of a call the evening before', async () => {
    await saveSettings(nightHours(0));
    const date = nextPlainDate();
    const evening = addDays(date, -1);
    const booked = await postBooking(
      site.url,
      buildBookCallPayload(evening, { startHour: 23, startMinute: 0 }, 'late.caller@example.com'),
    );
    expect(booked.status).toBe(201);
    // Without a buffer the call ending at 23:30 leaves midnight free.
    expect((await timesFor(site.url, date)).map(slotValue)).toEqual([
      '00:00',
      '00:30',
      '01:00',
      '01:30',
      '02:00',
      '02:30',
      '23:00',
    ]);

    // An hour's buffer (calls now start every 90 minutes) keeps midnight clear of it.
    await saveSettings(nightHours(60));
    expect((await timesFor(site.url, date)).map(slotValue)).toEqual(['01:30', '23:00']);
  });
});

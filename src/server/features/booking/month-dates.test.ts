import { afterAll, beforeAll, expect, it } from 'vitest';
import { defaultAvailabilitySettings } from '#shared/booking-settings.ts';
import { addDays, type CalendarDate, daysInMonth, todayIn, toIsoDate } from '#shared/calendar.ts';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { timesFor } from '#tests/support/booking.ts';
import { describeEachDatabase } from '#tests/support/databases.ts';
import { send } from '#tests/support/http.ts';
import { bankHolidays } from './bank-holidays.ts';

const askMonth = (site: TestApp, body: object) =>
  send(site, '/api/getdaysformonth', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describeEachDatabase('the days of a month the booking calendar offers', (database) => {
  let site: TestApp;
  beforeAll(async () => {
    site = await startTestApp({ database });
  });
  afterAll(async () => site?.close());

  it('lists exactly the days that have times: not a bank holiday, a blocked date or a fully booked day', async () => {
    // A year ahead, so that a bank holiday falls within the days offered whatever the date today.
    const settings = { ...defaultAvailabilitySettings, maxDaysOffered: 366 };
    const at = new Date().toISOString();
    await site.db
      .insertInto('booking_settings')
      .values({ id: 1, settings: JSON.stringify(settings), updated_at: at })
      .execute();
    const today = todayIn('Europe/London');
    const soonest = toIsoDate(addDays(today, 2));
    const holiday = [...bankHolidays(today.year), ...bankHolidays(today.year + 1)]
      .sort()
      .find((day) => day >= soonest) as string;
    const [year, month] = holiday.split('-').map(Number) as [number, number];
    const days: CalendarDate[] = Array.from({ length: daysInMonth(year, month - 1) }, (_, i) => ({
      year,
      month: month - 1,
      day: i + 1,
    })).filter((day) => toIsoDate(day) >= soonest);
    const withTimes: CalendarDate[] = [];
    for (const day of days) if ((await timesFor(site.url, day)).length > 0) withTimes.push(day);
    const [blocked, full] = withTimes as [CalendarDate, CalendarDate];

    await site.db
      .insertInto('blocked_dates')
      .values({ date: toIsoDate(blocked), reason: 'Training', created_at: at })
      .execute();
    // One call covering the whole day (and a day either side) leaves it no free time.
    const noon = Date.UTC(full.year, full.month, full.day, 12);
    await site.db
      .insertInto('bookings')
      .values({
        reference: 'FULL-DAY',
        email: 'all.day@example.com',
        starts_at: new Date(noon - 36 * 3_600_000).toISOString(),
        ends_at: new Date(noon + 36 * 3_600_000).toISOString(),
        local_date: toIsoDate(full),
        local_time: '00:00',
        time_zone: 'Europe/London',
        status: 'confirmed',
        cancel_token_hash: 'not-a-real-token-hash',
        application_id: null,
        source_address_hash: null,
        adviser_id: null,
        created_at: at,
      })
      .execute();

    const response = await askMonth(site, { year, month, apptType: 'initial' });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const { availableDates } = (await response.json()) as { availableDates: string[] };
    expect(availableDates).not.toContain(holiday);
    expect(availableDates).not.toContain(toIsoDate(blocked));
    expect(availableDates).not.toContain(toIsoDate(full));
    expect(availableDates.length).toBeGreaterThan(0);
    // Every day of the month (from the day after tomorrow: nearer days move with the clock) is listed
    // exactly when its times are not empty.
    for (const day of days) {
      const iso = toIsoDate(day);
      const hasTimes = (await timesFor(site.url, day)).length > 0;
      expect({ iso, listed: availableDates.includes(iso) }).toEqual({ iso, listed: hasTimes });
    }
  });

  it('refuses a malformed month naming the field', async () => {
    const response = await askMonth(site, { year: 2026, month: 13, apptType: 'initial' });
    expect(response.status).toBe(422);
    expect((await response.json()).errorMessages).toEqual(['month must be a whole number from 1 to 12']);
  });
});

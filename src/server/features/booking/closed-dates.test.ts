import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildBookCallPayload, type TimeSlot } from '#shared/booking.ts';
import { defaultAvailabilitySettings, type PublicCalendarSettings } from '#shared/booking-settings.ts';
import { addDays, todayIn, toIsoDate } from '#shared/calendar.ts';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { firstBookableDate, postBooking, timesFor } from '#tests/support/booking.ts';
import { describeEachDatabase } from '#tests/support/databases.ts';
import { send } from '#tests/support/http.ts';
import { bankHolidays } from './bank-holidays.ts';

describeEachDatabase('the closed dates the booking calendar is sent', (database) => {
  let site: TestApp;
  beforeAll(async () => {
    site = await startTestApp({ database });
  });
  afterAll(async () => site?.close());

  it('lists a blocked date, a bank holiday and today (within the notice), and no day that has times', async () => {
    // A year ahead, so that a bank holiday falls within the days offered whatever the date today.
    const settings = { ...defaultAvailabilitySettings, maxDaysOffered: 366 };
    const at = new Date().toISOString();
    await site.db
      .insertInto('booking_settings')
      .values({ id: 1, settings: JSON.stringify(settings), updated_at: at })
      .execute();
    const { date: blocked, slots } = await firstBookableDate(site.url);
    await site.db
      .insertInto('blocked_dates')
      .values({ date: toIsoDate(blocked), reason: 'Training', created_at: at })
      .execute();

    const answer: PublicCalendarSettings = await (await send(site, `/api/booking-settings`)).json();
    expect(answer).toEqual({
      pastDateAllowed: false,
      maxDaysOffered: 366,
      ignoreDays: ['saturday', 'sunday'],
      timeZone: 'Europe/London',
      callMinutes: 30,
      closedDates: expect.any(Array),
      videoLink: 'later', // neither Zoom nor MEETING_URL is set
    });
    const today = todayIn('Europe/London');
    const nextBankHoliday = [...bankHolidays(today.year), ...bankHolidays(today.year + 1)]
      .sort()
      .find((day) => day >= toIsoDate(today));
    expect(answer.closedDates).toContain(toIsoDate(blocked));
    expect(answer.closedDates).toContain(nextBankHoliday);
    expect(answer.closedDates).toContain(toIsoDate(today)); // 24 hours' notice
    expect(answer.closedDates.every((day) => day <= toIsoDate(addDays(today, 366)))).toBe(true);

    // From the day after tomorrow (nearer days move with the clock) a day is listed exactly when it has no time.
    for (let offset = 2; offset < 16; offset++) {
      const day = toIsoDate(addDays(today, offset));
      const hasTimes = (await timesFor(site.url, addDays(today, offset))).length > 0;
      expect({ day, listed: answer.closedDates.includes(day) }).toEqual({ day, listed: !hasTimes });
    }

    // The server stays the judge: a booking on a closed day is refused whatever the browser offered.
    const onBlocked = buildBookCallPayload(blocked, slots[0] as TimeSlot, 'closed.day@example.com');
    const refused = await postBooking(site.url, onBlocked);
    expect(refused.status).toBe(422);
    expect((await refused.json()).errorMessages).toEqual([
      'That time is not available. Please choose another time.',
    ]);
  });
});

import { afterAll, beforeAll, expect, it } from 'vitest';
import { backOfficeMessages } from '#shared/back-office.ts';
import { defaultAvailabilitySettings } from '#shared/booking-settings.ts';
import { addDays, todayIn, toIsoDate, weekdayName } from '#shared/calendar.ts';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { firstBookableDate, timesFor } from '#tests/support/booking.ts';
import { describeEachDatabase } from '#tests/support/databases.ts';
import { backOfficeClient, signedInStaff } from '#tests/support/staff.ts';

describeEachDatabase('the availability settings’ API', (database) => {
  let site: TestApp;
  let staff: { cookies: string; token: string };

  beforeAll(async () => {
    site = await startTestApp({ database, env: { RATE_LIMIT_PER_MINUTE: '1000', CAPTCHA_PROVIDER: 'none' } });
    staff = await signedInStaff(site, 'gwen@fenwickhale.test');
  });
  afterAll(async () => site?.close());

  const json = (path: string) => backOfficeClient(site, staff).json(path);
  const send = (path: string, body: unknown, method = 'POST') =>
    backOfficeClient(site, staff).send(path, body, method);

  it('changes the calendar at once, refuses unreadable settings by name, and blocks a date', async () => {
    const { date } = await firstBookableDate(site.url);
    const current = await json('/availability');
    expect(current.settings).toEqual(defaultAvailabilitySettings);

    const longer = { ...current.settings, callMinutes: 60 };
    expect((await send('/availability', longer, 'PUT')).status).toBe(200);
    const hourly = await timesFor(site.url, date);
    expect(hourly.every((slot) => slot.startMinute === 0)).toBe(true);
    expect(hourly.length).toBeGreaterThan(0);

    const bad = await send('/availability', { ...longer, callMinutes: 5 }, 'PUT');
    expect(bad.status).toBe(422);
    expect((await bad.json()).errorMessages).toEqual([
      'Call length: use a whole number of minutes from 10 to 240',
    ]);

    const day = toIsoDate(date);
    const blocked = await send('/blocked-dates', { date: day, reason: 'Training' });
    expect(blocked.status).toBe(201);
    expect((await blocked.json()).blockedDates).toEqual([{ date: day, reason: 'Training' }]);
    expect(await timesFor(site.url, date)).toEqual([]);
    expect((await send(`/blocked-dates/${day}`, undefined, 'DELETE')).status).toBe(200);
    expect(await timesFor(site.url, date)).toEqual(hourly);
    expect((await send('/blocked-dates', { date: 'soon' })).status).toBe(422);
    await send('/availability', defaultAvailabilitySettings, 'PUT');
  });

  it('blocks a range of dates in one go, each day of it, and refuses a range that runs backwards or past a year', async () => {
    const { date } = await firstBookableDate(site.url);
    const days = [0, 1, 2].map((n) => toIsoDate(addDays(date, n)));
    const blocked = await send('/blocked-dates', { date: days[0], until: days[2], reason: 'Christmas' });
    expect(blocked.status).toBe(201);
    expect((await blocked.json()).blockedDates).toEqual(
      days.map((day) => ({ day, reason: 'Christmas' })).map(({ day, reason }) => ({ date: day, reason })),
    );
    expect(await timesFor(site.url, date)).toEqual([]);
    for (const [until, first] of [
      [days[0], days[2]],
      [toIsoDate(addDays(date, 400)), days[0]],
    ]) {
      const refused = await send('/blocked-dates', { date: first, until });
      expect([refused.status, (await refused.json()).errorMessages]).toEqual([
        422,
        [backOfficeMessages.blockedRange],
      ]);
    }
    for (const day of days) await send(`/blocked-dates/${day}`, undefined, 'DELETE');
  });

  it('refuses overlapping working periods naming the day, and never lists a time twice from older settings', async () => {
    const { date } = await firstBookableDate(site.url);
    const day = weekdayName(date);
    const dayName = `${day[0]?.toUpperCase()}${day.slice(1)}`;
    const withHours = (periods: { start: string; end: string }[]) => ({
      ...defaultAvailabilitySettings,
      workingHours: { ...defaultAvailabilitySettings.workingHours, [day]: periods },
    });
    const overlapping = withHours([
      { start: '11:00', end: '13:00' },
      { start: '09:00', end: '12:00' },
    ]);
    const refused = await send('/availability', overlapping, 'PUT');
    expect(refused.status).toBe(422);
    expect((await refused.json()).errorMessages).toEqual([
      `${dayName}: the periods 09:00–12:00 and 11:00–13:00 overlap`,
    ]);
    const touching = withHours([
      { start: '09:00', end: '12:00' },
      { start: '12:00', end: '13:00' },
    ]);
    expect((await send('/availability', touching, 'PUT')).status).toBe(200);

    // Settings saved before overlaps were refused still load, and each time is offered once.
    await site.db
      .updateTable('booking_settings')
      .set({ settings: JSON.stringify(overlapping) })
      .where('id', '=', 1)
      .execute();
    expect((await json('/availability')).settings).toEqual(overlapping);
    const slots = await timesFor(site.url, date);
    const labels = slots.map((slot) => `${slot.startHour}:${String(slot.startMinute).padStart(2, '0')}`);
    expect(labels).toEqual(['9:00', '9:30', '10:00', '10:30', '11:00', '11:30', '12:00', '12:30']);
    await send('/availability', defaultAvailabilitySettings, 'PUT');
  });
  it('closes a weekday by giving it no periods: the calendar never offers it, and lists it among the days it never offers', async () => {
    const { date } = await firstBookableDate(site.url);
    const day = weekdayName(date);
    const closed = {
      ...defaultAvailabilitySettings,
      workingHours: { ...defaultAvailabilitySettings.workingHours, [day]: [] },
    };
    expect((await send('/availability', closed, 'PUT')).status).toBe(200);
    expect(await timesFor(site.url, date)).toEqual([]);
    const calendar = await (await fetch(`${site.url}/api/booking-settings`)).json();
    expect(calendar.ignoreDays).toEqual([day, 'saturday', 'sunday']);
    expect(calendar.closedDates).toContain(toIsoDate(date));
    // The settings have no second list of closed days to disagree with the hours.
    expect((await json('/availability')).settings).toEqual(closed);
    await send('/availability', defaultAvailabilitySettings, 'PUT');
    expect((await (await fetch(`${site.url}/api/booking-settings`)).json()).ignoreDays).toEqual([
      'saturday',
      'sunday',
    ]);
  });

  it('takes the time zone only from the runtime’s own list', async () => {
    // Runtimes list some zones under different names: either is taken.
    for (const timeZone of ['America/New_York', 'Asia/Kolkata', 'Asia/Calcutta', 'Europe/Kyiv', 'UTC']) {
      expect((await send('/availability', { ...defaultAvailabilitySettings, timeZone }, 'PUT')).status).toBe(
        200,
      );
      expect((await json('/availability')).settings.timeZone).toBe(timeZone);
    }
    // An offset the runtime reads but lists as no zone is refused, like a zone that does not exist.
    for (const timeZone of ['+01:00', 'Mars/Olympus', 'Europe/London; drop', '']) {
      const refused = await send('/availability', { ...defaultAvailabilitySettings, timeZone }, 'PUT');
      expect([timeZone, refused.status, (await refused.json()).errorMessages]).toEqual([
        timeZone,
        422,
        ['Time zone: choose a time zone from the list, such as Europe/London'],
      ]);
    }
    await send('/availability', defaultAvailabilitySettings, 'PUT');
  });

  it('blocks today or a later date with a one-line reason; refuses a past date, a broken reason, and unblocking what is not a date', async () => {
    const today = todayIn('Europe/London');
    const yesterday = toIsoDate(addDays(today, -1));
    const past = await send('/blocked-dates', { date: yesterday, reason: 'Too late' });
    expect([past.status, (await past.json()).errorMessages]).toEqual([
      422,
      [backOfficeMessages.blockedDatePast],
    ]);
    for (const reason of ['Team\ntraining', 'Team\r\ntraining', 'Team\rtraining']) {
      const broken = await send('/blocked-dates', { date: toIsoDate(today), reason });
      expect([broken.status, (await broken.json()).errorMessages]).toEqual([
        422,
        [backOfficeMessages.blockedDate],
      ]);
    }
    const blocked = await send('/blocked-dates', { date: toIsoDate(today), reason: 'Team training' });
    expect((await blocked.json()).blockedDates).toEqual([
      { date: toIsoDate(today), reason: 'Team training' },
    ]);

    for (const notADate of ['notadate', '2031-02-30', '20310203']) {
      const refused = await send(`/blocked-dates/${notADate}`, undefined, 'DELETE');
      expect([notADate, refused.status, (await refused.json()).errorMessages]).toEqual([
        notADate,
        422,
        [backOfficeMessages.blockedDate],
      ]);
    }
    const unblocked = await send(`/blocked-dates/${toIsoDate(today)}`, undefined, 'DELETE');
    expect([unblocked.status, (await unblocked.json()).blockedDates]).toEqual([200, []]);
  });
});

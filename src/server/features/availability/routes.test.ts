import { afterAll, beforeAll, expect, it } from 'vitest';
import { auditSentence } from '#shared/audit-sentence.ts';
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
    expect((await blocked.json()).blockedDates).toEqual([{ date: day, reason: 'Training', hours: null }]);
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
      days.map((day) => ({ date: day, reason: 'Christmas', hours: null })),
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
      { date: toIsoDate(today), reason: 'Team training', hours: null },
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
  it('blocks part of a day: the calendar offers no call overlapping it, lists it by its times, and opens it again by itself', async () => {
    const { date } = await firstBookableDate(site.url);
    const day = toIsoDate(date);
    const label = (slot: { startHour: number; startMinute: number }) =>
      `${String(slot.startHour).padStart(2, '0')}:${String(slot.startMinute).padStart(2, '0')}`;
    const before = (await timesFor(site.url, date)).map(label);
    expect(before).toContain('10:00');

    const blocked = await send('/blocked-dates', {
      date: day,
      from: '09:45',
      to: '11:00',
      reason: 'Dentist',
    });
    expect(blocked.status).toBe(201);
    const [entry] = (await blocked.json()).blockedDates;
    expect(entry).toEqual({
      date: day,
      reason: 'Dentist',
      hours: { id: expect.any(Number), from: '09:45', to: '11:00' },
    });
    // A 30-minute call from 09:30 would run into the block, as would those from 10:00 and 10:30.
    const during = (await timesFor(site.url, date)).map(label);
    expect(before.filter((time) => !during.includes(time))).toEqual(['09:30', '10:00', '10:30']);

    // The whole day blocked too: both are listed, the whole day first; opening it leaves the part blocked.
    await send('/blocked-dates', { date: day });
    expect((await json('/availability')).blockedDates.map((e: { hours: unknown }) => e.hours)).toEqual([
      null,
      entry.hours,
    ]);
    await send(`/blocked-dates/${day}`, undefined, 'DELETE');
    expect((await timesFor(site.url, date)).map(label)).toEqual(during);

    const opened = await send(`/blocked-times/${entry.hours.id}`, undefined, 'DELETE');
    expect([opened.status, (await opened.json()).blockedDates]).toEqual([200, []]);
    expect((await timesFor(site.url, date)).map(label)).toEqual(before);
    const again = await send(`/blocked-times/${entry.hours.id}`, undefined, 'DELETE');
    expect([again.status, (await again.json()).errorMessages]).toEqual([
      404,
      [backOfficeMessages.noSuchBlockedTime],
    ]);

    // Across a range, the same hours of each day.
    const next = toIsoDate(addDays(date, 1));
    const ranged = await (
      await send('/blocked-dates', { date: day, until: next, from: '14:00', to: '15:00' })
    ).json();
    expect(
      ranged.blockedDates.map((e: { date: string; hours: { from: string } }) => [e.date, e.hours.from]),
    ).toEqual([
      [day, '14:00'],
      [next, '14:00'],
    ]);
    for (const e of ranged.blockedDates) await send(`/blocked-times/${e.hours.id}`, undefined, 'DELETE');

    for (const body of [
      { date: day, from: '09:00' },
      { date: day, to: '12:00' },
      { date: day, from: '12:00', to: '09:00' },
      { date: day, from: '12:00', to: '12:00' },
      { date: day, from: '9am', to: '12:00' },
      { date: day, from: '24:00', to: '25:00' },
    ]) {
      const refused = await send('/blocked-dates', body);
      expect([body, refused.status, (await refused.json()).errorMessages]).toEqual([
        body,
        422,
        [backOfficeMessages.blockedHours],
      ]);
    }
    expect((await send('/blocked-times/abc', undefined, 'DELETE')).status).toBe(404);
  });

  it('is open to a member of staff only while an owner lets them manage availability', async () => {
    const member = await signedInStaff(site, 'rhea@fenwickhale.test', 'staff');
    const asMember = backOfficeClient(site, member);
    const { date } = await firstBookableDate(site.url);
    const refusedRead = await asMember.get('/availability');
    expect([refusedRead.status, (await refusedRead.json()).errorMessages]).toEqual([
      403,
      [backOfficeMessages.availabilityOnly],
    ]);
    expect((await asMember.send('/blocked-dates', { date: toIsoDate(date) })).status).toBe(403);
    expect((await asMember.json('/me')).managesAvailability).toBe(false);

    // Only an owner gives it; a member cannot give it to themselves.
    expect(
      (await asMember.send('/staff/availability', { email: 'rhea@fenwickhale.test', allowed: true })).status,
    ).toBe(403);
    const allowed = await send('/staff/availability', { email: 'Rhea@fenwickhale.test', allowed: true });
    expect([allowed.status, (await allowed.json()).infoMessages]).toEqual([
      200,
      [backOfficeMessages.availabilityAllowed],
    ]);
    const twice = await send('/staff/availability', { email: 'rhea@fenwickhale.test', allowed: true });
    expect([twice.status, (await twice.json()).errorMessages]).toEqual([
      409,
      [backOfficeMessages.alreadyThatChoice],
    ]);
    const owner = await send('/staff/availability', { email: 'gwen@fenwickhale.test', allowed: false });
    expect([owner.status, (await owner.json()).errorMessages]).toEqual([
      409,
      [backOfficeMessages.ownersManageAvailability],
    ]);
    expect(
      (await send('/staff/availability', { email: 'nobody@fenwickhale.test', allowed: true })).status,
    ).toBe(404);
    expect(
      (await send('/staff/availability', { email: 'rhea@fenwickhale.test', allowed: 'yes' })).status,
    ).toBe(422);

    // At once, in the session they already have.
    expect((await asMember.json('/me')).managesAvailability).toBe(true);
    const staffList = await json('/staff');
    expect(
      staffList.find((m: { email: string }) => m.email === 'rhea@fenwickhale.test').managesAvailability,
    ).toBe(true);
    const blocked = await asMember.send('/blocked-dates', { date: toIsoDate(date), reason: 'Office move' });
    expect(blocked.status).toBe(201);
    expect(await timesFor(site.url, date)).toEqual([]);
    expect((await asMember.send(`/blocked-dates/${toIsoDate(date)}`, undefined, 'DELETE')).status).toBe(200);
    // Still not an owner's: the advisers and the staff accounts stay closed.
    expect((await asMember.get('/staff')).status).toBe(403);

    const stopped = await send('/staff/availability', { email: 'rhea@fenwickhale.test', allowed: false });
    expect((await stopped.json()).infoMessages).toEqual([backOfficeMessages.availabilityStopped]);
    expect((await asMember.get('/availability')).status).toBe(403);
    const log = await json('/audit-log');
    expect(log.items.slice(0, 4).map(auditSentence)).toEqual([
      expect.stringMatching(/stopped rhea@fenwickhale\.test managing availability$/),
      expect.stringMatching(/opened .* again$/),
      expect.stringMatching(/blocked .* \(Office move\)$/),
      expect.stringMatching(/let rhea@fenwickhale\.test manage availability$/),
    ]);
  });
});

import { afterEach, beforeEach, expect, it } from 'vitest';
import { buildBookCallPayload, slotValue, type TimeSlot } from '#shared/booking.ts';
import { defaultAvailabilitySettings, type PublicCalendarSettings } from '#shared/booking-settings.ts';
import { addDays, type CalendarDate, toIsoDate, weekdayName } from '#shared/calendar.ts';
import { addAdviserTo, weekdayHours } from '#tests/support/advisers.ts';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { firstBookableDate, postBooking, timesFor } from '#tests/support/booking.ts';
import { describeEachDatabase } from '#tests/support/databases.ts';
import { send } from '#tests/support/http.ts';
import { backOfficeClient, signedInStaff } from '#tests/support/staff.ts';

const times = (slots: TimeSlot[]) => slots.map(slotValue);
const halfHoursFrom = (start: number, end: number) => {
  const found: string[] = [];
  for (let minute = start * 60; minute < end * 60; minute += 30) {
    found.push(`${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`);
  }
  return found;
};

describeEachDatabase('a calendar offering several advisers’ diaries', (database) => {
  let site: TestApp;
  /** A weekday, not a bank holiday, far enough ahead to be offered. */
  let day: CalendarDate;
  beforeEach(async () => {
    site = await startTestApp({
      database,
      env: { RATE_LIMIT_PER_MINUTE: '1000', BOOKING_MAX_PER_ADDRESS_PER_DAY: '100' },
    });
    ({ date: day } = await firstBookableDate(site.url));
  });
  afterEach(() => site.close());

  const book = (slot: string, email: string, date = day) => {
    const [startHour, startMinute] = slot.split(':').map(Number) as [number, number];
    return postBooking(site.url, buildBookCallPayload(date, { startHour, startMinute }, email));
  };
  const callsOn = () =>
    site.db
      .selectFrom('bookings')
      .innerJoin('advisers', 'advisers.id', 'bookings.adviser_id')
      .select(['advisers.display_name as adviser', 'bookings.local_time', 'bookings.email'])
      .where('bookings.status', '=', 'confirmed')
      .orderBy('bookings.id')
      .execute();

  it('offers each time at least one adviser works, once, and a weekday only one of them works', async () => {
    await addAdviserTo(site.db, 'ann@example.com', 'Ann Fenwick', {
      workingHours: weekdayHours('09:00', '12:00'),
    });
    await addAdviserTo(site.db, 'ben@example.com', 'Ben Hale', {
      workingHours: { ...weekdayHours('11:00', '15:00'), saturday: [{ start: '10:00', end: '11:00' }] },
    });
    expect(times(await timesFor(site.url, day))).toEqual(halfHoursFrom(9, 15));

    const settings: PublicCalendarSettings = await (await send(site, '/api/booking-settings')).json();
    expect(settings.ignoreDays).toEqual(['sunday']);
    let saturday = day;
    while (weekdayName(saturday) !== 'saturday') saturday = addDays(saturday, 1);
    expect(times(await timesFor(site.url, saturday))).toEqual(['10:00', '10:30']);
    expect(settings.closedDates).not.toContain(toIsoDate(saturday));
  });

  it('closes an adviser’s own blocked date to them alone, and a firm’s blocked date to everyone', async () => {
    const ann = await addAdviserTo(site.db, 'ann@example.com', 'Ann Fenwick', {
      workingHours: weekdayHours('09:00', '10:00'),
    });
    await addAdviserTo(site.db, 'ben@example.com', 'Ben Hale', {
      workingHours: weekdayHours('14:00', '15:00'),
    });
    const at = new Date().toISOString();
    await site.db
      .insertInto('adviser_blocked_dates')
      .values({ adviser_id: ann, date: toIsoDate(day), reason: 'Holiday', created_at: at })
      .execute();
    expect(times(await timesFor(site.url, day))).toEqual(['14:00', '14:30']);
    expect((await book('09:00', 'too.early@example.com')).status).toBe(422);

    await site.db
      .insertInto('blocked_dates')
      .values({ date: toIsoDate(day), reason: null, created_at: at })
      .execute();
    expect(await timesFor(site.url, day)).toEqual([]);
    const settings: PublicCalendarSettings = await (await send(site, '/api/booking-settings')).json();
    expect(settings.closedDates).toContain(toIsoDate(day));
  });

  it('keeps an adviser busy with what their calendar holds, and offers nothing of theirs once it is stale', async () => {
    const ann = await addAdviserTo(site.db, 'ann@example.com', 'Ann Fenwick', {
      workingHours: weekdayHours('09:00', '11:00'),
    });
    const ben = await addAdviserTo(site.db, 'ben@example.com', 'Ben Hale', {
      workingHours: weekdayHours('10:00', '12:00'),
    });
    const now = new Date();
    const calendar = (adviserId: number, readMinutesAgo: number | null) => ({
      adviser_id: adviserId,
      kind: 'ics' as const,
      display_host: 'calendar.example.com',
      sealed_source: 'not read in this test',
      next_sync_at: new Date(now.getTime() + 3_600_000).toISOString(),
      last_success_at:
        readMinutesAgo === null ? null : new Date(now.getTime() - readMinutesAgo * 60_000).toISOString(),
      created_at: now.toISOString(),
    });
    await site.db
      .insertInto('adviser_calendars')
      .values([calendar(ann, 1), calendar(ben, 1)])
      .execute();
    // Ann's calendar holds a meeting from 09:15 to 10:05 on the day (London), Ben's nothing.
    const { zonedTimeToUtc } = await import('#server/time/zoned-time.ts');
    await site.db
      .insertInto('adviser_busy')
      .values({
        adviser_id: ann,
        starts_at: zonedTimeToUtc(day, 9, 15, 'Europe/London').toISOString(),
        ends_at: zonedTimeToUtc(day, 10, 5, 'Europe/London').toISOString(),
      })
      .execute();
    expect(times(await timesFor(site.url, day))).toEqual(['10:00', '10:30', '11:00', '11:30']);
    expect((await book('09:00', 'clash@example.com')).status).toBe(409);
    expect((await book('10:00', 'ten@example.com')).status).toBe(201);
    expect(await callsOn()).toEqual([{ adviser: 'Ben Hale', local_time: '10:00', email: 'ten@example.com' }]);

    // Ben's calendar was last read two hours ago (the default limit is an hour): his times go.
    await site.db
      .updateTable('adviser_calendars')
      .set({ last_success_at: new Date(now.getTime() - 120 * 60_000).toISOString() })
      .where('adviser_id', '=', ben)
      .execute();
    expect(times(await timesFor(site.url, day))).toEqual(['10:30']);
    // A calendar connected but never read offers nothing either.
    await site.db
      .updateTable('adviser_calendars')
      .set({ last_success_at: null })
      .where('adviser_id', '=', ann)
      .execute();
    expect(await timesFor(site.url, day)).toEqual([]);
  });

  it('offers nothing of an adviser’s beyond how far their calendar was read, and has it read further when more days are offered', async () => {
    const ann = await addAdviserTo(site.db, 'ann@example.com', 'Ann Fenwick', {
      workingHours: weekdayHours('09:00', '10:00'),
    });
    await addAdviserTo(site.db, 'ben@example.com', 'Ben Hale', {
      workingHours: weekdayHours('14:00', '15:00'),
    });
    const now = new Date();
    const { zonedTimeToUtc } = await import('#server/time/zoned-time.ts');
    // Ann's calendar was read up to the start of the day: nothing is known of her day.
    await site.db
      .insertInto('adviser_calendars')
      .values({
        adviser_id: ann,
        kind: 'ics',
        display_host: 'calendar.example.com',
        sealed_source: 'not read in this test',
        next_sync_at: new Date(now.getTime() + 3_600_000).toISOString(),
        last_success_at: now.toISOString(),
        read_until: zonedTimeToUtc(day, 0, 0, 'Europe/London').toISOString(),
        created_at: now.toISOString(),
      })
      .execute();
    expect(times(await timesFor(site.url, day))).toEqual(['14:00', '14:30']);
    expect((await book('09:00', 'unknown.day@example.com')).status).toBe(409);
    await site.db.updateTable('advisers').set({ status: 'inactive' }).where('id', '!=', ann).execute();
    const settings: PublicCalendarSettings = await (await send(site, '/api/booking-settings')).json();
    expect(settings.closedDates).toContain(toIsoDate(day));

    // Once read a day further, her morning is offered.
    await site.db
      .updateTable('adviser_calendars')
      .set({ read_until: zonedTimeToUtc(addDays(day, 1), 0, 0, 'Europe/London').toISOString() })
      .execute();
    expect(times(await timesFor(site.url, day))).toEqual(['09:00', '09:30']);

    // Offering more days ahead makes every calendar due at once, to be read that much further.
    const owner = await signedInStaff(site, 'olive@example.com', 'owner');
    const saved = await backOfficeClient(site, owner).send(
      '/availability',
      { ...defaultAvailabilitySettings, maxDaysOffered: 120 },
      'PUT',
    );
    expect(saved.status).toBe(200);
    const [calendar] = await site.db.selectFrom('adviser_calendars').select('next_sync_at').execute();
    expect(new Date(calendar?.next_sync_at ?? 0).getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('gives a call to the free adviser with the fewest calls ahead, then the longest since their last booking', async () => {
    for (const [email, name] of [
      ['ann@example.com', 'Ann Fenwick'],
      ['ben@example.com', 'Ben Hale'],
      ['cat@example.com', 'Cat Morgan'],
    ] as const) {
      await addAdviserTo(site.db, email, name, { workingHours: weekdayHours('09:00', '12:00') });
    }
    // Three calls at 09:00: one each, in the order they were added (none had a booking yet).
    for (const n of [1, 2, 3]) expect((await book('09:00', `visitor${n}@example.com`)).status).toBe(201);
    expect((await book('09:00', 'visitor4@example.com')).status).toBe(409);
    // All level on one call each: the one booked longest ago (Ann) comes first, then Ben.
    expect((await book('10:00', 'visitor5@example.com')).status).toBe(201);
    expect((await book('11:00', 'visitor6@example.com')).status).toBe(201);
    // Cat now has the fewest calls ahead.
    expect((await book('11:30', 'visitor7@example.com')).status).toBe(201);
    expect((await callsOn()).map((c) => `${c.local_time} ${c.adviser}`)).toEqual([
      '09:00 Ann Fenwick',
      '09:00 Ben Hale',
      '09:00 Cat Morgan',
      '10:00 Ann Fenwick',
      '11:00 Ben Hale',
      '11:30 Cat Morgan',
    ]);
  });

  it('offers only the adviser a visitor asked for, and gives them the call even when another has fewer', async () => {
    const ann = await addAdviserTo(site.db, 'ann@example.com', 'Ann Fenwick', {
      workingHours: weekdayHours('09:00', '11:00'),
    });
    const ben = await addAdviserTo(site.db, 'ben@example.com', 'Ben Hale', {
      workingHours: { ...weekdayHours('10:00', '12:00'), saturday: [{ start: '10:00', end: '11:00' }] },
    });
    expect(times(await timesFor(site.url, day, ann))).toEqual(halfHoursFrom(9, 11));
    expect(times(await timesFor(site.url, day, ben))).toEqual(halfHoursFrom(10, 12));
    const annsSettings: PublicCalendarSettings = await (
      await send(site, `/api/booking-settings?adviser=${ann}`)
    ).json();
    expect(annsSettings.ignoreDays).toEqual(['saturday', 'sunday']);
    const month = { year: day.year, month: day.month + 1, apptType: 'initial' };
    const monthOf = async (adviser: number) =>
      (
        await (
          await send(site, '/api/getdaysformonth', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ ...month, adviser }),
          })
        ).json()
      ).availableDates as string[];
    expect(await monthOf(ann)).toContain(toIsoDate(day));

    // Ben has no calls and would take a 10:00 call asked of anyone; asked of Ann, it is hers.
    const [startHour, startMinute] = [10, 0];
    const asked = (email: string, adviser: number) =>
      postBooking(site.url, { ...buildBookCallPayload(day, { startHour, startMinute }, email), adviser });
    expect((await asked('for.ann@example.com', ann)).status).toBe(201);
    expect(await callsOn()).toEqual([
      expect.objectContaining({ adviser: 'Ann Fenwick', local_time: '10:00', email: 'for.ann@example.com' }),
    ]);
    // Ann is taken at 10:00 now: asked of her, the time is gone; Ben still has it for anyone.
    expect((await asked('second@example.com', ann)).status).toBe(409);
    expect(times(await timesFor(site.url, day, ann))).not.toContain('10:00');
    expect(times(await timesFor(site.url, day))).toContain('10:00');
    // A time only Ann works, asked of Ben, is not his to offer.
    expect((await asked('early@example.com', ben)).status).toBe(201);
    const nine = {
      ...buildBookCallPayload(day, { startHour: 9, startMinute: 0 }, 'nine@example.com'),
      adviser: ben,
    };
    expect((await postBooking(site.url, nine)).status).toBe(422);
    // An adviser number that names no one offers nothing; what is not a number is refused, in one message.
    expect(await timesFor(site.url, day, 999_999)).toEqual([]);
    const dayBody = { year: day.year, month: day.month + 1, day: day.day, apptType: 'initial' };
    for (const adviser of [true, '1', '0x1', [1], 1.5, 0, 1e30]) {
      const answer = await send(site, '/api/gettimesfordate', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...dayBody, adviser }),
      });
      expect([adviser, answer.status, (await answer.json()).errorMessages]).toEqual([
        adviser,
        422,
        ['adviser must be an adviser’s number'],
      ]);
    }
    for (const adviser of ['0x1', '01', '1e3', '-1', 'true']) {
      const answer = await send(site, `/api/booking-settings?adviser=${adviser}`);
      expect([adviser, answer.status]).toEqual([adviser, 422]);
    }
  });

  it('names the adviser and their introduction in the confirmation, and the adviser and call length in the staff’s notice', async () => {
    const ann = await addAdviserTo(site.db, 'ann@example.com', 'Ann Fenwick', {
      workingHours: weekdayHours('09:00', '12:00'),
      callMinutes: 45,
    });
    await site.db
      .updateTable('advisers')
      .set({ introduction: 'Sole traders and landlords.' })
      .where('id', '=', ann)
      .execute();
    expect(times(await timesFor(site.url, day))).toEqual(['09:00', '09:45', '10:30', '11:15']);
    // The only adviser's call length is the one the calendar announces.
    const settings: PublicCalendarSettings = await (await send(site, '/api/booking-settings')).json();
    expect(settings.callMinutes).toBe(45);
    // The outbox empties a message's body once it is sent: held still, the messages are read as written.
    await site.outbox.stop();
    expect((await book('09:45', 'named@example.com')).status).toBe(201);
    const messages = await site.db
      .selectFrom('outbox_messages')
      .select(['kind', 'message'])
      .where('kind', 'in', ['booking-confirmation', 'booking-staff-notice'])
      .execute();
    site.outbox.start();
    const text = (kind: string) =>
      JSON.parse(messages.find((m) => m.kind === kind)?.message ?? '{}').text as string;
    expect(text('booking-confirmation')).toContain(
      '(45 minutes)\nWith: Ann Fenwick, Sole traders and landlords.\n',
    );
    expect(text('booking-staff-notice')).toMatch(/^When: .* \(45 minutes\)\nAdviser: Ann Fenwick\n/m);
    const [call] = await site.db.selectFrom('bookings').select(['starts_at', 'ends_at']).execute();
    expect(new Date(call?.ends_at ?? 0).getTime() - new Date(call?.starts_at ?? 0).getTime()).toBe(
      45 * 60_000,
    );
  });

  it('hands the calls booked before there were advisers to the first adviser', async () => {
    expect((await book('09:00', 'early@example.com')).status).toBe(201);
    await addAdviserTo(site.db, 'ann@example.com', 'Ann Fenwick');
    await addAdviserTo(site.db, 'ben@example.com', 'Ben Hale');
    expect(await callsOn()).toEqual([
      { adviser: 'Ann Fenwick', local_time: '09:00', email: 'early@example.com' },
    ]);
    // Ben is free at 09:00, so the time is still offered, and goes to him.
    expect(times(await timesFor(site.url, day))).toContain('09:00');
    expect((await book('09:00', 'second@example.com')).status).toBe(201);
    expect((await callsOn()).map((c) => c.adviser)).toEqual(['Ann Fenwick', 'Ben Hale']);
  });

  it('offers nothing when every adviser is inactive', async () => {
    const ann = await addAdviserTo(site.db, 'ann@example.com', 'Ann Fenwick');
    await site.db.updateTable('advisers').set({ status: 'inactive' }).where('id', '=', ann).execute();
    expect(await timesFor(site.url, day)).toEqual([]);
    const settings: PublicCalendarSettings = await (await send(site, '/api/booking-settings')).json();
    expect(settings.closedDates).toContain(toIsoDate(day));
  });
});

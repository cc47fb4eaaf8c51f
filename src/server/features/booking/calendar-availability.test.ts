import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { secretBox } from '#server/features/calendars/index.ts';
import { buildBookCallPayload, slotValue, type TimeSlot } from '#shared/booking.ts';
import { defaultAvailabilitySettings } from '#shared/booking-settings.ts';
import { addDays, type CalendarDate, todayIn, toIsoDate, weekdayName } from '#shared/calendar.ts';
import { addAdviserTo, weekdayHours } from '#tests/support/advisers.ts';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { postBooking, timesFor } from '#tests/support/booking.ts';
import { describeEachDatabase } from '#tests/support/databases.ts';
import { icalendar, londonTimeZone, vevent } from '#tests/support/icalendar.ts';
import { type FakeCalendarServer, startFakeCalendarServer } from '#tests/support/ics-feed.ts';
import { type Radicale, startRadicale } from '#tests/support/radicale.ts';
import { backOfficeClient, signedInStaff } from '#tests/support/staff.ts';
import { waitUntil } from '#tests/support/wait.ts';
import { bankHolidays } from './bank-holidays.ts';

// What a visitor is offered once an adviser's own calendar is read: the events of a real CalDAV server
// (Radicale) close the times they cover, a calendar that cannot be read never slows the offer, and a
// meeting added since the last read still stops a booking at the last moment.

const secretKey = 'calendar availability test key, 32+ characters';
const zone = 'Europe/London';

const calendar = (...events: string[][]) => icalendar(londonTimeZone, ...events);
const ymd = (date: CalendarDate) => toIsoDate(date).replaceAll('-', '');
/** A local time in London, as calendars write it: `DTSTART;TZID=Europe/London:20270322T100000`. */
const london = (name: string, date: CalendarDate, hhmm: string) =>
  `${name};TZID=${zone}:${ymd(date)}T${hhmm.replace(':', '')}00`;

const times = (slots: TimeSlot[]) => slots.map(slotValue);
const isBankHoliday = (date: CalendarDate) => bankHolidays(date.year).has(toIsoDate(date));
const isWorkingDay = (date: CalendarDate) =>
  !['saturday', 'sunday'].includes(weekdayName(date)) && !isBankHoliday(date);

/** Ann works 09:00-12:00 on weekdays, Ben 13:00-15:00: the mornings show Ann's calendar alone. */
const annMorning = ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30'];
const benAfternoon = ['13:00', '13:30', '14:00', '14:30'];
const offered = (annTimes: string[]) => [...annTimes, ...benAfternoon];

/** The Monday of the first three weeks ahead (from three days on) whose weekdays are all working days. */
function clearThreeWeeks(today: CalendarDate): CalendarDate {
  let monday = addDays(today, 3);
  while (weekdayName(monday) !== 'monday') monday = addDays(monday, 1);
  for (let week = 0; week < 52; week++, monday = addDays(monday, 7)) {
    const days = Array.from({ length: 19 }, (_, n) => addDays(monday, n)).filter(
      (date) => !['saturday', 'sunday'].includes(weekdayName(date)),
    );
    if (days.every(isWorkingDay)) return monday;
  }
  throw new Error('No three weeks without a bank holiday this year');
}

/**
 * The same working weekday in the week before and the week after the clocks go forward (the last Sunday
 * of March), the next time that is at least three days ahead, so always within a year.
 */
function aroundSummerTime(today: CalendarDate): [CalendarDate, CalendarDate] {
  for (const year of [today.year, today.year + 1]) {
    let change: CalendarDate = { year, month: 2, day: 31 };
    while (weekdayName(change) !== 'sunday') change = addDays(change, -1);
    for (let weekday = 1; weekday <= 5; weekday++) {
      const before = addDays(change, weekday - 7);
      const after = addDays(change, weekday);
      if (toIsoDate(before) < toIsoDate(addDays(today, 3))) continue;
      if (isWorkingDay(before) && isWorkingDay(after)) return [before, after];
    }
  }
  throw new Error('No working weekday around the change to summer time');
}

let radicale: Radicale;
beforeAll(async () => {
  radicale = await startRadicale();
}, 30_000);
afterAll(async () => {
  await radicale?.stop();
});

type Session = { cookies: string; token: string };

/** A site with Ann (mornings) and Ben (afternoons), 366 days offered, and its owner signed in. */
async function siteWithAdvisers(database: 'sqlite' | 'postgres', env: Record<string, string> = {}) {
  const site = await startTestApp({
    database,
    env: {
      RATE_LIMIT_PER_MINUTE: '1000',
      BOOKING_MAX_PER_ADDRESS_PER_DAY: '100',
      CALENDAR_SECRET_KEY: secretKey,
      ...env,
    },
  });
  const settings = { ...defaultAvailabilitySettings, maxDaysOffered: 366 };
  await site.db
    .insertInto('booking_settings')
    .values({ id: 1, settings: JSON.stringify(settings), updated_at: new Date().toISOString() })
    .execute();
  const ann = await addAdviserTo(site.db, 'ann@example.com', 'Ann Fenwick', {
    workingHours: weekdayHours('09:00', '12:00'),
  });
  const ben = await addAdviserTo(site.db, 'ben@example.com', 'Ben Hale', {
    workingHours: weekdayHours('13:00', '15:00'),
  });
  const owner: Session = await signedInStaff(site, 'olive@example.com', 'owner');
  return { site, ann, ben, owner };
}

/** Connects Ann's calendar in the back office, which reads it at once, and waits for that read. */
async function connectAndRead(site: TestApp, owner: Session, adviserId: number, source: object) {
  const connected = await backOfficeClient(site, owner).send(
    `/advisers/${adviserId}/calendar`,
    source,
    'PUT',
  );
  expect(connected.status).toBe(200);
  await waitUntil(
    async () => {
      const row = await site.db
        .selectFrom('adviser_calendars')
        .select(['last_success_at', 'last_error'])
        .where('adviser_id', '=', adviserId)
        .executeTakeFirstOrThrow();
      if (row.last_error) throw new Error(`Reading the calendar failed: ${row.last_error}`);
      return row.last_success_at !== null;
    },
    { timeoutMs: 20_000, what: () => 'the calendar to be read' },
  );
}

describeEachDatabase('the times offered from advisers’ calendars', (database) => {
  let site: TestApp;
  const today = todayIn(zone);
  const monday = clearThreeWeeks(today);
  const day = (week: number, weekday: number) => addDays(monday, week * 7 + weekday);
  const [beforeChange, afterChange] = aroundSummerTime(today);

  beforeAll(async () => {
    const calendarUrl = await radicale.makeCalendar(`offered-${database}`);
    const events: Record<string, string> = {
      // Mondays 10:00-11:00 for three weeks, the second taken out.
      weekly: calendar(
        vevent(
          'UID:weekly',
          london('DTSTART', day(0, 0), '10:00'),
          london('DTEND', day(0, 0), '11:00'),
          'RRULE:FREQ=WEEKLY;COUNT=3',
          london('EXDATE', day(1, 0), '10:00'),
        ),
      ),
      // The whole of the first Tuesday.
      allDay: calendar(
        vevent('UID:all-day', `DTSTART;VALUE=DATE:${ymd(day(0, 1))}`, `DTEND;VALUE=DATE:${ymd(day(0, 2))}`),
      ),
      // Wednesdays 09:00-09:30; the second moved to 11:00-12:00 the same day.
      moved: calendar(
        vevent(
          'UID:moved',
          london('DTSTART', day(0, 2), '09:00'),
          london('DTEND', day(0, 2), '09:30'),
          'RRULE:FREQ=WEEKLY;COUNT=2',
        ),
        vevent(
          'UID:moved',
          london('RECURRENCE-ID', day(1, 2), '09:00'),
          london('DTSTART', day(1, 2), '11:00'),
          london('DTEND', day(1, 2), '12:00'),
        ),
      ),
      // On the first Friday, focus time that leaves Ann free, then a meeting that does not.
      transparent: calendar(
        vevent(
          'UID:focus',
          london('DTSTART', day(0, 4), '10:00'),
          london('DTEND', day(0, 4), '11:00'),
          'TRANSP:TRANSPARENT',
        ),
      ),
      opaque: calendar(
        vevent('UID:meeting', london('DTSTART', day(0, 4), '11:00'), london('DTEND', day(0, 4), '12:00')),
      ),
      // A weekly 10:00 London meeting the week before the clocks go forward and the week after.
      summerTime: calendar(
        vevent(
          'UID:summer-time',
          london('DTSTART', beforeChange, '10:00'),
          london('DTEND', beforeChange, '11:00'),
          'RRULE:FREQ=WEEKLY;COUNT=2',
        ),
      ),
    };
    for (const [name, text] of Object.entries(events))
      await radicale.putEvent(calendarUrl, `${name}.ics`, text);

    let ann: number;
    let owner: Session;
    ({ site, ann, owner } = await siteWithAdvisers(database));
    await connectAndRead(site, owner, ann, {
      kind: 'caldav',
      url: calendarUrl,
      username: radicale.username,
      password: radicale.password,
    });
  }, 60_000);
  afterAll(async () => site?.close());

  it('keeps an adviser busy on each occurrence of a weekly event, but not on the one taken out', async () => {
    expect(times(await timesFor(site.url, day(0, 0)))).toEqual(offered(['09:00', '09:30', '11:00', '11:30']));
    expect(times(await timesFor(site.url, day(1, 0)))).toEqual(offered(annMorning));
    expect(times(await timesFor(site.url, day(2, 0)))).toEqual(offered(['09:00', '09:30', '11:00', '11:30']));
  });

  it('offers nothing of an adviser’s on a day their calendar holds an all-day event, and the others’ times still', async () => {
    expect(times(await timesFor(site.url, day(0, 1)))).toEqual(benAfternoon);
    expect(times(await timesFor(site.url, day(1, 1)))).toEqual(offered(annMorning));
  });

  it('keeps an adviser busy at a moved instance’s new time and free at its old one', async () => {
    expect(times(await timesFor(site.url, day(0, 2)))).toEqual(offered(annMorning.slice(1)));
    expect(times(await timesFor(site.url, day(1, 2)))).toEqual(offered(annMorning.slice(0, 4)));
  });

  it('leaves an adviser free during a transparent event', async () => {
    expect(times(await timesFor(site.url, day(0, 4)))).toEqual(offered(annMorning.slice(0, 4)));
  });

  it('keeps a weekly 10:00 London meeting at 10:00 in the weeks before and after the clocks go forward', async () => {
    const withoutTen = offered(['09:00', '09:30', '11:00', '11:30']);
    expect(times(await timesFor(site.url, beforeChange))).toEqual(withoutTen);
    expect(times(await timesFor(site.url, afterChange))).toEqual(withoutTen);
  });
});

/** The first working weekday from three days ahead (the notice is a day). */
function workingDayAhead(today: CalendarDate): CalendarDate {
  let date = addDays(today, 3);
  while (!isWorkingDay(date)) date = addDays(date, 1);
  return date;
}

describeEachDatabase('an adviser’s calendar that cannot be read', (database) => {
  let site: TestApp;
  let server: FakeCalendarServer;
  const day = workingDayAhead(todayIn(zone));
  beforeEach(async () => {
    server = await startFakeCalendarServer();
  });
  afterEach(async () => {
    // Stopping the server first ends a read it holds, so the site closes without waiting for its timeout.
    await server?.stop();
    await site?.close();
  });

  it('never slows the times offered, shows the last success and the error in words, and offers nothing of theirs once stale', async () => {
    const calendarUrl = await radicale.makeCalendar(`unreadable-${database}`);
    await radicale.putEvent(
      calendarUrl,
      'meeting.ics',
      calendar(vevent('UID:meeting', london('DTSTART', day, '10:00'), london('DTEND', day, '11:00'))),
    );
    const { ann, owner, ...rest } = await siteWithAdvisers(database, {
      CALENDAR_SYNC_MINUTES: '1',
      CALENDAR_STALE_MINUTES: '2',
    });
    site = rest.site;
    const api = backOfficeClient(site, owner);
    const annCalendar = async () =>
      (await api.json('/advisers')).advisers.find((a: { id: number }) => a.id === ann).calendar;
    await connectAndRead(site, owner, ann, {
      kind: 'caldav',
      url: calendarUrl,
      username: radicale.username,
      password: radicale.password,
    });
    const withoutTen = offered(['09:00', '09:30', '11:00', '11:30']);
    expect(times(await timesFor(site.url, day))).toEqual(withoutTen);
    const { lastReadAt } = await annCalendar();
    expect(lastReadAt).toEqual(expect.any(String));

    // Ann's calendar server starts answering 500 (the sealed source now names one that does).
    server.failWith = 500;
    await site.db
      .updateTable('adviser_calendars')
      .set({
        sealed_source: secretBox(secretKey).seal({
          kind: 'caldav',
          url: server.url,
          username: radicale.username,
          password: radicale.password,
        }),
      })
      .where('adviser_id', '=', ann)
      .execute();
    expect((await api.send(`/advisers/${ann}/calendar/read-now`)).status).toBe(200);
    await waitUntil(async () => (await annCalendar()).lastError !== null, {
      what: () => 'the failed read to be recorded',
    });
    expect(await annCalendar()).toMatchObject({
      lastReadAt,
      lastError: 'The calendar server answered 500',
      stale: false,
    });
    expect(times(await timesFor(site.url, day))).toEqual(withoutTen);

    // Now it hangs: while a read waits on it, the times are offered at once from what was stored.
    server.failWith = undefined;
    server.hanging = true;
    const asked = server.requests.length;
    expect((await api.send(`/advisers/${ann}/calendar/read-now`)).status).toBe(200);
    await waitUntil(() => server.requests.length > asked, { what: () => 'the read to reach the server' });
    for (let n = 0; n < 3; n++) {
      const started = performance.now();
      expect(times(await timesFor(site.url, day))).toEqual(withoutTen);
      expect(performance.now() - started).toBeLessThan(500);
    }

    // Its last good read is now older than CALENDAR_STALE_MINUTES: Ann offers nothing, Ben still does.
    const threeMinutesAgo = new Date(Date.now() - 3 * 60_000).toISOString();
    await site.db
      .updateTable('adviser_calendars')
      .set({ last_success_at: threeMinutesAgo })
      .where('adviser_id', '=', ann)
      .execute();
    expect(times(await timesFor(site.url, day))).toEqual(benAfternoon);
    expect(await annCalendar()).toMatchObject({ lastReadAt: threeMinutesAgo, stale: true });
  }, 60_000);
});

describeEachDatabase('the last-moment check of an adviser’s calendar', (database) => {
  let site: TestApp;
  const day = workingDayAhead(todayIn(zone));
  afterEach(async () => site?.close());

  const book = (hhmm: string, email: string) => {
    const [startHour, startMinute] = hhmm.split(':').map(Number) as [number, number];
    return postBooking(site.url, buildBookCallPayload(day, { startHour, startMinute }, email));
  };
  const calls = () =>
    site.db
      .selectFrom('bookings')
      .innerJoin('advisers', 'advisers.id', 'bookings.adviser_id')
      .select(['advisers.display_name as adviser', 'bookings.local_time', 'bookings.email'])
      .where('bookings.status', '=', 'confirmed')
      .orderBy('bookings.id')
      .execute();

  it('refuses a time a meeting added since the last read covers, or gives it to another adviser free then', async () => {
    const calendarUrl = await radicale.makeCalendar(`recheck-${database}`);
    const { ann, ben, owner, ...rest } = await siteWithAdvisers(database);
    site = rest.site;
    await connectAndRead(site, owner, ann, {
      kind: 'caldav',
      url: calendarUrl,
      username: radicale.username,
      password: radicale.password,
    });
    // A meeting put in Ann's calendar after that read: the stored busy times do not know it.
    await radicale.putEvent(
      calendarUrl,
      'late.ics',
      calendar(vevent('UID:late', london('DTSTART', day, '10:00'), london('DTEND', day, '11:00'))),
    );
    expect(times(await timesFor(site.url, day))).toEqual(offered(annMorning));

    // Ben does not work at 10:00: nobody is free then.
    expect((await book('10:00', 'first@example.com')).status).toBe(409);
    expect(await calls()).toEqual([]);

    // Ben works mornings too: the call goes to him, though Ann (added first) would have had it.
    await site.db
      .updateTable('advisers')
      .set({ overrides: JSON.stringify({ workingHours: weekdayHours('09:00', '12:00') }) })
      .where('id', '=', ben)
      .execute();
    expect((await book('10:00', 'second@example.com')).status).toBe(201);
    expect(await calls()).toEqual([
      { adviser: 'Ben Hale', local_time: '10:00', email: 'second@example.com' },
    ]);
  }, 60_000);
});

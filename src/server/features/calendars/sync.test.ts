import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { createDatabase, type Db } from '#server/db/database.ts';
import {
  createMigratedTestDatabase,
  type DatabaseKind,
  describeEachDatabase,
  type TestDatabase,
} from '#tests/support/databases.ts';
import { icalendar, londonTimeZone, vevent } from '#tests/support/icalendar.ts';
import { type FakeCalendarServer, startFakeCalendarServer } from '#tests/support/ics-feed.ts';
import { type Radicale, startRadicale } from '#tests/support/radicale.ts';
import { rebindingLookup } from '#tests/support/rebinding-lookup.ts';
import { connectCalendar } from './connect.ts';
import { createCalendarRecheck } from './recheck.ts';
import { secretBox } from './secret-box.ts';
import { type CalendarSyncOptions, createCalendarSync } from './sync.ts';

const secretKey = 'calendar-sync-test-secret-key-0123456789';
const box = secretBox(secretKey);

// A Monday stand-up at 09:00 London for four weeks across the change to summer time (28 March 2027): the
// second removed, the third moved to Tuesday 14:00.
const standup = icalendar(
  londonTimeZone,
  vevent(
    'UID:standup',
    'SUMMARY:Stand-up',
    'DTSTART;TZID=Europe/London:20270315T090000',
    'DTEND;TZID=Europe/London:20270315T093000',
    'RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=4',
    'EXDATE;TZID=Europe/London:20270322T090000',
  ),
  vevent(
    'UID:standup',
    'SUMMARY:Stand-up (moved)',
    'RECURRENCE-ID;TZID=Europe/London:20270329T090000',
    'DTSTART;TZID=Europe/London:20270330T140000',
    'DTEND;TZID=Europe/London:20270330T150000',
  ),
);
const holiday = icalendar(vevent('UID:holiday', 'DTSTART;VALUE=DATE:20270401', 'DTEND;VALUE=DATE:20270402'));
const focusTime = icalendar(
  vevent('UID:focus', 'DTSTART:20270316T120000Z', 'DTEND:20270316T130000Z', 'TRANSP:TRANSPARENT'),
);
const called0ff = icalendar(
  vevent('UID:off', 'DTSTART:20270317T120000Z', 'DTEND:20270317T130000Z', 'STATUS:CANCELLED'),
);
const clientMeeting = icalendar(vevent('UID:client', 'DTSTART:20270318T100000Z', 'DURATION:PT1H30M'));
const farAhead = icalendar(vevent('UID:far', 'DTSTART:20270801T100000Z', 'DTEND:20270801T110000Z'));

const expectedFromRadicale = [
  ['2027-03-15T09:00:00.000Z', '2027-03-15T09:30:00.000Z'],
  ['2027-03-18T10:00:00.000Z', '2027-03-18T11:30:00.000Z'],
  ['2027-03-30T13:00:00.000Z', '2027-03-30T14:00:00.000Z'],
  ['2027-03-31T23:00:00.000Z', '2027-04-01T23:00:00.000Z'],
  ['2027-04-05T08:00:00.000Z', '2027-04-05T08:30:00.000Z'],
];

let radicale: Radicale;
let calendarUrl: string;
let server: FakeCalendarServer;

beforeAll(async () => {
  radicale = await startRadicale();
  calendarUrl = await radicale.makeCalendar('work');
  for (const [name, text] of Object.entries({
    standup,
    holiday,
    focusTime,
    called0ff,
    clientMeeting,
    farAhead,
  }))
    await radicale.putEvent(calendarUrl, `${name}.ics`, text);
}, 30_000);
afterAll(async () => {
  await radicale?.stop();
});

describeEachDatabase('Reading advisers’ calendars', (kind: DatabaseKind) => {
  let database: TestDatabase;
  let db: Db;
  let clock: Date;
  let adviserId: number;
  let logLines: string[];
  const now = () => clock;

  beforeEach(async () => {
    server = await startFakeCalendarServer();
    database = await createMigratedTestDatabase(kind);
    db = createDatabase(loadConfig({ DATABASE_URL: database.url }).database);
    // The firm's defaults: Europe/London, 60 days offered.
    clock = new Date('2027-03-10T08:00:00Z');
    const { id: userId } = await db
      .insertInto('users')
      .values({
        email: 'ann@fenwickhale.test',
        status: 'active',
        role: 'staff',
        created_at: clock.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ({ id: adviserId } = await db
      .insertInto('advisers')
      .values({
        user_id: userId,
        display_name: 'Ann Fenwick',
        created_at: clock.toISOString(),
        updated_at: clock.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow());
    logLines = [];
  });
  afterEach(async () => {
    await server.stop();
    await db.destroy();
    await database.drop();
  });

  const sync = (options: Partial<CalendarSyncOptions> = {}) =>
    createCalendarSync({
      db,
      log: pino({ level: 'debug' }, { write: (line: string) => logLines.push(line) }),
      secretKey,
      syncMinutes: 5,
      now,
      pollMs: 50,
      ...options,
    });
  const busyRows = async () =>
    (
      await db
        .selectFrom('adviser_busy')
        .select(['starts_at', 'ends_at'])
        .where('adviser_id', '=', adviserId)
        .orderBy('starts_at')
        .execute()
    ).map((row) => [row.starts_at, row.ends_at]);
  const calendarRow = () =>
    db
      .selectFrom('adviser_calendars')
      .selectAll()
      .where('adviser_id', '=', adviserId)
      .executeTakeFirstOrThrow();
  const connectRadicale = (password = radicale.password) =>
    connectCalendar(
      db,
      box,
      adviserId,
      { kind: 'caldav', url: calendarUrl, username: radicale.username, password },
      clock,
    );
  const keptRows = [['2027-03-20T10:00:00.000Z', '2027-03-20T11:00:00.000Z']];
  const storeEarlierBusyTimes = () =>
    db
      .insertInto('adviser_busy')
      .values(
        keptRows.map(([starts_at, ends_at]) => ({ adviser_id: adviserId, starts_at, ends_at }) as never),
      )
      .execute();
  const expectNothingPrivateLogged = () => {
    const logged = logLines.join('\n');
    expect(logged).not.toContain('127.0.0.1');
    expect(logged).not.toContain(radicale.password);
    expect(logged).not.toContain(radicale.username);
  };

  it('stores the busy times a CalDAV calendar shows, its recurrences expanded, and records the success', async () => {
    await connectRadicale();
    expect(await sync().runOnce()).toBe(1);

    expect(await busyRows()).toEqual(expectedFromRadicale);
    const row = await calendarRow();
    expect(row.last_success_at).toBe(clock.toISOString());
    expect(row.last_error).toBeNull();
    expect(row.locked_until).toBeNull();
    expect(row.next_sync_at).toBe('2027-03-10T08:05:00.000Z');
    expectNothingPrivateLogged();
  }, 20_000);

  it('finds the calendars from the user’s principal address, and reads each that holds events', async () => {
    const principal = new URL(`${radicale.username}/`, radicale.url).href;
    await connectCalendar(
      db,
      box,
      adviserId,
      { kind: 'caldav', url: principal, username: radicale.username, password: radicale.password },
      clock,
    );
    expect(await sync().syncNow(adviserId)).toMatchObject({ status: 'read' });
    // Other tests add calendars of their own to the same user: those count too.
    expect(await busyRows()).toEqual(expect.arrayContaining(expectedFromRadicale));
  }, 20_000);

  it('reads a calendar again only when it is due, and then replaces its busy times', async () => {
    const ownCalendar = await radicale.makeCalendar(`changing-${kind}`);
    await radicale.putEvent(ownCalendar, 'client.ics', clientMeeting);
    const source = {
      kind: 'caldav' as const,
      url: ownCalendar,
      username: radicale.username,
      password: radicale.password,
    };
    await connectCalendar(db, box, adviserId, source, clock);
    const job = sync();
    await job.runOnce();
    expect(await job.runOnce()).toBe(0);
    await radicale.putEvent(
      ownCalendar,
      'added.ics',
      icalendar(vevent('UID:added', 'DTSTART:20270319T150000Z', 'DURATION:PT1H')),
    );
    clock = new Date(clock.getTime() + 5 * 60_000);
    expect(await job.runOnce()).toBe(1);
    expect(await busyRows()).toEqual([
      ['2027-03-18T10:00:00.000Z', '2027-03-18T11:30:00.000Z'],
      ['2027-03-19T15:00:00.000Z', '2027-03-19T16:00:00.000Z'],
    ]);
  }, 20_000);

  it('says so in words when the CalDAV server refuses the password, and keeps the busy times it had', async () => {
    await connectRadicale('not-the-password');
    await storeEarlierBusyTimes();
    expect(await sync().syncNow(adviserId)).toEqual({
      status: 'failed',
      error: 'The calendar server refused the user name or password',
    });
    expect((await calendarRow()).last_error).toBe('The calendar server refused the user name or password');
    expect(await busyRows()).toEqual(keptRows);
    expectNothingPrivateLogged();
  }, 20_000);

  it('stops reading a CalDAV calendar past the size cap', async () => {
    await connectRadicale();
    await storeEarlierBusyTimes();
    const outcome = await sync({ limits: { timeoutMs: 10_000, maxBytes: 1024 } }).syncNow(adviserId);
    expect(outcome).toEqual({ status: 'failed', error: 'The calendar is larger than 1 KB' });
    expect(await busyRows()).toEqual(keptRows);
  }, 20_000);

  it('says so in words when the CalDAV server answers 500, and keeps the busy times it had', async () => {
    server.failWith = 500;
    await connectCalendar(
      db,
      box,
      adviserId,
      { kind: 'caldav', url: server.url, username: 'ann', password: 'pw-secret' },
      clock,
    );
    await storeEarlierBusyTimes();
    await sync().runOnce();
    const row = await calendarRow();
    expect(row.last_error).toBe('The calendar server answered 500');
    expect(row.last_success_at).toBeNull();
    expect(row.locked_until).toBeNull();
    expect(await busyRows()).toEqual(keptRows);
    expect(server.requests[0]?.method).toBe('PROPFIND');
    expect(logLines.join('\n')).not.toContain('pw-secret');
  });

  it('does not follow a CalDAV server to another origin with the password, and says why on the card', async () => {
    const elsewhere = await startFakeCalendarServer();
    try {
      // Another port on the same address is another origin.
      server.redirectTo = `${elsewhere.url}?propfind`;
      await connectCalendar(
        db,
        box,
        adviserId,
        { kind: 'caldav', url: server.url, username: 'ann', password: 'pw-secret' },
        clock,
      );
      await storeEarlierBusyTimes();
      const words =
        'The calendar server sends its requests on to another server, which the site does not give the calendar’s password to: connect the calendar with its address on that server';
      expect(await sync().syncNow(adviserId)).toEqual({ status: 'failed', error: words });
      expect((await calendarRow()).last_error).toBe(words);
      expect(server.requests[0]?.headers.authorization).toBe(
        `Basic ${Buffer.from('ann:pw-secret').toString('base64')}`,
      );
      expect(elsewhere.requests).toEqual([]);
      expect(await busyRows()).toEqual(keptRows);
    } finally {
      await elsewhere.stop();
    }
  });

  it('refuses in production a calendar whose name now resolves to a private address, before connecting', async () => {
    const { port } = new URL(server.url);
    await connectCalendar(
      db,
      box,
      adviserId,
      { kind: 'caldav', url: `http://calendar.example:${port}/ann/`, username: 'ann', password: 'pw' },
      clock,
    );
    const lookup = rebindingLookup('127.0.0.1');
    const outcome = await sync({
      limits: { timeoutMs: 5000, maxBytes: 1024 * 1024, lookup },
      refusePrivateHosts: true,
    }).syncNow(adviserId);
    expect(outcome).toEqual({
      status: 'failed',
      error: 'The calendar’s address is on a private network, which the site does not read',
    });
    expect(lookup.asked).toEqual(['calendar.example']);
    expect(server.requests).toEqual([]);
  });

  it('gives up on a CalDAV server that hangs within its timeout, and keeps the busy times it had', async () => {
    server.hanging = true;
    await connectCalendar(
      db,
      box,
      adviserId,
      { kind: 'caldav', url: server.url, username: 'ann', password: 'pw' },
      clock,
    );
    await storeEarlierBusyTimes();
    const started = Date.now();
    const outcome = await sync({ limits: { timeoutMs: 2000, maxBytes: 5 * 1024 * 1024 } }).syncNow(adviserId);
    expect(Date.now() - started).toBeLessThan(4000);
    expect(outcome).toEqual({
      status: 'failed',
      error: 'The calendar server did not answer within 2 seconds',
    });
    expect((await calendarRow()).last_error).toBe('The calendar server did not answer within 2 seconds');
    expect(await busyRows()).toEqual(keptRows);
  });

  it('says so when an address answers like a web page rather than a CalDAV calendar', async () => {
    server.failWith = 200;
    await connectCalendar(
      db,
      box,
      adviserId,
      { kind: 'caldav', url: server.url, username: 'ann', password: 'pw' },
      clock,
    );
    expect(await sync().syncNow(adviserId)).toEqual({
      status: 'failed',
      error: 'The address is not a CalDAV calendar',
    });
  });

  it('reads an ICS feed, then sends its validators, and counts 304 as a success that keeps the busy times', async () => {
    server.ics = icalendar(
      londonTimeZone,
      vevent('UID:a', 'DTSTART;TZID=Europe/London:20270315T090000', 'DURATION:PT1H'),
    );
    await connectCalendar(db, box, adviserId, { kind: 'ics', url: server.url }, clock);
    const job = sync();
    expect(await job.syncNow(adviserId)).toEqual({ status: 'read', busy: 1 });
    expect(server.requests[0]?.headers['if-none-match']).toBeUndefined();
    const first = await calendarRow();
    expect(first.etag).toMatch(/^".+"$/);
    expect(first.last_modified).toBe('Mon, 01 Mar 2027 09:00:00 GMT');

    clock = new Date(clock.getTime() + 5 * 60_000);
    expect(await job.syncNow(adviserId)).toEqual({ status: 'unchanged' });
    expect(server.requests[1]?.headers['if-none-match']).toBe(first.etag);
    expect(server.requests[1]?.headers['if-modified-since']).toBe('Mon, 01 Mar 2027 09:00:00 GMT');
    const second = await calendarRow();
    expect(second.last_success_at).toBe(clock.toISOString());
    expect(second.last_error).toBeNull();
    expect(await busyRows()).toEqual([['2027-03-15T09:00:00.000Z', '2027-03-15T10:00:00.000Z']]);

    // A new day offered: the feed is read in full, so the new day's busy times are known.
    clock = new Date('2027-03-11T08:00:00Z');
    expect(await job.syncNow(adviserId)).toEqual({ status: 'read', busy: 1 });
    expect(server.requests[2]?.headers['if-none-match']).toBeUndefined();
  });

  it('says so when the feed is not an iCalendar file, or too large', async () => {
    server.failWith = 200;
    await connectCalendar(db, box, adviserId, { kind: 'ics', url: server.url }, clock);
    expect(await sync().syncNow(adviserId)).toEqual({
      status: 'failed',
      error: 'The feed is not an iCalendar file',
    });

    server.failWith = undefined;
    server.ics = icalendar(vevent('UID:big', 'DTSTART:20270315T090000Z', `DESCRIPTION:${'x'.repeat(2000)}`));
    const small = sync({ limits: { timeoutMs: 10_000, maxBytes: 1024 } });
    expect(await small.syncNow(adviserId)).toEqual({
      status: 'failed',
      error: 'The calendar is larger than 1 KB',
    });
  });

  it('lets only one instance read a calendar at a time, and stop() waits for the read in progress', async () => {
    server.hanging = true;
    await connectCalendar(db, box, adviserId, { kind: 'ics', url: server.url }, clock);
    const first = sync({ limits: { timeoutMs: 2000, maxBytes: 1024 } });
    const second = sync();
    first.start();
    await expect.poll(() => server.requests.length).toBe(1);
    expect(await second.syncNow(adviserId)).toEqual({ status: 'skipped' });
    expect(await second.runOnce()).toBe(0);
    await first.stop();
    expect((await calendarRow()).last_error).toBe('The calendar server did not answer within 2 seconds');
    expect(server.requests.length).toBe(1);
  });

  it('rechecks one adviser’s calendar for a window, and answers undefined when it cannot', async () => {
    const recheck = createCalendarRecheck({ db, secretKey });
    expect(
      await recheck(adviserId, new Date('2027-03-15T00:00:00Z'), new Date('2027-03-16T00:00:00Z')),
    ).toBeUndefined();

    await connectRadicale();
    const busy = await recheck(adviserId, new Date('2027-03-15T00:00:00Z'), new Date('2027-03-19T00:00:00Z'));
    expect(busy?.map(({ start, end }) => [start.toISOString(), end.toISOString()])).toEqual(
      expectedFromRadicale.slice(0, 2),
    );

    server.hanging = true;
    await connectCalendar(db, box, adviserId, { kind: 'ics', url: server.url }, clock);
    const started = Date.now();
    expect(
      await recheck(adviserId, new Date('2027-03-15T00:00:00Z'), new Date('2027-03-16T00:00:00Z')),
    ).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(3000);
  }, 20_000);
});

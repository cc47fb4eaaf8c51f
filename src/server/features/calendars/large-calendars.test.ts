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
import { icalendar, vevent } from '#tests/support/icalendar.ts';
import { type FakeCalendarServer, startFakeCalendarServer } from '#tests/support/ics-feed.ts';
import { type Radicale, startRadicale } from '#tests/support/radicale.ts';
import { readBusyTimes } from './busy-times.ts';
import { CalendarSourceError, connectCalendar } from './connect.ts';
import { createCalendarRecheck } from './recheck.ts';
import { secretBox } from './secret-box.ts';
import { createCalendarSync } from './sync.ts';

// Calendars that are large or written to spin the CPU: reading them never holds up the server's other
// work, and what can be read of them is.

const secretKey = 'large-calendars-test-secret-key-0123456789';
const box = secretBox(secretKey);
const basic = (stamp: number) => new Date(stamp).toISOString().replace(/[-:]|\.\d+/g, '');

/** 10,000 one-off events half an hour apart: 9,700 of them years ago, the last 300 from 11 March 2027. */
const tenThousandEvents = icalendar(
  ...Array.from({ length: 10_000 }, (_, i) => {
    const start =
      i < 9_700
        ? Date.UTC(2027, 2, 9, 9) - (9_699 - i) * 86_400_000
        : Date.UTC(2027, 2, 11, 9) + (i - 9_700) * 1_800_000;
    return vevent(`UID:meeting-${i}`, `DTSTART:${basic(start)}`, 'DURATION:PT20M', `SUMMARY:Meeting ${i}`);
  }),
);

let radicale: Radicale;
beforeAll(async () => {
  radicale = await startRadicale();
}, 30_000);
afterAll(() => radicale?.stop());

describeEachDatabase('Reading large and hostile calendars', (kind: DatabaseKind) => {
  let database: TestDatabase;
  let db: Db;
  let server: FakeCalendarServer;
  let adviserId: number;
  const clock = new Date('2027-03-10T08:00:00Z');

  beforeEach(async () => {
    server = await startFakeCalendarServer();
    database = await createMigratedTestDatabase(kind);
    db = createDatabase(loadConfig({ DATABASE_URL: database.url }).database);
    const at = clock.toISOString();
    const { id: userId } = await db
      .insertInto('users')
      .values({ email: 'ann@fenwickhale.test', status: 'active', role: 'staff', created_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    ({ id: adviserId } = await db
      .insertInto('advisers')
      .values({ user_id: userId, display_name: 'Ann Fenwick', created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow());
  });
  afterEach(async () => {
    await server.stop();
    await db.destroy();
    await database.drop();
  });

  const sync = () =>
    createCalendarSync({ db, log: pino({ level: 'silent' }), secretKey, syncMinutes: 5, now: () => clock });
  const busyRows = async () =>
    (
      await db
        .selectFrom('adviser_busy')
        .select(['starts_at', 'ends_at'])
        .where('adviser_id', '=', adviserId)
        .orderBy('starts_at')
        .execute()
    ).map((row) => [row.starts_at, row.ends_at]);
  const lastError = async () =>
    (await db.selectFrom('adviser_calendars').select('last_error').executeTakeFirstOrThrow()).last_error;

  it('reads a feed of 10,000 events while the server’s own thread keeps answering, never held for half the read', async () => {
    server.ics = tenThousandEvents;
    await connectCalendar(db, box, adviserId, { kind: 'ics', url: server.url }, clock);
    const job = sync();
    let longestGapMs = 0;
    let last = performance.now();
    const ticker = setInterval(() => {
      const at = performance.now();
      longestGapMs = Math.max(longestGapMs, at - last);
      last = at;
    }, 10);
    try {
      expect(await job.syncNow(adviserId)).toEqual({ status: 'read', busy: 300 });
    } finally {
      clearInterval(ticker);
    }
    // The same read on this thread, timed now: what a request would wait were it not in a worker. A fixed
    // bound would fail on a busy machine; this one scales with the machine, and is at least 100 ms.
    const started = performance.now();
    readBusyTimes(tenThousandEvents, {
      from: clock,
      to: new Date(clock.getTime() + 60 * 86_400_000),
      timeZone: 'Europe/London',
    });
    const readOnThisThreadMs = performance.now() - started;
    expect(longestGapMs).toBeLessThan(Math.max(100, readOnThisThreadMs / 2));
    expect(await lastError()).toBeNull();
    expect((await busyRows())[0]).toEqual(['2027-03-11T09:00:00.000Z', '2027-03-11T09:20:00.000Z']);
  }, 30_000);

  it('keeps a CalDAV calendar readable when one of its events repeats too often: past its cap it counts as busy throughout, and staff are told', async () => {
    const calendarUrl = await radicale.makeCalendar(`crowded-${kind}`);
    // Every five minutes with no end: 17,000 times in the 60 days offered, past the 10,000 one series may add.
    await radicale.putEvent(
      calendarUrl,
      'crowded.ics',
      icalendar(
        vevent('UID:crowded', 'DTSTART:20270311T090000Z', 'DURATION:PT1M', 'RRULE:FREQ=MINUTELY;INTERVAL=5'),
      ),
    );
    await radicale.putEvent(
      calendarUrl,
      'client.ics',
      icalendar(vevent('UID:client', 'DTSTART:20270310T100000Z', 'DURATION:PT1H')),
    );
    const source = {
      kind: 'caldav' as const,
      url: calendarUrl,
      username: radicale.username,
      password: radicale.password,
    };
    await connectCalendar(db, box, adviserId, source, clock);
    expect(await sync().syncNow(adviserId)).toEqual({ status: 'read', busy: 10_002 });
    const rows = await busyRows();
    expect(rows[0]).toEqual(['2027-03-10T10:00:00.000Z', '2027-03-10T11:00:00.000Z']);
    expect(rows[1]).toEqual(['2027-03-11T09:00:00.000Z', '2027-03-11T09:01:00.000Z']);
    // From the 10,001st time (50,000 minutes on) to the end of the last day offered.
    expect(rows.at(-1)).toEqual(['2027-04-15T02:20:00.000Z', '2027-05-09T23:00:00.000Z']);
    expect(await lastError()).toBe(
      'Read, but one repeating event repeats too often to follow: it counts as busy for all the time it runs',
    );
  }, 30_000);

  it('rechecks a feed with the last sync’s validators: a 304 downloads nothing and the stored busy times stand', async () => {
    server.ics = tenThousandEvents;
    await connectCalendar(db, box, adviserId, { kind: 'ics', url: server.url }, clock);
    await sync().syncNow(adviserId);
    const recheck = createCalendarRecheck({ db, secretKey });
    const from = new Date('2027-03-11T09:00:00Z');
    const to = new Date('2027-03-11T10:00:00Z');
    const busy = await recheck(adviserId, from, to);
    expect(server.requests[1]?.headers['if-none-match']).toMatch(/^".+"$/);
    expect(busy?.map(({ start, end }) => [start.toISOString(), end.toISOString()])).toEqual([
      ['2027-03-11T09:00:00.000Z', '2027-03-11T09:20:00.000Z'],
      ['2027-03-11T09:30:00.000Z', '2027-03-11T09:50:00.000Z'],
    ]);

    // Changed since: the recheck reads the new feed.
    server.ics = icalendar(vevent('UID:new', 'DTSTART:20270311T091000Z', 'DURATION:PT10M'));
    const changed = await recheck(adviserId, from, to);
    expect(changed?.map(({ start }) => start.toISOString())).toEqual(['2027-03-11T09:10:00.000Z']);
  }, 30_000);

  it('in production refuses to connect or read a calendar on a private network, whatever form its address takes', async () => {
    const refuse = { refusePrivateHosts: true };
    for (const url of [
      server.url,
      'http://2130706433/cal.ics',
      'http://[::1]/cal.ics',
      'http://localhost/cal.ics',
    ])
      await expect(
        connectCalendar(db, box, adviserId, { kind: 'ics', url }, clock, refuse),
        url,
      ).rejects.toThrow(
        new CalendarSourceError('url', 'Enter a calendar address on the internet, not on a private network'),
      );

    // Connected earlier (or outside production): each read is refused before any request is made.
    server.ics = tenThousandEvents;
    await connectCalendar(db, box, adviserId, { kind: 'ics', url: server.url }, clock);
    const job = createCalendarSync({
      db,
      log: pino({ level: 'silent' }),
      secretKey,
      syncMinutes: 5,
      now: () => clock,
      ...refuse,
    });
    expect(await job.syncNow(adviserId)).toEqual({
      status: 'failed',
      error: 'The calendar’s address is on a private network, which the site does not read',
    });
    expect(
      await createCalendarRecheck({ db, secretKey, ...refuse })(
        adviserId,
        clock,
        new Date('2027-03-12T00:00:00Z'),
      ),
    ).toBeUndefined();
    expect(server.requests).toEqual([]);
  });
});

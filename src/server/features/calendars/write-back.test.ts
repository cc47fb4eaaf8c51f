import ICAL from 'ical.js';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { createDatabase, type Db } from '#server/db/database.ts';
import { insertAdviser } from '#server/features/advisers/index.ts';
import { bookingMailPreparer, fixedMeetingRoom } from '#server/features/booking/index.ts';
import { smtpTransport } from '#server/mail/transport.ts';
import { createOutboxWorker } from '#server/mail/worker.ts';
import {
  createMigratedTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from '#tests/support/databases.ts';
import { demoFirm } from '#tests/support/firms.ts';
import { type Radicale, startRadicale } from '#tests/support/radicale.ts';
import { rebindingLookup } from '#tests/support/rebinding-lookup.ts';
import { type ReceivedMail, startSmtpServer, type TestSmtpServer } from '#tests/support/smtp.ts';
import { startTcpProxy, type TcpProxy } from '#tests/support/tcp-proxy.ts';
import type { CalDavSource } from './caldav-objects.ts';
import { createCalendarWriter } from './calendar-writer.ts';
import { type CalendarSource, secretBox } from './secret-box.ts';
import { createCalendarSync } from './sync.ts';
import { calendarWriteBack } from './write-back.ts';

const log = pino({ level: 'silent' });
const secretKey = 's'.repeat(40);
const mail = {
  publicUrl: new URL('https://www.fenwickhale.test/'),
  staffEmail: 'office@fenwickhale.test',
  organizerEmail: 'hello@fenwickhale.test',
  firm: demoFirm,
};
const meetingUrl = 'https://meet.example.com/fenwick-hale';
const hooks = calendarWriteBack(mail);

// 9:00 on Tuesday 2 April 2030 in London is 8:00 UTC: summer time began on the Sunday before.
const call = {
  reference: 'BK-7Q2XW9',
  email: 'jane.doe@example.com',
  starts_at: '2030-04-02T08:00:00.000Z',
  ends_at: '2030-04-02T08:30:00.000Z',
  local_date: '2030-04-02',
  local_time: '09:00',
  time_zone: 'Europe/London',
};

/** The one VEVENT of an iCalendar text, parsed with ical.js. */
function eventOf(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const event = calendar.getFirstSubcomponent('vevent');
  if (!event) throw new Error(`no VEVENT in ${ics}`);
  return { calendar, event, attendees: event.getAllProperties('attendee') };
}

let radicale: Radicale;
beforeAll(async () => {
  radicale = await startRadicale();
});
afterAll(() => radicale.stop());

describeEachDatabase("booked calls in advisers' diaries", (kind) => {
  let database: TestDatabase;
  let db: Db;
  let offsetMs = 0;
  const now = () => new Date(Date.now() + offsetMs);

  beforeEach(async () => {
    offsetMs = 0;
    database = await createMigratedTestDatabase(kind);
    db = createDatabase(loadConfig({ DATABASE_URL: database.url }).database);
  });
  afterEach(async () => {
    await db.destroy();
    await database.drop();
  });

  const writer = () =>
    createCalendarWriter({ db, log, secretKey, mail, now, baseDelayMs: 60_000, requestTimeoutMs: 5000 });

  async function adviser(email: string, calendar?: CalendarSource) {
    const at = new Date().toISOString();
    const user = await db
      .insertInto('users')
      .values({
        email,
        password_hash: null,
        status: 'active',
        role: 'staff',
        created_at: at,
        password_changed_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = await insertAdviser(
      db,
      { userId: user.id, displayName: 'Ann Fenwick', introduction: '' },
      new Date(),
    );
    if (calendar) {
      await db
        .insertInto('adviser_calendars')
        .values({
          adviser_id: id,
          kind: calendar.kind,
          display_host: new URL(calendar.url).hostname,
          sealed_source: secretBox(secretKey).seal(calendar),
          next_sync_at: at,
          created_at: at,
        })
        .execute();
    }
    return id;
  }

  async function book(adviserId: number) {
    const { id } = await db
      .insertInto('bookings')
      .values({
        ...call,
        status: 'confirmed',
        cancel_token_hash: 'not-a-real-hash',
        created_at: new Date().toISOString(),
        adviser_id: adviserId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.transaction().execute((trx) => hooks.booked(trx, { id, adviserId }, now()));
    return { id, adviserId };
  }

  async function cancel(booking: { id: number; adviserId: number }) {
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('bookings')
        .set({ status: 'cancelled', cancelled_at: now().toISOString() })
        .where('id', '=', booking.id)
        .execute();
      await hooks.cancelled(trx, booking, now());
    });
  }

  const writes = () =>
    db
      .selectFrom('calendar_writes')
      .select(['action', 'status', 'attempts', 'last_error'])
      .orderBy('id')
      .execute();

  const caldav = (calendarUrl: string): CalDavSource => ({
    kind: 'caldav',
    url: calendarUrl,
    username: radicale.username,
    password: radicale.password,
  });

  it("puts a booked call in a CalDAV adviser's calendar at its UTC times with the visitor as attendee, and takes it out when cancelled", async () => {
    const calendarUrl = await radicale.makeCalendar(`ann-${kind}-booked`);
    const booking = await book(await adviser('ann@fenwickhale.test', caldav(calendarUrl)));
    expect(await radicale.objects(calendarUrl)).toEqual(new Map()); // nothing written inside the booking

    expect(await writer().runOnce()).toBe(1);
    const stored = await radicale.objects(calendarUrl);
    expect([...stored.keys()]).toEqual([`${call.reference}.ics`]);
    const { calendar, event, attendees } = eventOf(stored.get(`${call.reference}.ics`) as string);
    expect(calendar.getFirstPropertyValue('method')).toBeNull();
    expect(event.getFirstPropertyValue('uid')).toBe(`booking-${call.reference}@www.fenwickhale.test`);
    expect((event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString()).toBe(
      call.starts_at,
    );
    expect((event.getFirstPropertyValue('dtend') as ICAL.Time).toJSDate().toISOString()).toBe(call.ends_at);
    expect((event.getFirstPropertyValue('dtstart') as ICAL.Time).zone?.tzid).toBe('UTC');
    expect(event.getFirstPropertyValue('summary')).toBe(`Initial call: ${call.email}`);
    expect(event.getFirstPropertyValue('organizer')).toBe(`mailto:${mail.organizerEmail}`);
    // The calendar server must not email the visitor an invitation of its own.
    expect(attendees.map((a) => a.getParameter('schedule-agent'))).toEqual(['CLIENT', 'CLIENT']);
    expect(attendees.map((a) => a.getFirstValue())).toEqual([
      `mailto:${call.email}`,
      'mailto:ann@fenwickhale.test',
    ]);
    expect(event.getFirstPropertyValue('description')).toContain(
      `https://www.fenwickhale.test/back-office/bookings/${call.reference}`,
    );
    const stored_ = await db.selectFrom('bookings').select('calendar_event_url').executeTakeFirstOrThrow();
    expect(stored_.calendar_event_url).toBe(`${calendarUrl}${call.reference}.ics`);

    await cancel(booking);
    expect(await writer().runOnce()).toBe(1);
    expect(await radicale.objects(calendarUrl)).toEqual(new Map());
    expect(await writes()).toEqual([
      { action: 'add', status: 'done', attempts: 1, last_error: null },
      { action: 'remove', status: 'done', attempts: 1, last_error: null },
    ]);
  });

  it("moves a call in its adviser's calendar, and takes it from one adviser's calendar into another's", async () => {
    const annsCalendar = await radicale.makeCalendar(`ann-${kind}-moved`);
    const bensCalendar = await radicale.makeCalendar(`ben-${kind}-moved`);
    const ann = await adviser('ann@fenwickhale.test', caldav(annsCalendar));
    const ben = await adviser('ben@fenwickhale.test', caldav(bensCalendar));
    const booking = await book(ann);
    expect(await writer().runOnce()).toBe(1);
    const startOf = (ics: string | undefined) =>
      (eventOf(ics as string).event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString();

    // An hour later: the same event written over, with a higher SEQUENCE.
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('bookings')
        .set({
          starts_at: '2030-04-02T09:00:00.000Z',
          ends_at: '2030-04-02T09:30:00.000Z',
          local_time: '10:00',
          sequence: 1,
        })
        .where('id', '=', booking.id)
        .execute();
      await hooks.moved(trx, booking, now());
    });
    expect(await writer().runOnce()).toBe(1);
    const moved = await radicale.objects(annsCalendar);
    expect([...moved.keys()]).toEqual([`${call.reference}.ics`]);
    expect(startOf(moved.get(`${call.reference}.ics`))).toBe('2030-04-02T09:00:00.000Z');
    expect(
      eventOf(moved.get(`${call.reference}.ics`) as string).event.getFirstPropertyValue('sequence'),
    ).toBe(1);

    // Given to Ben: out of Ann's calendar, into his.
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('bookings')
        .set({ adviser_id: ben, sequence: 2, calendar_event_url: null })
        .where('id', '=', booking.id)
        .execute();
      await hooks.cancelled(trx, { id: booking.id, adviserId: ann }, now());
      await hooks.booked(trx, { id: booking.id, adviserId: ben }, now());
    });
    expect(await writer().runOnce()).toBe(2);
    expect(await radicale.objects(annsCalendar)).toEqual(new Map());
    const given = await radicale.objects(bensCalendar);
    expect([...given.keys()]).toEqual([`${call.reference}.ics`]);
    expect(startOf(given.get(`${call.reference}.ics`))).toBe('2030-04-02T09:00:00.000Z');
    expect(
      eventOf(given.get(`${call.reference}.ics`) as string).attendees.map((a) => a.getFirstValue()),
    ).toEqual([`mailto:${call.email}`, 'mailto:ben@fenwickhale.test']);
  });

  it("leaves the call it wrote out of the adviser's busy times when it reads their calendar back", async () => {
    const calendarUrl = await radicale.makeCalendar(`ann-${kind}-read-back`);
    const adviserId = await adviser('ann@fenwickhale.test', caldav(calendarUrl));
    await radicale.putEvent(
      calendarUrl,
      'client.ics',
      'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\nBEGIN:VEVENT\r\nUID:client\r\nDTSTAMP:20300301T000000Z\r\nDTSTART:20300402T100000Z\r\nDTEND:20300402T110000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n',
    );
    await book(adviserId);
    expect(await writer().runOnce()).toBe(1);
    expect([...(await radicale.objects(calendarUrl)).keys()].sort()).toEqual(['BK-7Q2XW9.ics', 'client.ics']);

    const sync = createCalendarSync({
      db,
      log,
      secretKey,
      syncMinutes: 5,
      now: () => new Date('2030-03-30T08:00:00Z'),
    });
    expect(await sync.syncNow(adviserId)).toEqual({ status: 'read', busy: 1 });
    const busy = await db.selectFrom('adviser_busy').select(['starts_at', 'ends_at']).execute();
    expect(busy).toEqual([{ starts_at: '2030-04-02T10:00:00.000Z', ends_at: '2030-04-02T11:00:00.000Z' }]);
  });

  it('tries a calendar server that is down again later, and the call lands once it answers', async () => {
    const calendarUrl = await radicale.makeCalendar(`ann-${kind}-down`);
    const proxy: TcpProxy = await startTcpProxy({
      host: '127.0.0.1',
      port: Number(new URL(radicale.url).port),
    });
    try {
      const throughProxy = calendarUrl.replace(new URL(radicale.url).host, `127.0.0.1:${proxy.port}`);
      await book(await adviser('ann@fenwickhale.test', caldav(throughProxy)));
      await proxy.cut();
      const calendarWriter = writer();
      expect(await calendarWriter.runOnce()).toBe(1);
      expect(await writes()).toEqual([
        {
          action: 'add',
          status: 'pending',
          attempts: 1,
          last_error: 'Could not reach the calendar server: it refused the connection.',
        },
      ]);
      await proxy.restore();
      expect(await calendarWriter.runOnce()).toBe(0); // not yet due: it waits its back-off
      expect(await radicale.objects(calendarUrl)).toEqual(new Map());

      offsetMs = 61_000;
      expect(await calendarWriter.runOnce()).toBe(1);
      expect([...(await radicale.objects(calendarUrl)).keys()]).toEqual([`${call.reference}.ics`]);
      expect(await writes()).toEqual([{ action: 'add', status: 'done', attempts: 2, last_error: null }]);
    } finally {
      await proxy.close();
    }
  });

  it('gives a write up after a day, leaving it failed with the reason in words', async () => {
    const calendarUrl = await radicale.makeCalendar(`ann-${kind}-wrong-password`);
    await book(
      await adviser('ann@fenwickhale.test', { ...caldav(calendarUrl), password: 'not the password' }),
    );
    const calendarWriter = writer();
    for (const hours of [0, 2, 8, 20]) {
      offsetMs = hours * 60 * 60_000;
      expect(await calendarWriter.runOnce()).toBe(1);
      expect((await writes())[0]?.status).toBe('pending');
    }
    offsetMs = 24 * 60 * 60_000 + 1000;
    expect(await calendarWriter.runOnce()).toBe(1);
    const [write] = await writes();
    expect(write).toMatchObject({
      action: 'add',
      status: 'failed',
      last_error: 'The calendar server refused the user name or password (it answered 401).',
    });
    expect(write?.last_error).not.toContain('not the password');
  });

  it('writes and deletes nothing, in production, on a server whose name now resolves to a private address', async () => {
    const calendarUrl = await radicale.makeCalendar(`ann-${kind}-rebound`);
    // Public when the calendar was connected; the machine itself (Radicale) by the time a call is booked.
    const named = calendarUrl.replace(new URL(radicale.url).hostname, 'calendar.example');
    const lookup = rebindingLookup('127.0.0.1');
    const production = () =>
      createCalendarWriter({ db, log, secretKey, mail, now, refusePrivateHosts: true, lookup });
    const words = "The calendar's address is on a private network, which the site does not write to.";

    const booking = await book(await adviser('ann@fenwickhale.test', caldav(named)));
    expect(await production().runOnce()).toBe(1);
    expect(await writes()).toEqual([{ action: 'add', status: 'pending', attempts: 1, last_error: words }]);
    expect(await radicale.objects(calendarUrl)).toEqual(new Map());

    // An event written before (from when the name was public) is not deleted through it either.
    const event =
      'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\nBEGIN:VEVENT\r\nUID:earlier\r\nDTSTAMP:20300301T000000Z\r\nDTSTART:20300402T080000Z\r\nDTEND:20300402T083000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n';
    await radicale.putEvent(calendarUrl, `${call.reference}.ics`, event);
    await db
      .updateTable('bookings')
      .set({ calendar_event_url: `${named}${call.reference}.ics` })
      .where('id', '=', booking.id)
      .execute();
    await cancel(booking);
    expect(await production().runOnce()).toBe(1);
    expect((await writes())[1]).toEqual({
      action: 'remove',
      status: 'pending',
      attempts: 1,
      last_error: words,
    });
    expect([...(await radicale.objects(calendarUrl)).keys()]).toEqual([`${call.reference}.ics`]);
    expect(lookup.asked).toEqual(['calendar.example', 'calendar.example']);
  });

  it('finishes a cancellation whose call never reached the calendar without touching the calendar', async () => {
    const calendarUrl = await radicale.makeCalendar(`ann-${kind}-early-cancel`);
    const booking = await book(await adviser('ann@fenwickhale.test', caldav(calendarUrl)));
    await cancel(booking);
    expect(await writer().runOnce()).toBe(2);
    expect(await radicale.objects(calendarUrl)).toEqual(new Map());
    expect((await writes()).map(({ action, status }) => ({ action, status }))).toEqual([
      { action: 'add', status: 'done' },
      { action: 'remove', status: 'done' },
    ]);
  });

  describe('advisers whose calendar the firm cannot write', () => {
    let smtp: TestSmtpServer;
    beforeEach(async () => {
      smtp = await startSmtpServer();
    });
    afterEach(() => smtp.stop());

    const sendMail = () =>
      createOutboxWorker({
        db,
        transport: smtpTransport(smtp.url, () => 'Fenwick & Hale <hello@fenwickhale.test>'),
        log,
        messageIdDomain: 'fenwickhale.test',
        publicOrigin: 'https://fenwickhale.test',
        now,
        prepare: bookingMailPreparer(db, fixedMeetingRoom(meetingUrl)),
      }).runOnce();

    const calendarPart = (mail: ReceivedMail) => {
      const part = mail.parsed.attachments.find((a) => a.mimeType === 'text/calendar');
      if (!part) throw new Error('no calendar part');
      const content = part.content;
      return typeof content === 'string' ? content : new TextDecoder().decode(content);
    };

    it.each([
      [
        'an ICS feed',
        { kind: 'ics', url: 'https://outlook.office365.com/owa/calendar/x/calendar.ics' } as const,
      ],
      ['no calendar', undefined],
    ])('emails an adviser with %s an iTIP REQUEST, then a CANCEL for the same call', async (_, calendar) => {
      const booking = await book(await adviser('bob@fenwickhale.test', calendar));
      expect(await writes()).toEqual([]);
      await sendMail();
      const request = await smtp.waitFor((m) => m.to.includes('bob@fenwickhale.test'));
      expect(request.raw).toMatch(/Content-Type: text\/calendar;[^\r\n]*(\r\n[ \t][^\r\n]*)*method=REQUEST/i);
      const invited = eventOf(calendarPart(request));
      expect(invited.calendar.getFirstPropertyValue('method')).toBe('REQUEST');
      expect(invited.event.getFirstPropertyValue('uid')).toBe(
        `booking-${call.reference}@www.fenwickhale.test`,
      );
      expect(invited.event.getFirstPropertyValue('sequence')).toBe(0);
      expect((invited.event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString()).toBe(
        call.starts_at,
      );
      expect(invited.event.getFirstPropertyValue('location')).toBe(meetingUrl);
      expect(invited.attendees.map((a) => a.getFirstValue())).toEqual(['mailto:bob@fenwickhale.test']);
      expect(invited.attendees[0]?.getParameter('partstat')).toBe('NEEDS-ACTION');
      expect(invited.attendees[0]?.getParameter('rsvp')).toBe('FALSE');
      expect(request.parsed.text).toContain(`Visitor: ${call.email}`);
      const minutes = (new Date(call.ends_at).getTime() - new Date(call.starts_at).getTime()) / 60_000;
      expect(request.parsed.text).toMatch(new RegExp(`^When: .+ \\(${minutes} minutes\\)$`, 'm'));

      await cancel(booking);
      await sendMail();
      const cancellation = await smtp.waitFor(
        (m) =>
          m.to.includes('bob@fenwickhale.test') && m.parsed.subject?.startsWith('Call cancelled') === true,
      );
      expect(cancellation.raw).toMatch(
        /Content-Type: text\/calendar;[^\r\n]*(\r\n[ \t][^\r\n]*)*method=CANCEL/i,
      );
      const cancelled = eventOf(calendarPart(cancellation));
      expect(cancelled.calendar.getFirstPropertyValue('method')).toBe('CANCEL');
      expect(cancelled.event.getFirstPropertyValue('uid')).toBe(
        `booking-${call.reference}@www.fenwickhale.test`,
      );
      expect(cancelled.event.getFirstPropertyValue('sequence')).toBe(1);
      expect(cancelled.event.getFirstPropertyValue('status')).toBe('CANCELLED');
      expect(await writes()).toEqual([]);
    });
  });
});

import ICAL from 'ical.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildBookCallPayload } from '#shared/booking.ts';
import { addAdviserTo, weekdayHours } from '#tests/support/advisers.ts';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { firstBookableDate, postBooking } from '#tests/support/booking.ts';
import { describeEachDatabase } from '#tests/support/databases.ts';
import { send } from '#tests/support/http.ts';
import { type Radicale, startRadicale } from '#tests/support/radicale.ts';
import { startSmtpServer, type TestSmtpServer } from '#tests/support/smtp.ts';
import { backOfficeClient, signedInStaff } from '#tests/support/staff.ts';
import { waitUntil } from '#tests/support/wait.ts';

// The whole path, as the site runs it: a visitor books through the form, the booking service picks the
// adviser and queues the diary entry, and the calendar writer (or the outbox) carries it out.

describeEachDatabase('booked calls in the advisers’ diaries, through the site', (database) => {
  let site: TestApp;
  let radicale: Radicale;
  let calendarUrl: string;
  let owner: { cookies: string; token: string };
  const events = async () => [...(await radicale.objects(calendarUrl)).values()];
  let smtp: TestSmtpServer;
  /** The iCalendar part of the email an adviser is sent, once it arrives. */
  const invitationTo = async (address: string, method: 'REQUEST' | 'CANCEL') => {
    const mail = await smtp.waitFor((m) => m.to.includes(address) && m.raw.includes(`METHOD:${method}`));
    return mail.raw;
  };
  const adviserOf = async (email: string) =>
    (
      await site.db
        .selectFrom('bookings')
        .innerJoin('advisers', 'advisers.id', 'bookings.adviser_id')
        .select('advisers.display_name')
        .where('bookings.email', '=', email)
        .executeTakeFirstOrThrow()
    ).display_name;

  beforeAll(async () => {
    radicale = await startRadicale();
    smtp = await startSmtpServer();
    calendarUrl = await radicale.makeCalendar('work');
    site = await startTestApp({
      database,
      env: {
        RATE_LIMIT_PER_MINUTE: '1000',
        CALENDAR_SECRET_KEY: 'a calendar key for booked calls, 32+ characters',
        MEETING_URL: 'https://meet.example.com/fenwick-hale',
        SMTP_URL: smtp.url,
      },
    });
    owner = await signedInStaff(site, 'olive@fenwickhale.test', 'owner');
  });
  afterAll(async () => {
    await site?.close();
    await radicale?.stop();
    await smtp?.stop();
  });

  it('writes a call into a CalDAV adviser’s calendar, emails one without, and takes each out when cancelled or erased', async () => {
    const hours = { workingHours: weekdayHours('09:00', '10:00') };
    const ann = await addAdviserTo(site.db, 'ann@fenwickhale.test', 'Ann Fenwick', hours);
    await addAdviserTo(site.db, 'ben@fenwickhale.test', 'Ben Hale', hours);
    const api = backOfficeClient(site, owner);
    const connected = await api.send(
      `/advisers/${ann}/calendar`,
      { kind: 'caldav', url: calendarUrl, username: radicale.username, password: radicale.password },
      'PUT',
    );
    expect(connected.status).toBe(200);
    // Connecting reads the calendar at once; until then Ann would offer no times.
    await waitUntil(async () => (await api.json('/advisers')).advisers[0]?.calendar?.lastReadAt != null);

    const { date } = await firstBookableDate(site.url);
    const nine = { startHour: 9, startMinute: 0 };
    // Both free and level: Ann, added first, takes the first call; Ben the second at the same time.
    expect((await postBooking(site.url, buildBookCallPayload(date, nine, 'first@example.com'))).status).toBe(
      201,
    );
    expect((await postBooking(site.url, buildBookCallPayload(date, nine, 'second@example.com'))).status).toBe(
      201,
    );
    expect([await adviserOf('first@example.com'), await adviserOf('second@example.com')]).toEqual([
      'Ann Fenwick',
      'Ben Hale',
    ]);

    await waitUntil(async () => (await events()).length === 1, { what: () => 'the call in Ann’s calendar' });
    const [written] = await events();
    const event = new ICAL.Component(ICAL.parse(written as string)).getFirstSubcomponent('vevent');
    const [call] = await site.db
      .selectFrom('bookings')
      .select(['starts_at', 'ends_at'])
      .where('email', '=', 'first@example.com')
      .execute();
    expect(event?.getFirstPropertyValue('dtstart')?.toString()).toBe(
      ICAL.Time.fromJSDate(new Date(call?.starts_at as string), true).toString(),
    );
    expect(event?.getFirstPropertyValue('dtend')?.toString()).toBe(
      ICAL.Time.fromJSDate(new Date(call?.ends_at as string), true).toString(),
    );
    expect(event?.getAllProperties('attendee').map((a) => a.getFirstValue())).toContain(
      'mailto:first@example.com',
    );

    // Ben has no calendar the firm can write: he is emailed an invitation instead.
    expect(await invitationTo('ben@fenwickhale.test', 'REQUEST')).toContain('second@example.com');

    // The visitor cancels with the link in their confirmation: the event leaves Ann's calendar.
    const confirmation = await smtp.waitFor((m) => m.to.includes('first@example.com'));
    const token = /bookings\/cancel\?token=([\w-]+)/.exec(confirmation.parsed.text ?? '')?.[1] ?? '';
    const cancelled = await send(site, '/bookings/cancel', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: site.config.publicUrl.origin },
      body: new URLSearchParams({ token }),
    });
    expect(cancelled.status).toBe(200);
    await waitUntil(async () => (await events()).length === 0, { what: () => 'the event removed' });

    // Ben's call cancelled by staff: he is sent the CANCEL.
    const [benCall] = (await api.json('/bookings?q=second@example.com')).items;
    expect((await api.send(`/bookings/${benCall.reference}/cancel`)).status).toBe(200);
    expect(await invitationTo('ben@fenwickhale.test', 'CANCEL')).toContain('STATUS:CANCELLED');

    // A call whose visitor is erased leaves Ann's calendar too: the event names them.
    expect((await postBooking(site.url, buildBookCallPayload(date, nine, 'erased@example.com'))).status).toBe(
      201,
    );
    expect(await adviserOf('erased@example.com')).toBe('Ann Fenwick');
    await waitUntil(async () => (await events()).length === 1, { what: () => 'the third call written' });
    expect((await api.send('/data-protection/erase', { email: 'erased@example.com' })).status).toBe(200);
    await waitUntil(async () => (await events()).length === 0, { what: () => 'the erased call removed' });
  });
});

import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildBookCallPayload, slotValue, type TimeSlot } from '#shared/booking.ts';
import { type CalendarDate, formatLongDate, formatTime, toIsoDate } from '#shared/calendar.ts';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { freeSlots, postBooking, timesFor } from '#tests/support/booking.ts';
import { describeEachDatabase } from '#tests/support/databases.ts';
import { send } from '#tests/support/http.ts';
import { linkIn, type ReceivedMail, startSmtpServer, type TestSmtpServer } from '#tests/support/smtp.ts';
import { backOfficeClient, signedInStaff } from '#tests/support/staff.ts';

// Calls moved to another time, by staff and by the visitor, and given to another adviser
// (docs/behaviour/booking.md#changing-a-call).

const attachmentText = (content: ArrayBuffer | string | Uint8Array) =>
  typeof content === 'string' ? content : new TextDecoder().decode(content);
/** The invitation a mail carries, its folded lines unfolded. */
const invitationIn = (mail: ReceivedMail) =>
  mail.parsed.attachments
    .filter((a) => a.mimeType === 'text/calendar' || a.mimeType === 'application/ics')
    .map((a) => attachmentText(a.content))
    .join('')
    .replace(/\r?\n /g, '');
const uidOf = (ics: string) => ics.match(/^UID:(\S+)$/m)?.[1];
const sequenceOf = (ics: string) => Number(ics.match(/^SEQUENCE:(\d+)$/m)?.[1]);

describeEachDatabase('calls moved and reassigned', (database) => {
  let smtp: TestSmtpServer;
  let site: TestApp;
  let owner: { cookies: string; token: string };
  const api = () => backOfficeClient(site, owner);
  let slots: { date: CalendarDate; slot: TimeSlot }[];

  beforeAll(async () => {
    smtp = await startSmtpServer();
    site = await startTestApp({
      database,
      env: {
        SMTP_URL: smtp.url,
        RATE_LIMIT_PER_MINUTE: '1000',
        BOOKING_MAX_PER_ADDRESS_PER_DAY: '100',
        STAFF_EMAIL: 'team@fenwickhale.test',
      },
    });
    owner = await signedInStaff(site, 'olive@fenwickhale.test', 'owner');
    await site.db
      .updateTable('users')
      .set({ name: 'Olive Hale' })
      .where('email', '=', 'olive@fenwickhale.test')
      .execute();
    slots = await freeSlots(site.url, 12);
  });
  afterAll(async () => {
    await site?.close();
    await smtp?.stop();
  });

  /** Books the n-th free slot for `email`, and answers its reference and the confirmation email. */
  async function book(n: number, email: string) {
    const { date, slot } = slots[n] as { date: CalendarDate; slot: TimeSlot };
    expect((await postBooking(site.url, buildBookCallPayload(date, slot, email))).status).toBe(201);
    const confirmation = await smtp.waitFor(
      (m) => m.to.includes(email) && /^Your call with/.test(m.parsed.subject ?? ''),
    );
    const reference = confirmation.parsed.text?.match(/^Reference: (\S+)$/m)?.[1] as string;
    return { reference, confirmation, date, slot };
  }
  const newTime = (n: number) => {
    const { date, slot } = slots[n] as { date: CalendarDate; slot: TimeSlot };
    return { date: toIsoDate(date), time: slotValue(slot) };
  };

  it('moves a call for the firm: a new time and invitation for the visitor, the old time free, a timeline entry by name', async () => {
    const { reference, confirmation, date, slot } = await book(0, 'moved.by.staff@example.test');
    const original = invitationIn(confirmation);
    expect(sequenceOf(original)).toBe(0);

    // Its own time does not stand in its way on the staff's calendar of free times.
    const free = await api().json(`/bookings/${reference}/free-times?date=${toIsoDate(date)}`);
    expect(free.times).toContainEqual(slot);

    const to = newTime(1);
    const moved = await api().send(`/bookings/${reference}/reschedule`, to);
    expect(moved.status).toBe(200);
    expect((await moved.json()).infoMessages).toEqual([
      'The call has moved. The visitor has been emailed the new time and an updated invitation.',
    ]);
    const target = slots[1] as { date: CalendarDate; slot: TimeSlot };
    const newText = `${formatLongDate(target.date)} at ${formatTime(target.slot.startHour, target.slot.startMinute)}`;
    const mail = await smtp.waitFor(
      (m) => m.parsed.subject === `Your call with Fenwick & Hale has moved to ${newText}`,
    );
    expect(mail.to).toEqual(['moved.by.staff@example.test']);
    expect(mail.parsed.text).toContain(
      `from ${formatLongDate(date)} at ${formatTime(slot.startHour, slot.startMinute)}`,
    );
    expect(mail.parsed.text).toContain(`Reference: ${reference}`);
    const ics = invitationIn(mail);
    expect(ics).toContain('METHOD:REQUEST');
    expect(uidOf(ics)).toBe(uidOf(original));
    expect(sequenceOf(ics)).toBe(1);

    const page = await api().json(`/bookings/${reference}`);
    expect(page.localDate).toBe(to.date);
    expect(page.localTime).toBe(to.time);
    expect(page.timeline).toContainEqual(
      expect.objectContaining({
        what: 'rescheduled',
        by: 'Olive Hale',
        detail: expect.stringContaining(`to ${newText}`),
      }),
    );
    expect(await timesFor(site.url, date)).toContainEqual(slot);
    expect(await timesFor(site.url, target.date)).not.toContainEqual(target.slot);
    // Staff moving a call are not sent a notice of their own move.
    expect(smtp.messages.filter((m) => m.parsed.subject?.startsWith('Call moved'))).toEqual([]);

    // A cancellation afterwards outranks the moved invitation.
    expect((await api().send(`/bookings/${reference}/cancel`)).status).toBe(200);
    const cancellation = await smtp.waitFor(
      (m) =>
        m.parsed.subject?.startsWith('Cancelled: your call') === true &&
        m.to.includes('moved.by.staff@example.test'),
    );
    expect(sequenceOf(invitationIn(cancellation))).toBe(2);
    const again = await api().send(`/bookings/${reference}/reschedule`, newTime(2));
    expect(again.status).toBe(409);
    expect((await again.json()).errorMessages).toEqual(['This call is cancelled, so it cannot be moved.']);
  });

  it('refuses a time that is not offered, or the call’s own, naming why', async () => {
    const { reference, date, slot } = await book(3, 'refused.move@example.test');
    const own = await api().send(`/bookings/${reference}/reschedule`, {
      date: toIsoDate(date),
      time: slotValue(slot),
    });
    expect(own.status).toBe(422);
    expect((await own.json()).errorMessages).toEqual(['The call is already at that time.']);
    const midnight = await api().send(`/bookings/${reference}/reschedule`, {
      date: toIsoDate(date),
      time: '00:00',
    });
    expect(midnight.status).toBe(422);
    expect((await midnight.json()).errorMessages).toEqual([
      'That time is not available. Please choose another time.',
    ]);
    const badly = await api().send(`/bookings/${reference}/reschedule`, { date: 'tomorrow', time: '9' });
    expect(badly.status).toBe(422);
    expect(
      await api()
        .send('/bookings/XX-000-000/reschedule', newTime(4))
        .then((r) => r.status),
    ).toBe(404);
  });

  it('lets the visitor move their call from the confirmation’s link, from the site’s own page only', async () => {
    const email = 'moves.herself@example.test';
    const { confirmation } = await book(5, email);
    const link = linkIn(confirmation, '/bookings/change');
    expect(confirmation.parsed.text).toContain('cancel here:');
    const token = new URL(link).searchParams.get('token') as string;
    const post = (path: string, body: object, origin = site.config.publicUrl.origin) =>
      send(site, path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin },
        body: JSON.stringify(body),
      });

    const call = await (await post('/api/bookings/change/call', { token })).json();
    expect(call).toMatchObject({ state: 'movable', adviser: null });
    const to = newTime(6);
    const target = slots[6] as { date: CalendarDate; slot: TimeSlot };
    const times = await (
      await post('/api/bookings/change/times', {
        token,
        year: target.date.year,
        month: target.date.month + 1,
        day: target.date.day,
      })
    ).json();
    expect(times).toContainEqual(target.slot);
    const days = await (
      await post('/api/bookings/change/days', { token, year: target.date.year, month: target.date.month + 1 })
    ).json();
    expect(days.availableDates).toContain(to.date);

    expect((await post('/bookings/change', { token, ...to }, 'https://evil.example')).status).toBe(403);
    const moved = await post('/bookings/change', { token, ...to });
    expect(moved.status).toBe(200);
    expect((await moved.json()).infoMessages).toEqual(['Your call has moved.']);
    const mail = await smtp.waitFor(
      (m) => m.to.includes(email) && /has moved to/.test(m.parsed.subject ?? ''),
    );
    // The staff hear of a visitor's own move.
    await smtp.waitFor(
      (m) => m.to.includes('team@fenwickhale.test') && m.parsed.subject?.startsWith('Call moved:') === true,
    );
    const page = await api().json(`/bookings/${mail.parsed.text?.match(/^Reference: (\S+)$/m)?.[1]}`);
    expect(page.timeline).toContainEqual(expect.objectContaining({ what: 'rescheduled', by: null }));

    // The earlier email's links are spent; the new email's work.
    expect((await post('/api/bookings/change/call', { token })).status).toBe(404);
    const newToken = new URL(linkIn(mail, '/bookings/change')).searchParams.get('token') as string;
    expect((await (await post('/api/bookings/change/call', { token: newToken })).json()).state).toBe(
      'movable',
    );
    expect((await post('/bookings/change', { token: 'not-a-token', ...newTime(7) })).status).toBe(404);
  });

  it('moves a call once when two changes race, and never into a time just booked', async () => {
    // Two changes that both read the call before either wrote: the second finds it changed.
    const { reference } = await book(8, 'raced.move@example.test');
    const { changes } = site.app.deps.services.bookings;
    const stale = await changes.find(reference);
    if (!stale) throw new Error(`no call ${reference}`);
    expect(await changes.reschedule(stale, newTime(9), null)).toEqual({ status: 'changed' });
    expect(await changes.reschedule(stale, newTime(10), null)).toEqual({ status: 'taken' });

    // Over HTTP at once: each move that is answered 200 is one version of the call, none lost.
    const answers = await Promise.all([
      api().send(`/bookings/${reference}/reschedule`, newTime(10)),
      api().send(`/bookings/${reference}/reschedule`, newTime(2)),
    ]);
    const statuses = answers.map((a) => a.status);
    expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
    const moves = 1 + statuses.filter((status) => status === 200).length;
    const page = await api().json(`/bookings/${reference}`);
    expect(page.timeline.filter((e: { what: string }) => e.what === 'rescheduled')).toHaveLength(moves);
    const row = await site.db
      .selectFrom('bookings')
      .select('sequence')
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
    expect(row.sequence).toBe(moves);

    // Someone else takes a time between the staff's look and their move.
    const { reference: other } = await book(11, 'other.move@example.test');
    await book(4, 'quick.booker@example.test');
    const into = await api().send(`/bookings/${other}/reschedule`, newTime(4));
    expect(into.status).toBe(409);
    expect((await into.json()).errorMessages).toEqual([
      'Sorry, that time has just been taken. Please choose another time.',
    ]);
  });
});

describeEachDatabase('a call given to another adviser', (database) => {
  let smtp: TestSmtpServer;
  let site: TestApp;
  let owner: { cookies: string; token: string };
  const api = () => backOfficeClient(site, owner);

  beforeAll(async () => {
    smtp = await startSmtpServer();
    site = await startTestApp({ database, env: { SMTP_URL: smtp.url, RATE_LIMIT_PER_MINUTE: '1000' } });
    owner = await signedInStaff(site, 'olive@fenwickhale.test', 'owner');
    await site.db
      .updateTable('users')
      .set({ name: 'Olive Hale' })
      .where('email', '=', 'olive@fenwickhale.test')
      .execute();
    for (const [email, displayName] of [
      ['ann@fenwickhale.test', 'Ann Fenwick'],
      ['ben@fenwickhale.test', 'Ben Hale'],
    ] as const) {
      await signedInStaff(site, email, 'staff');
      expect((await api().send('/advisers', { email, displayName })).status).toBe(201);
    }
  });
  afterAll(async () => {
    await site?.close();
    await smtp?.stop();
  });

  it('offers the other advisers free at its time, moves it between their diaries and tells the visitor who takes it', async () => {
    const { date, slot } = (await freeSlots(site.url, 1))[0] as { date: CalendarDate; slot: TimeSlot };
    const email = 'given.over@example.test';
    expect((await postBooking(site.url, buildBookCallPayload(date, slot, email))).status).toBe(201);
    const confirmation = await smtp.waitFor((m) => m.to.includes(email));
    const reference = confirmation.parsed.text?.match(/^Reference: (\S+)$/m)?.[1] as string;
    const before = await api().json(`/bookings/${reference}`);
    const other = before.adviser === 'Ann Fenwick' ? 'Ben Hale' : 'Ann Fenwick';
    const otherEmail = other === 'Ann Fenwick' ? 'ann@fenwickhale.test' : 'ben@fenwickhale.test';
    const firstEmail = other === 'Ann Fenwick' ? 'ben@fenwickhale.test' : 'ann@fenwickhale.test';

    const { advisers } = await api().json(`/bookings/${reference}/free-advisers`);
    expect(advisers).toEqual([{ id: expect.any(Number), name: other }]);
    const same = (await api().json('/advisers')).advisers.find(
      (a: { displayName: string }) => a.displayName === before.adviser,
    );
    const refused = await api().send(`/bookings/${reference}/reassign`, { adviser: same.id });
    expect(refused.status).toBe(422);
    expect((await refused.json()).errorMessages).toEqual(['The call is already with that adviser.']);

    const given = await api().send(`/bookings/${reference}/reassign`, { adviser: advisers[0].id });
    expect(given.status).toBe(200);
    const mail = await smtp.waitFor(
      (m) => m.to.includes(email) && (m.parsed.subject?.endsWith(`is now with ${other}`) ?? false),
    );
    expect(mail.parsed.text).toContain(`With: ${other}`);
    expect(mail.parsed.text).toContain(`in place of ${before.adviser}`);
    expect(sequenceOf(invitationIn(mail))).toBe(1);
    expect(uidOf(invitationIn(mail))).toBe(uidOf(invitationIn(confirmation)));
    // Advisers without a calendar the firm writes hear by email: the one's diary loses it, the other's gains it.
    const cancelled = await smtp.waitFor(
      (m) => m.to.includes(firstEmail) && m.parsed.subject?.startsWith('Call cancelled:') === true,
    );
    expect(invitationIn(cancelled)).toContain('METHOD:CANCEL');
    await smtp.waitFor(
      (m) => m.to.includes(otherEmail) && m.parsed.subject?.startsWith('Call booked:') === true,
    );

    const page = await api().json(`/bookings/${reference}`);
    expect(page.adviser).toBe(other);
    expect(page.timeline).toContainEqual({
      at: expect.any(String),
      what: 'reassigned',
      detail: `Reassigned from ${before.adviser} to ${other}`,
      by: 'Olive Hale',
    });
  });
});

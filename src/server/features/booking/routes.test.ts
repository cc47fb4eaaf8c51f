import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBookCallPayload } from '#shared/booking.ts';
import { addDays, formatLongDate, todayIn, toIsoDate } from '#shared/calendar.ts';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { firstBookableDate, postBooking, timesFor } from '#tests/support/booking.ts';
import { startFakeZoom } from '#tests/support/fake-zoom.ts';
import { send } from '#tests/support/http.ts';
import { startSmtpServer, type TestSmtpServer } from '#tests/support/smtp.ts';

let smtp: TestSmtpServer;
let site: TestApp;

beforeAll(async () => {
  smtp = await startSmtpServer();
  site = await startTestApp({
    env: {
      SMTP_URL: smtp.url,
      MEETING_URL: 'https://zoom.us/my/fenwickhale',
      STAFF_EMAIL: 'team@fenwickhale.co.uk',
    },
  });
});
afterAll(async () => {
  await site.close();
  await smtp.stop();
});

const attachmentText = (content: ArrayBuffer | string | Uint8Array) =>
  typeof content === 'string' ? content : new TextDecoder().decode(content);

describe('available times', () => {
  it('answers the calendar settings the page uses, with the closed days among those offered', async () => {
    const answer = await (await send(site, `/api/booking-settings`)).json();
    expect(answer).toEqual({
      pastDateAllowed: false,
      maxDaysOffered: 60,
      ignoreDays: ['saturday', 'sunday'],
      timeZone: 'Europe/London',
      callMinutes: 30,
      closedDates: expect.any(Array),
      videoLink: 'room', // MEETING_URL is set
    });
    // Today (within the 24 hours' notice) to the 60th day ahead, and nothing beyond.
    const today = todayIn('Europe/London');
    expect(answer.closedDates[0]).toBe(toIsoDate(today));
    expect(answer.closedDates.every((day: string) => day <= toIsoDate(addDays(today, 60)))).toBe(true);
  });

  it('answers an array of start times for a working day', async () => {
    const { slots } = await firstBookableDate(site.url);
    expect(slots[0]).toEqual({ startHour: expect.any(Number), startMinute: expect.any(Number) });
    expect(slots.every((s) => s.startHour >= 9 && s.startHour < 17)).toBe(true);
  });

  it('refuses a malformed request naming the field', async () => {
    const response = await send(site, `/api/gettimesfordate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ year: 2026, month: 13, day: 1, apptType: 'initial' }),
    });
    expect(response.status).toBe(422);
    expect((await response.json()).errorMessages).toEqual(['month must be a whole number from 1 to 12']);
    // Neither whole nor at most 2100: one message all the same.
    const huge = await send(site, `/api/gettimesfordate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ year: 1e308, month: 1.5, day: 1, apptType: 'initial' }),
    });
    expect((await huge.json()).errorMessages).toEqual([
      'year must be a whole number from 2000 to 2100',
      'month must be a whole number from 1 to 12',
    ]);
    const impossible = await send(site, `/api/gettimesfordate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ year: 2027, month: 2, day: 30, apptType: 'initial' }),
    });
    expect((await impossible.json()).errorMessages).toEqual(['year, month and day do not make a real date']);
  });
});

describe('booking a call', () => {
  it('books, emails the visitor an invitation and the staff a notice, and takes the slot', async () => {
    const { date, slots } = await firstBookableDate(site.url);
    const slot = slots[0] as (typeof slots)[number];
    const payload = buildBookCallPayload(date, slot, 'jane.doe@example.com');
    const response = await postBooking(site.url, payload);
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({
      success: true,
      infoMessages: ['Thanks for booking your call.'],
      errorMessages: [],
    });

    const confirmation = await smtp.waitFor((m) => m.to.includes('jane.doe@example.com'));
    expect(confirmation.parsed.subject).toBe(
      `Your call with Fenwick & Hale on ${formatLongDate(date)} at ${payload.selectedTimeString}`,
    );
    expect(confirmation.parsed.text).toContain('Join the video call: https://zoom.us/my/fenwickhale');
    // The reference a visitor reads out when they phone about the call.
    expect(confirmation.parsed.text).toMatch(/^Reference: FH-[2-9A-HJ-NP-TV-Z]{3}-[2-9A-HJ-NP-TV-Z]{3}$/m);
    const cancelUrl = confirmation.parsed.text?.match(/cancel here: (\S+)/)?.[1] as string;
    expect(cancelUrl).toMatch(/\/bookings\/cancel\?token=[\w-]{43}$/);
    const invite = confirmation.parsed.attachments.find(
      (a) => a.mimeType === 'text/calendar' || a.mimeType === 'application/ics',
    );
    const ics = attachmentText(invite?.content ?? '').replace(/\r?\n /g, '');
    expect(ics).toContain('METHOD:REQUEST');
    expect(ics).toMatch(/UID:booking-[\w-]+@127\.0\.0\.1/);
    expect(ics).toContain('LOCATION:https://zoom.us/my/fenwickhale');

    const notice = await smtp.waitFor((m) => m.to.includes('team@fenwickhale.co.uk'));
    expect(notice.parsed.subject).toBe(
      `New call booked: ${formatLongDate(date)} at ${payload.selectedTimeString}`,
    );
    expect(notice.parsed.text).toContain('Email: jane.doe@example.com');

    const remaining = await timesFor(site.url, date);
    expect(remaining).not.toContainEqual(slot);
    expect(remaining).toHaveLength(slots.length - 1);

    const again = await postBooking(site.url, { ...payload, emailAddress: 'someone.else@example.com' });
    expect(again.status).toBe(409);
    expect((await again.json()).errorMessages).toEqual([
      'Sorry, that time has just been taken. Please choose another time.',
    ]);

    // Cancelling through the emailed link frees the slot and sends a cancelling invitation.
    const page = await fetch(cancelUrl);
    expect(await page.text()).toContain('<button type="submit" class="button">Cancel my call</button>');
    const token = new URL(cancelUrl).searchParams.get('token') as string;
    const crossSite = await send(site, `/bookings/cancel`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      body: new URLSearchParams({ token }),
    });
    expect(crossSite.status).toBe(403);
    const cancelled = await send(site, `/bookings/cancel`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: site.config.publicUrl.origin },
      body: new URLSearchParams({ token }),
    });
    expect(cancelled.status).toBe(200);
    expect(await cancelled.text()).toContain('<h1>Your call is cancelled</h1>');
    const cancellation = await smtp.waitFor(
      (m) => m.parsed.subject?.startsWith('Cancelled: your call') ?? false,
    );
    const cancelIcs = cancellation.parsed.attachments.map((a) => attachmentText(a.content)).join('');
    expect(cancelIcs).toContain('METHOD:CANCEL');
    const reference = confirmation.parsed.text?.match(/^Reference: (\S+)$/m)?.[1] as string;
    expect(cancellation.parsed.text).toContain(`Reference: ${reference}`);
    expect(cancelIcs.replace(/\r?\n /g, '')).toContain(ics.match(/UID:\S+/)?.[0] as string);
    expect(await timesFor(site.url, date)).toContainEqual(slot);
    expect(await (await fetch(cancelUrl)).text()).toContain('This call is already cancelled');
    const twice = await send(site, `/bookings/cancel`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: site.config.publicUrl.origin },
      body: new URLSearchParams({ token }),
    });
    const twiceText = await twice.text();
    expect(twiceText).toContain('<h1>This call is already cancelled</h1>');
    expect(twiceText).not.toContain('We have emailed you');
  });

  it('refuses bad input with 422 and messages naming each field', async () => {
    const { date, slots } = await firstBookableDate(site.url);
    const payload = buildBookCallPayload(date, slots[1] as (typeof slots)[number], 'a@example.com');
    const cases: [object, string[]][] = [
      [
        { ...payload, emailAddress: 'not-an-email' },
        ['Please enter a valid email address, like name@example.com'],
      ],
      [{ ...payload, emailAddress: '' }, ['Please enter your email address']],
      [{ ...payload, submitMethod: '1' }, ["submitMethod must be '2'"]],
      [{ ...payload, selectedHour: 'nine' }, ['selectedHour must be a whole number from 0 to 23']],
      [
        { ...payload, selectedDate: '2099-01-01' },
        ['selectedDate does not match selectedYear, selectedMonth and selectedDay'],
      ],
      [
        { ...payload, selectedTimeString: '11:00pm' },
        ['selectedTimeString does not match selectedHour and selectedMinute'],
      ],
      [
        {
          ...payload,
          selectedHour: 20,
          selectedMinute: 0,
          selectedValue: '20:00',
          selectedTimeString: '8:00pm',
        },
        ['That time is not available. Please choose another time.'],
      ],
    ];
    for (const [body, messages] of cases) {
      const response = await postBooking(site.url, body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect((await response.json()).errorMessages).toEqual(messages);
    }
    expect(await timesFor(site.url, date)).toContainEqual(slots[1]); // nothing was booked
  });
});

describe('the cancel link', () => {
  it('answers a missing, unknown or garbled token with the page that does not recognise the link', async () => {
    const origin = site.config.publicUrl.origin;
    const pages = [
      await send(site, `/bookings/cancel`),
      await send(site, `/bookings/cancel?token=unknown&token=twice`),
      ...(await Promise.all(
        ['null', '[1]', '{"token":5}', '"text"'].map((body) =>
          send(site, `/bookings/cancel`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin },
            body,
          }),
        ),
      )),
      await send(site, `/bookings/cancel`, { method: 'POST', headers: { origin } }),
    ];
    for (const page of pages) {
      expect(page.status).toBe(404);
      expect(page.headers.get('content-type')).toContain('text/html');
      expect(await page.text()).toContain('<h1>We do not recognise this link</h1>');
    }
  });
});

describe('the booking endpoints in the API document', () => {
  it('lists each answer a developer can meet, pages as HTML', async () => {
    const document = (await site.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const statuses = (path: string, method: string) =>
      Object.keys(document.paths[path]?.[method]?.responses ?? {});
    expect(statuses('/api/booking-settings', 'get')).toEqual(['200', '429']);
    expect(statuses('/api/gettimesfordate', 'post')).toEqual(['200', '422', '429']);
    expect(statuses('/api/getdaysformonth', 'post')).toEqual(['200', '422', '429']);
    expect(statuses('/forms/book-call-form', 'post')).toEqual(['201', '403', '409', '422', '429']);
    expect(statuses('/bookings/cancel', 'get')).toEqual(['200', '404']);
    expect(statuses('/bookings/cancel', 'post')).toEqual(['200', '403', '404', '429']);
    expect(Object.keys(document.paths['/bookings/cancel'].get.responses['404'].content)).toEqual([
      'text/html',
    ]);
  });
});

describe('meeting links from Zoom', () => {
  it('creates a Zoom meeting per call, and waits out a Zoom outage without losing the booking', async () => {
    const credentials = { accountId: 'acc-1', clientId: 'client-1', clientSecret: 'secret-1' };
    const zoom = await startFakeZoom(credentials);
    const zoomSite = await startTestApp({
      env: {
        SMTP_URL: smtp.url,
        ZOOM_ACCOUNT_ID: credentials.accountId,
        ZOOM_CLIENT_ID: credentials.clientId,
        ZOOM_CLIENT_SECRET: credentials.clientSecret,
        ZOOM_OAUTH_URL: zoom.url,
        ZOOM_API_URL: `${zoom.url}/v2`,
      },
    });
    try {
      // The page tells the visitor a Zoom link is coming.
      expect((await (await send(zoomSite, '/api/booking-settings')).json()).videoLink).toBe('zoom');
      zoom.down = true;
      const { date, slots } = await firstBookableDate(zoomSite.url);
      const response = await postBooking(
        zoomSite.url,
        buildBookCallPayload(date, slots[2] as (typeof slots)[number], 'zoom.user@example.com'),
      );
      expect(response.status).toBe(201);
      await zoomSite.outbox.runOnce();
      const pending = await zoomSite.db
        .selectFrom('outbox_messages')
        .selectAll()
        .where('recipient', '=', 'zoom.user@example.com')
        .executeTakeFirstOrThrow();
      expect(pending.status).toBe('pending');
      expect(pending.last_error).toContain('HTTP 503');

      zoom.down = false;
      await zoomSite.db
        .updateTable('outbox_messages')
        .set({ next_attempt_at: new Date().toISOString() })
        .execute();
      zoomSite.outbox.kick();
      const mail = await smtp.waitFor((m) => m.to.includes('zoom.user@example.com'));
      expect(mail.parsed.text).toMatch(/Join the video call: https:\/\/us02web\.zoom\.us\/j\/\d+\?pwd=fake/);
      expect(zoom.meetings).toHaveLength(1);
      expect(zoom.meetings[0]).toMatchObject({ duration: 30, timezone: 'Europe/London' });
    } finally {
      await zoomSite.close();
      await zoom.stop();
    }
  });
});

import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildBookCallPayload } from '#shared/booking.ts';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { validApplication } from '#tests/support/applications.ts';
import { firstBookableDate, postBooking } from '#tests/support/booking.ts';
import { describeEachDatabase } from '#tests/support/databases.ts';
import { startSmtpServer, type TestSmtpServer } from '#tests/support/smtp.ts';

const postApplication = (baseUrl: string, body: string, type = 'application/json') =>
  fetch(`${baseUrl}/forms/application-form`, { method: 'POST', headers: { 'content-type': type }, body });

describeEachDatabase('the application questionnaire endpoint', (database) => {
  let smtp: TestSmtpServer;
  let site: TestApp;
  const storedCount = async () =>
    Number(
      (
        await site.db
          .selectFrom('applications')
          .select((e) => e.fn.countAll().as('n'))
          .executeTakeFirst()
      )?.n,
    );

  beforeAll(async () => {
    smtp = await startSmtpServer();
    site = await startTestApp({
      database,
      env: {
        SMTP_URL: smtp.url,
        MEETING_URL: 'https://zoom.us/my/fenwickhale',
        STAFF_EMAIL: 'team@example.com',
      },
    });
  });
  afterAll(async () => {
    await site?.close();
    await smtp?.stop();
  });

  it('stores the answers, tells the staff, and answers a reference that links the call booked next', async () => {
    const response = await postApplication(site.url, JSON.stringify(validApplication));
    expect(response.status).toBe(201);
    const answer = await response.json();
    expect(answer).toEqual({
      success: true,
      infoMessages: ['Thank you, we have your answers.'],
      errorMessages: [],
      applicationReference: expect.stringMatching(/^FH-[2-9A-HJ-NP-TV-Z]{3}-[2-9A-HJ-NP-TV-Z]{3}$/),
    });
    const stored = await site.db
      .selectFrom('applications')
      .selectAll()
      .where('reference', '=', answer.applicationReference)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ email: 'priya@example.co.uk', your_name: 'Priya Shah' });
    expect(JSON.parse(stored.answers)).toMatchObject({
      howManyClients: 40,
      website: 'https://shahbookkeeping.co.uk/',
    });

    const notice = await smtp.waitFor(
      (m) => m.parsed.subject === 'New application: Priya Shah, Shah Bookkeeping',
    );
    expect(notice.to).toEqual(['team@example.com']);
    expect(notice.parsed.text).toContain(
      'What is your biggest frustration in the business right now?\nChasing clients for their records.',
    );

    const { date, slots } = await firstBookableDate(site.url);
    const booking = await postBooking(site.url, {
      ...buildBookCallPayload(date, slots[0] as (typeof slots)[number], 'priya@example.co.uk'),
      applicationReference: answer.applicationReference,
    });
    expect(booking.status).toBe(201);
    const linked = await site.db
      .selectFrom('bookings')
      .select('application_id')
      .where('email', '=', 'priya@example.co.uk')
      .executeTakeFirstOrThrow();
    expect(linked.application_id).toBe(stored.id);
    const bookingNotice = await smtp.waitFor(
      (m) => m.to.includes('team@example.com') && (m.parsed.subject ?? '').startsWith('New call booked'),
    );
    expect(bookingNotice.parsed.text).toContain(`Application ${answer.applicationReference}`);
    expect(bookingNotice.parsed.text).toContain('How many customers do you have?\n40');
  });

  it('takes an ordinary form post too', async () => {
    const form = new URLSearchParams(Object.entries(validApplication).map(([k, v]) => [k, String(v)]));
    const response = await postApplication(site.url, form.toString(), 'application/x-www-form-urlencoded');
    expect(response.status).toBe(201);
  });

  it('refuses bad input with one message per problem, naming the field, and stores nothing', async () => {
    const before = await storedCount();
    const response = await postApplication(
      site.url,
      JSON.stringify({
        ...validApplication,
        howManyClients: -3,
        yourName: '',
        howKeepTrack: 'Carrier pigeon',
      }),
    );
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      success: false,
      infoMessages: [],
      errorMessages: [
        'The number of customers you have must be a whole number, 0 or more',
        'Please choose how you keep track of customers and their orders or jobs',
        'Please enter your name',
      ],
    });
    const malformed = await postApplication(site.url, '{"yourName": ');
    expect(malformed.status).toBe(400);
    expect(await storedCount()).toBe(before);
  });

  it('books a call that names an application made from another address without showing its answers', async () => {
    const answer = await (await postApplication(site.url, JSON.stringify(validApplication))).json();
    const { date, slots } = await firstBookableDate(site.url, 12);
    const booking = await postBooking(site.url, {
      ...buildBookCallPayload(date, slots[0] as (typeof slots)[number], 'stranger@example.org'),
      applicationReference: answer.applicationReference,
    });
    expect(booking.status).toBe(201);
    const stored = await site.db
      .selectFrom('bookings')
      .select('application_id')
      .where('email', '=', 'stranger@example.org')
      .executeTakeFirstOrThrow();
    expect(stored.application_id).toBeNull();
    const notice = await smtp.waitFor(
      (m) =>
        m.to.includes('team@example.com') &&
        (m.parsed.subject ?? '').startsWith('New call booked') &&
        (m.parsed.text ?? '').includes('stranger@example.org'),
    );
    expect(notice.parsed.text).not.toContain(answer.applicationReference);
    expect(notice.parsed.text).not.toContain('Chasing clients');
  });

  it('refuses a booking whose application reference is unknown, and books nothing', async () => {
    const { date, slots } = await firstBookableDate(site.url, 10);
    const response = await postBooking(site.url, {
      ...buildBookCallPayload(date, slots[0] as (typeof slots)[number], 'someone@example.com'),
      applicationReference: 'not-a-reference',
    });
    expect(response.status).toBe(422);
    expect((await response.json()).errorMessages).toEqual([
      'applicationReference does not match an application',
    ]);
    const booked = await site.db
      .selectFrom('bookings')
      .select('id')
      .where('email', '=', 'someone@example.com')
      .execute();
    expect(booked).toEqual([]);
  });
});

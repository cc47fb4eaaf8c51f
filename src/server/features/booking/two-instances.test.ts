import { afterAll, beforeAll, expect, it } from 'vitest';
import { countByStatus } from '#server/mail/outbox.ts';
import { buildBookCallPayload } from '#shared/booking.ts';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { firstBookableDate, postBooking } from '#tests/support/booking.ts';
import { describeOnPostgres } from '#tests/support/databases.ts';
import { post } from '#tests/support/enquiries.ts';
import { startSmtpServer, type TestSmtpServer } from '#tests/support/smtp.ts';
import { waitUntil } from '#tests/support/wait.ts';

const staffEmail = 'office@fenwickhale.test';

describeOnPostgres('two app instances on one PostgreSQL under concurrent load', () => {
  let smtp: TestSmtpServer;
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    const env = {
      SMTP_URL: smtp.url,
      STAFF_EMAIL: staffEmail,
      RATE_LIMIT_PER_MINUTE: '100000',
      // Every racer posts from loopback: this test is about the slots, not the daily limit per address.
      BOOKING_MAX_PER_ADDRESS_PER_DAY: '1000',
      MEETING_URL: 'https://zoom.us/my/fenwickhale',
    };
    first = await startTestApp({ database: 'postgres', env });
    second = await startTestApp({ databaseUrl: first.databaseUrl, env });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close(); // owns the schema, so it goes last
    await smtp?.stop();
  });

  it('books each slot once, and sends every email exactly once', async () => {
    const instances = [first, second];
    const { date, slots } = await firstBookableDate(first.url);
    const contested = slots.slice(0, 6);

    // 180 visitors race for six slots while 60 others sign up, spread over both instances.
    const bookings = Array.from({ length: 180 }, async (_, i) => {
      const email = `racer${i}@example.com`;
      const slot = contested[i % contested.length] as (typeof contested)[number];
      const response = await postBooking(
        (instances[i % 2] as TestApp).url,
        buildBookCallPayload(date, slot, email),
      );
      return { email, status: response.status };
    });
    const signUps = Array.from({ length: 60 }, async (_, i) => {
      const response = await post(instances[(i + 1) % 2] as TestApp, '/subscribe', {
        emailAddress: `reader${i}@example.com`,
        submitMethod: '2',
      });
      return response.status;
    });
    const answers = await Promise.all(bookings);
    expect(await Promise.all(signUps)).toEqual(Array(60).fill(200));

    const winners = answers.filter((a) => a.status === 201).map((a) => a.email);
    expect(winners).toHaveLength(contested.length);
    expect(answers.filter((a) => a.status !== 201).map((a) => a.status)).toEqual(Array(174).fill(409));
    const confirmed = await first.db
      .selectFrom('bookings')
      .select(['starts_at', 'email'])
      .where('status', '=', 'confirmed')
      .execute();
    expect(new Set(confirmed.map((b) => b.starts_at)).size).toBe(contested.length);
    expect(confirmed.map((b) => b.email).sort()).toEqual([...winners].sort());

    // Each booking: the visitor's confirmation and the staff's notice; each sign-up: its confirmation.
    const expected = winners.length * 2 + 60;
    await waitUntil(async () => (await countByStatus(first.db)).sent >= expected, {
      timeoutMs: 30_000,
      intervalMs: 100,
      what: () => `${expected} emails sent`,
    });
    await new Promise((resolve) => setTimeout(resolve, 500)); // more polls by both workers: nothing goes twice
    expect(await countByStatus(first.db)).toEqual({ pending: 0, sent: expected, failed: 0 });
    expect(smtp.messages).toHaveLength(expected);
    const perRecipient = new Map<string, number>();
    for (const mail of smtp.messages) {
      for (const to of mail.to) perRecipient.set(to, (perRecipient.get(to) ?? 0) + 1);
    }
    for (const email of winners) expect(perRecipient.get(email)).toBe(1);
    for (let i = 0; i < 60; i++) expect(perRecipient.get(`reader${i}@example.com`)).toBe(1);
    expect(perRecipient.get(staffEmail)).toBe(winners.length);
    expect([...perRecipient.keys()].filter((to) => to.startsWith('racer') && !winners.includes(to))).toEqual(
      [],
    );
  }, 90_000);
});

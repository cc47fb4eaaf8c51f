import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { bookingMessages, buildBookCallPayload } from '#shared/booking.ts';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { freeSlots, postBooking } from '#tests/support/booking.ts';
import { describeEachDatabase } from '#tests/support/databases.ts';

// One visitor must not be able to fill the calendar: at most 2 calls ahead per email address (in any
// letter case) and 4 bookings a day per network address, counted where the booking is written.

const env = {
  RATE_LIMIT_PER_MINUTE: '100000',
  MEETING_URL: 'https://zoom.us/my/fenwickhale',
  // The tests speak for many visitors through X-Forwarded-For.
  TRUST_PROXY: 'true',
};

const limited = (message: string) => ({ success: false, infoMessages: [], errorMessages: [message] });

describeEachDatabase('the booking limits', (database) => {
  let site: TestApp;
  let slots: Awaited<ReturnType<typeof freeSlots>>;
  let next = 0;

  beforeAll(async () => {
    site = await startTestApp({ database, env });
    slots = await freeSlots(site.url, 40);
  });
  afterAll(() => site?.close());

  /** Books the next free slot for `email` from `ip`. */
  const book = (email: string, ip: string) => {
    const { date, slot } = slots[next++] as (typeof slots)[number];
    return postBooking(site.url, buildBookCallPayload(date, slot, email), { 'x-forwarded-for': ip });
  };
  const storedFor = async (email: string) =>
    (await site.db.selectFrom('bookings').select('email').execute()).filter(
      (b) => b.email.toLowerCase() === email,
    ).length;

  it('holds two calls ahead per email address, in any letter case; a third is refused with 429', async () => {
    expect((await book('Kim.Lee@Example.com', '198.51.100.1')).status).toBe(201);
    expect((await book('kim.lee@example.com', '198.51.100.2')).status).toBe(201);
    const third = await book('KIM.LEE@EXAMPLE.COM', '198.51.100.3');
    expect(third.status).toBe(429);
    expect(await third.json()).toEqual(limited(bookingMessages.tooManyUpcoming));
    expect(await storedFor('kim.lee@example.com')).toBe(2);
    expect((await book('someone.else@example.com', '198.51.100.3')).status).toBe(201);
  });

  it('frees a place when one of those calls is cancelled or has taken place', async () => {
    const email = 'lou.park@example.com';
    expect((await book(email, '198.51.100.11')).status).toBe(201);
    expect((await book(email, '198.51.100.11')).status).toBe(201);
    expect((await book(email, '198.51.100.12')).status).toBe(429);
    const [first, second] = await site.db
      .selectFrom('bookings')
      .select('id')
      .where('email', '=', email)
      .orderBy('id')
      .execute();
    await site.db
      .updateTable('bookings')
      .set({ status: 'cancelled' })
      .where('id', '=', first?.id as number)
      .execute();
    expect((await book(email, '198.51.100.12')).status).toBe(201);
    // A call in the past is no longer held ahead.
    await site.db
      .updateTable('bookings')
      .set({ starts_at: '2020-01-06T09:00:00.000Z', ends_at: '2020-01-06T09:30:00.000Z' })
      .where('id', '=', second?.id as number)
      .execute();
    expect((await book(email, '198.51.100.13')).status).toBe(201);
    expect((await book(email, '198.51.100.13')).status).toBe(429);
  });

  it('takes four bookings a day from one network address, a /64 for IPv6; the fifth is refused with 429', async () => {
    for (let i = 0; i < 4; i++)
      expect((await book(`v4.visitor${i}@example.com`, '203.0.113.20')).status).toBe(201);
    const fifth = await book('v4.visitor4@example.com', '203.0.113.20');
    expect(fifth.status).toBe(429);
    expect(await fifth.json()).toEqual(limited(bookingMessages.tooManyToday));
    expect(await storedFor('v4.visitor4@example.com')).toBe(0);
    expect((await book('v4.visitor4@example.com', '203.0.113.21')).status).toBe(201);

    // A fresh IPv6 address for each booking does not help: the network's /64 is counted.
    for (let i = 0; i < 4; i++) {
      expect((await book(`v6.visitor${i}@example.com`, `2001:db8:5:6::${i + 1}`)).status).toBe(201);
    }
    expect((await book('v6.visitor4@example.com', '2001:db8:5:6:ffff::9')).status).toBe(429);
    expect((await book('v6.visitor4@example.com', '2001:db8:5:7::1')).status).toBe(201);
  });

  it('counts a day back from now: bookings made over 24 hours ago no longer count', async () => {
    for (let i = 0; i < 4; i++)
      expect((await book(`daily${i}@example.com`, '203.0.113.30')).status).toBe(201);
    expect((await book('daily4@example.com', '203.0.113.30')).status).toBe(429);
    const earliest = await site.db
      .selectFrom('bookings')
      .select('id')
      .where('email', '=', 'daily0@example.com')
      .executeTakeFirstOrThrow();
    await site.db
      .updateTable('bookings')
      .set({ created_at: new Date(Date.now() - 25 * 60 * 60_000).toISOString() })
      .where('id', '=', earliest.id)
      .execute();
    expect((await book('daily4@example.com', '203.0.113.30')).status).toBe(201);
  });

  it('keeps no readable network address with a booking', async () => {
    const row = await site.db
      .selectFrom('bookings')
      .select('source_address_hash')
      .where('email', '=', 'daily4@example.com')
      .executeTakeFirstOrThrow();
    expect(row.source_address_hash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describeEachDatabase('50 posts racing past the booking limits', (kind) => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    // The first app owns the database and drops it, so it closes last.
    for (const app of apps.splice(0).reverse()) await app.close();
  });

  async function race(
    settings: Record<string, string>,
    visitor: (i: number) => { email: string; ip: string },
  ) {
    const first = await startTestApp({ database: kind, env: { ...env, ...settings } });
    apps.push(first);
    // On PostgreSQL a second instance shares the database, as a firm running two instances would.
    if (kind === 'postgres') {
      apps.push(await startTestApp({ databaseUrl: first.databaseUrl, env: { ...env, ...settings } }));
    }
    const slots = await freeSlots(first.url, 50);
    const answers = await Promise.all(
      slots.map(({ date, slot }, i) => {
        const { email, ip } = visitor(i);
        return postBooking((apps[i % apps.length] as TestApp).url, buildBookCallPayload(date, slot, email), {
          'x-forwarded-for': ip,
        });
      }),
    );
    const statuses = answers.map((a) => a.status);
    const stored = await first.db.selectFrom('bookings').select('id').execute();
    return {
      booked: statuses.filter((s) => s === 201).length,
      refused: statuses.filter((s) => s === 429).length,
      stored: stored.length,
    };
  }

  it('one email address in 50 different slots at once gets exactly its two', async () => {
    const result = await race({}, (i) => ({
      email: i % 2 ? 'Racer@Example.com' : 'racer@example.com',
      ip: `198.51.100.${i + 1}`,
    }));
    expect(result).toEqual({ booked: 2, refused: 48, stored: 2 });
  });

  it('one network address with 50 different email addresses at once gets exactly its four', async () => {
    const result = await race({}, (i) => ({ email: `crowd${i}@example.com`, ip: '203.0.113.50' }));
    expect(result).toEqual({ booked: 4, refused: 46, stored: 4 });
  });
});

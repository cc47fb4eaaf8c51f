import { afterEach, expect, it } from 'vitest';
import { isUniqueViolation } from '#server/db/errors.ts';
import { buildBookCallPayload } from '#shared/booking.ts';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { firstBookableDate, postBooking } from '#tests/support/booking.ts';
import { describeEachDatabase } from '#tests/support/databases.ts';

const env = { RATE_LIMIT_PER_MINUTE: '1000', MEETING_URL: 'https://zoom.us/my/fenwickhale' };

describeEachDatabase('100 visitors racing for one slot', (kind) => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    // The first app owns the database and drops it, so it closes last.
    for (const app of apps.splice(0).reverse()) await app.close();
  });

  it('books it for exactly one of them; the others get 409', async () => {
    const first = await startTestApp({ database: kind, env });
    apps.push(first);
    // On PostgreSQL a second app instance shares the database, as a firm running two instances would.
    if (kind === 'postgres') apps.push(await startTestApp({ databaseUrl: first.databaseUrl, env }));
    const { date, slots } = await firstBookableDate(first.url);
    const slot = slots[0] as (typeof slots)[number];

    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        postBooking(
          (apps[i % apps.length] as TestApp).url,
          buildBookCallPayload(date, slot, `visitor${i}@example.com`),
        ),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(99);

    const stored = await first.db
      .selectFrom('bookings')
      .select(['status'])
      .where('status', '=', 'confirmed')
      .execute();
    expect(stored).toHaveLength(1);
  });
});

describeEachDatabase('the one-confirmed-booking-per-start constraint', (kind) => {
  let app: TestApp;
  afterEach(() => app.close());

  it('refuses a second confirmed booking at the same start, whatever the application checked', async () => {
    app = await startTestApp({ database: kind });
    const row = (email: string, status: 'confirmed' | 'cancelled') => ({
      reference: `ref-${email}`,
      email,
      starts_at: '2030-01-07T09:00:00.000Z',
      ends_at: '2030-01-07T09:30:00.000Z',
      local_date: '2030-01-07',
      local_time: '09:00',
      time_zone: 'Europe/London',
      status,
      cancel_token_hash: `hash-${email}`,
      created_at: new Date().toISOString(),
    });
    await app.db.insertInto('bookings').values(row('first@example.com', 'cancelled')).execute();
    await app.db.insertInto('bookings').values(row('second@example.com', 'confirmed')).execute();
    const third = await app.db
      .insertInto('bookings')
      .values(row('third@example.com', 'confirmed'))
      .execute()
      .catch((error: unknown) => error);
    expect(isUniqueViolation(third)).toBe(true);
  });
});

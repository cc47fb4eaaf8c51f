import { afterEach, expect, it } from 'vitest';
import { isUniqueViolation } from '#server/db/errors.ts';
import { buildBookCallPayload } from '#shared/booking.ts';
import { addAdviserTo, weekdayHours } from '#tests/support/advisers.ts';
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

describeEachDatabase('100 visitors racing for the last two free advisers', (kind) => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    for (const app of apps.splice(0).reverse()) await app.close();
  });

  it('books exactly two calls, one with each free adviser; the others get 409', async () => {
    const first = await startTestApp({ database: kind, env });
    apps.push(first);
    if (kind === 'postgres') apps.push(await startTestApp({ databaseUrl: first.databaseUrl, env }));
    const { date } = await firstBookableDate(first.url);
    // Three advisers, each offering one call at 09:00; Cat already has hers, so two are free.
    const hours = { workingHours: weekdayHours('09:00', '09:30') };
    await addAdviserTo(first.db, 'ann@example.com', 'Ann Fenwick', hours);
    await addAdviserTo(first.db, 'ben@example.com', 'Ben Hale', hours);
    const cat = await addAdviserTo(first.db, 'cat@example.com', 'Cat Morgan', hours);
    const nine = { startHour: 9, startMinute: 0 };
    const taken = await postBooking(first.url, buildBookCallPayload(date, nine, 'cat.visitor@example.com'));
    expect(taken.status).toBe(201);
    await first.db.updateTable('bookings').set({ adviser_id: cat }).execute();

    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        postBooking(
          (apps[i % apps.length] as TestApp).url,
          buildBookCallPayload(date, nine, `visitor${i}@example.com`),
        ),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(2);
    expect(statuses.filter((s) => s === 409)).toHaveLength(98);
    const stored = await first.db
      .selectFrom('bookings')
      .innerJoin('advisers', 'advisers.id', 'bookings.adviser_id')
      .select('advisers.display_name')
      .where('bookings.status', '=', 'confirmed')
      .orderBy('advisers.display_name')
      .execute();
    expect(stored.map((row) => row.display_name)).toEqual(['Ann Fenwick', 'Ben Hale', 'Cat Morgan']);
  });
});

describeEachDatabase('one adviser’s calls cannot overlap', (kind) => {
  let app: TestApp;
  afterEach(() => app.close());

  it('refuses an overlapping call of another length on PostgreSQL, and allows it for another adviser', async () => {
    app = await startTestApp({ database: kind });
    const ann = await addAdviserTo(app.db, 'ann@example.com', 'Ann Fenwick');
    const ben = await addAdviserTo(app.db, 'ben@example.com', 'Ben Hale');
    const call = (email: string, adviserId: number, start: string, end: string) => ({
      reference: `ref-${email}`,
      email,
      starts_at: `2030-01-07T${start}:00.000Z`,
      ends_at: `2030-01-07T${end}:00.000Z`,
      local_date: '2030-01-07',
      local_time: start,
      time_zone: 'Europe/London',
      status: 'confirmed' as const,
      cancel_token_hash: `hash-${email}`,
      adviser_id: adviserId,
      created_at: new Date().toISOString(),
    });
    await app.db
      .insertInto('bookings')
      .values(call('long@example.com', ann, '09:00', '09:45'))
      .execute();
    await app.db
      .insertInto('bookings')
      .values(call('other@example.com', ben, '09:30', '10:00'))
      .execute();
    await app.db
      .insertInto('bookings')
      .values(call('after@example.com', ann, '09:45', '10:15'))
      .execute();
    const overlapping = await app.db
      .insertInto('bookings')
      .values(call('overlap@example.com', ann, '09:30', '10:00'))
      .execute()
      .catch((error: unknown) => error);
    // SQLite has no exclusion constraint: there the booking's IMMEDIATE transaction checks the overlap
    // (the race above), and only a second call at the same start is refused by its index.
    if (kind === 'postgres') expect(isUniqueViolation(overlapping)).toBe(true);
    else expect(overlapping).not.toBeInstanceOf(Error);
    const sameStart = await app.db
      .insertInto('bookings')
      .values(call('same.start@example.com', ann, '09:00', '09:30'))
      .execute()
      .catch((error: unknown) => error);
    expect(isUniqueViolation(sameStart)).toBe(true);
  });
});

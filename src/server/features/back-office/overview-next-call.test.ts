import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildBookCallPayload } from '#shared/booking.ts';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { freeSlots, postBooking } from '#tests/support/booking.ts';
import { describeEachDatabase } from '#tests/support/databases.ts';
import { backOfficeClient, signedInStaff } from '#tests/support/staff.ts';

// The overview's line for upcoming calls says when the next call starts, not when the last was booked.
describeEachDatabase('the overview of upcoming calls', (database) => {
  let site: TestApp;
  beforeAll(async () => {
    site = await startTestApp({ database, env: { RATE_LIMIT_PER_MINUTE: '1000', CAPTCHA_PROVIDER: 'none' } });
  });
  afterAll(async () => site?.close());

  it('gives the start of the soonest upcoming call, whichever was booked last', async () => {
    const client = backOfficeClient(site, await signedInStaff(site, 'gwen@fenwickhale.test'));
    const upcoming = async () =>
      ((await client.json('/summary')).leads as { label: string; next?: string | null }[]).find(
        (line) => line.label === 'Upcoming calls',
      );
    expect(await upcoming()).toMatchObject({ total: 0, next: null });

    const slots = await freeSlots(site.url, 30);
    // The later call is booked last, so it is the newest; the next is still the soonest.
    const booked = [slots[0], slots.at(-1)];
    for (const [index, free] of booked.entries()) {
      if (!free) throw new Error('No free slot');
      const { date, slot } = free;
      const answer = await postBooking(
        site.url,
        buildBookCallPayload(date, slot, `caller.${index}@example.test`),
      );
      expect(answer.status).toBe(201);
    }
    const { items } = (await client.json('/bookings')) as { items: { startsAt: string }[] };
    const starts = items.map((item) => item.startsAt).sort();
    expect(await upcoming()).toMatchObject({ total: 2, next: starts[0] });
    expect(starts[0]).not.toBe(starts[1]);
  });
});

import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildBookCallPayload } from '#shared/booking.ts';
import { botCheckActions } from '#shared/bot-check.ts';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { validApplication } from '#tests/support/applications.ts';
import { firstBookableDate, postBooking, timesFor } from '#tests/support/booking.ts';
import { altchaToken } from '#tests/support/bot-check.ts';
import { describeEachDatabase } from '#tests/support/databases.ts';
import { post, refused } from '#tests/support/enquiries.ts';

// The booking modal and the application questionnaire carry the same bot check as the contact forms:
// `recToken` for the action 'bookcall' or 'application'. A failed check stores nothing and answers 403.

describeEachDatabase('the bot check in front of booking and the questionnaire', (database) => {
  let site: TestApp;

  beforeAll(async () => {
    site = await startTestApp({
      database,
      env: { CAPTCHA_PROVIDER: 'altcha', MEETING_URL: 'https://zoom.us/my/fenwickhale' },
    });
  });
  afterAll(() => site?.close());

  const count = async (table: 'bookings' | 'applications') =>
    (await site.db.selectFrom(table).select('id').execute()).length;

  it('books a call only with a solved challenge for bookcall, and each challenge only once', async () => {
    const { date, slots } = await firstBookableDate(site.url);
    const slot = slots[0] as (typeof slots)[number];
    const payload = buildBookCallPayload(date, slot, 'bot.check@example.com');

    const missing = await postBooking(site.url, { ...payload, recToken: undefined });
    expect(missing.status).toBe(422);
    expect(await missing.json()).toEqual(refused);
    for (const recToken of ['not-a-token', await altchaToken(site.url, botCheckActions.contact)]) {
      const response = await postBooking(site.url, { ...payload, recToken });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual(refused);
    }
    expect(await count('bookings')).toBe(0);
    expect(await timesFor(site.url, date)).toContainEqual(slot);

    const token = await altchaToken(site.url, botCheckActions.booking);
    expect((await postBooking(site.url, { ...payload, recToken: token })).status).toBe(201);
    const replay = await postBooking(site.url, {
      ...buildBookCallPayload(date, slots[1] as (typeof slots)[number], 'bot.check@example.com'),
      recToken: token,
    });
    expect(replay.status).toBe(403);
    expect(await count('bookings')).toBe(1);
  });

  it('stores an application only with a solved challenge for application', async () => {
    const missing = await post(site, '/forms/application-form', { ...validApplication, recToken: undefined });
    expect(missing.status).toBe(422);
    expect(await missing.json()).toEqual(refused);
    for (const recToken of ['none', await altchaToken(site.url, botCheckActions.booking)]) {
      const response = await post(site, '/forms/application-form', { ...validApplication, recToken });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual(refused);
    }
    expect(await count('applications')).toBe(0);

    const recToken = await altchaToken(site.url, botCheckActions.application);
    const stored = await post(site, '/forms/application-form', { ...validApplication, recToken });
    expect(stored.status).toBe(201);
    expect(await count('applications')).toBe(1);
  });
});

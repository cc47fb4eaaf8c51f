import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildBookCallPayload } from '#shared/booking.ts';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { firstBookableDate, postBooking } from '#tests/support/booking.ts';
import { columnsHolding, rawFilesHolding } from '#tests/support/database-search.ts';
import { describeEachDatabase } from '#tests/support/databases.ts';
import { post } from '#tests/support/enquiries.ts';
import { send } from '#tests/support/http.ts';
import { linkIn, type ReceivedMail, startSmtpServer, type TestSmtpServer } from '#tests/support/smtp.ts';
import { backOfficeClient, createStaff, signedInStaff } from '#tests/support/staff.ts';
import { waitUntil } from '#tests/support/wait.ts';
import { countByStatus } from './mail/outbox.ts';

/** Every link token in an email as the recipient got it: in its text and in its headers (List-Unsubscribe). */
function tokensIn(mail: ReceivedMail): string[] {
  const texts = [mail.parsed.text ?? '', mail.parsed.html || '', ...mail.parsed.headers.map((h) => h.value)];
  return [
    ...new Set(texts.flatMap((text) => [...text.matchAll(/token=([\w-]{43})/g)].map((m) => m[1] as string))),
  ];
}

describeEachDatabase('link tokens in the database', (database) => {
  let smtp: TestSmtpServer;
  let site: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    site = await startTestApp({ database, env: { SMTP_URL: smtp.url, RATE_LIMIT_PER_MINUTE: '1000' } });
  });
  afterAll(async () => {
    await site?.close();
    await smtp?.stop();
  });

  const mailTo = (email: string, subject: string) =>
    smtp.waitFor((m) => m.to.includes(email) && (m.parsed.subject ?? '').startsWith(subject));

  /**
   * Once the outbox has sent everything, no table holds any token those emails carried and, on SQLite,
   * neither does the database file nor its log. `recipient` is there (as a control that the search reads
   * the files).
   */
  async function expectNoTokenKept(mails: ReceivedMail[], recipient: string) {
    const tokens = mails.flatMap(tokensIn);
    expect(tokens.length).toBeGreaterThan(0);
    await waitUntil(async () => (await countByStatus(site.db)).pending === 0);
    await site.outbox.runOnce(); // the pass that sent them has finished
    expect(await columnsHolding(site.db, tokens)).toEqual([]);
    expect(await columnsHolding(site.db, [recipient])).not.toEqual([]);
    if (database === 'sqlite') {
      // The log's old copies are written over by a checkpoint within a second of the send.
      await expect.poll(() => rawFilesHolding(site.databaseUrl, tokens), { timeout: 3000 }).toEqual([]);
      expect(rawFilesHolding(site.databaseUrl, [recipient])).toEqual([recipient]);
    }
  }

  it('keeps no token from a sign-up confirmation, after confirming', async () => {
    const email = 'ada@example.com';
    expect((await post(site, '/subscribe', { emailAddress: email, submitMethod: '2' })).status).toBe(200);
    const mail = await mailTo(email, 'Please confirm');
    expect((await fetch(linkIn(mail, '/subscribe/confirm'))).status).toBe(200);
    await expectNoTokenKept([mail], email);
  });

  it('keeps no unsubscribe token, though every email to the subscriber carries the same one that works', async () => {
    const email = 'bea@example.com';
    await post(site, '/subscribe', { emailAddress: email, submitMethod: '2' });
    const first = await mailTo(email, 'Please confirm');
    const oneClick = await fetch(linkIn(first, '/unsubscribe'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(await oneClick.text()).toContain('You are unsubscribed');
    await post(site, '/subscribe', { emailAddress: email, submitMethod: '2' });
    await waitUntil(() => smtp.messages.filter((m) => m.to.includes(email)).length === 2);
    const mails = smtp.messages.filter((m) => m.to.includes(email));
    expect(mails.map((mail) => linkIn(mail, '/unsubscribe'))).toEqual([
      linkIn(first, '/unsubscribe'),
      linkIn(first, '/unsubscribe'),
    ]);
    await expectNoTokenKept(mails, email);
  });

  it('keeps no cancel token from a booking confirmation, after cancelling with it', async () => {
    const email = 'cy@example.com';
    const { date, slots } = await firstBookableDate(site.url);
    const booked = await postBooking(
      site.url,
      buildBookCallPayload(date, slots[0] as (typeof slots)[number], email),
    );
    expect(booked.status).toBe(201);
    const confirmation = await mailTo(email, 'Your call');
    const token = new URL(linkIn(confirmation, '/bookings/cancel')).searchParams.get('token') as string;
    const cancelled = await send(site, `/bookings/cancel`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: site.url },
      body: new URLSearchParams({ token }).toString(),
    });
    expect(await cancelled.text()).toContain('Your call is cancelled');
    await mailTo(email, 'Cancelled');
    await expectNoTokenKept([confirmation], email);
  });

  it('keeps no token from a reset link', async () => {
    const email = 'dot@fenwickhale.test';
    await createStaff(site, email, 'Correct1');
    const asked = await send(site, `/send-reset-password-link`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: site.url },
      body: JSON.stringify({ emailAddress: email }),
    });
    expect(asked.status).toBe(200);
    await expectNoTokenKept([await mailTo(email, 'Set a new password')], email);
  });

  it('keeps no token from an invitation', async () => {
    const staff = await signedInStaff(site, 'eli@fenwickhale.test');
    const email = 'fox@fenwickhale.test';
    const invited = await backOfficeClient(site, staff).send('/staff', { name: email.split('@')[0], email });
    expect(invited.status).toBe(201);
    await expectNoTokenKept([await mailTo(email, 'Your account')], email);
  });
});

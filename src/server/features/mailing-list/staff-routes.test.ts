import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backOfficeMessages } from '#shared/back-office.ts';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { describeEachDatabase } from '#tests/support/databases.ts';
import { refuseAuditEntries } from '#tests/support/failing-audit.ts';
import { send } from '#tests/support/http.ts';
import { linkIn, type ReceivedMail, startSmtpServer, type TestSmtpServer } from '#tests/support/smtp.ts';
import { backOfficeClient, signedInStaff } from '#tests/support/staff.ts';

const hour = 60 * 60_000;

describeEachDatabase('unsubscribing and resending a confirmation from the back office', (database) => {
  let smtp: TestSmtpServer;
  let site: TestApp;
  let staff: ReturnType<typeof backOfficeClient>;
  // The app's clock runs with the real one, moved on when a test waits out the hour between confirmations.
  let ahead = 0;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    site = await startTestApp({
      database,
      env: { SMTP_URL: smtp.url, RATE_LIMIT_PER_MINUTE: '1000' },
      clock: () => new Date(Date.now() + ahead),
    });
    // The leads are staff's work: a member of staff of the staff role can do both.
    await signedInStaff(site, 'olive.owner@fenwickhale.test', 'owner');
    staff = backOfficeClient(site, await signedInStaff(site, 'sam@fenwickhale.test', 'staff'));
  });
  afterAll(async () => {
    await site?.close();
    await smtp?.stop();
  });

  const subscribe = (email: string) =>
    send(site, '/subscribe', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ emailAddress: email, submitMethod: '2' }),
    });
  const confirmations = (email: string) =>
    smtp.messages.filter((m) => m.to.includes(email) && m.parsed.subject?.startsWith('Please confirm'));
  const nthConfirmation = (email: string, n: number) =>
    smtp
      .waitFor(() => confirmations(email).length >= n)
      .then(() => confirmations(email)[n - 1] as ReceivedMail);
  /** What a person does with the link: opens it, then presses the page's button. */
  const confirmFrom = async (link: string) => {
    const page = await fetch(link);
    const token = (await page.text()).match(/name="token" value="([\w-]+)"/)?.[1];
    if (!token) return page.status;
    const confirmed = await send(site, '/subscribe/confirm', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: site.url },
      body: new URLSearchParams({ token }),
    });
    return confirmed.status;
  };
  const detail = async (email: string) => staff.json(`/subscribers/${encodeURIComponent(email)}`);
  const staffAudit = async () =>
    (
      await backOfficeClient(site, await signedInStaff(site, `auditor.${Date.now()}@fenwickhale.test`)).json(
        '/audit-log',
      )
    ).items;

  describe('unsubscribing', () => {
    it('takes a confirmed subscriber off the list, keeps the consent record, and records who did it', async () => {
      await subscribe('Ann.Lee@Example.com');
      expect(
        await confirmFrom(linkIn(await nthConfirmation('ann.lee@example.com', 1), '/subscribe/confirm')),
      ).toBe(200);

      // The address is found in whatever case it is typed.
      const answer = await staff.send(
        `/subscribers/${encodeURIComponent('ANN.Lee@example.COM')}/unsubscribe`,
      );
      expect(answer.status).toBe(200);
      expect((await answer.json()).infoMessages).toEqual([backOfficeMessages.unsubscribed]);

      const subscriber = await detail('Ann.Lee@Example.com');
      expect(subscriber).toMatchObject({
        email: 'ann.lee@example.com',
        status: 'unsubscribed',
        confirmedAt: expect.any(String),
        unsubscribedAt: expect.any(String),
      });
      expect(subscriber.consents.map((c: { event: string; source: string }) => [c.event, c.source])).toEqual([
        ['signed-up', 'small-form'],
        ['confirmed', 'confirmation-link'],
        ['unsubscribed', 'back-office'],
      ]);
      expect(await staff.json('/subscribers?status=confirmed')).toMatchObject({ items: [] });
      expect((await staffAudit())[0]).toMatchObject({
        action: 'subscriber.unsubscribed',
        subject: 'ann.lee@example.com',
        by: 'sam@fenwickhale.test',
      });

      const again = await staff.send('/subscribers/ann.lee@example.com/unsubscribe');
      expect(again.status).toBe(409);
      expect((await again.json()).errorMessages).toEqual([backOfficeMessages.alreadyUnsubscribed]);
      const nobody = await staff.send('/subscribers/nobody@example.com/unsubscribe');
      expect(nobody.status).toBe(404);
    });

    it('reads as subscribed again when the address signs up and confirms again, with the history in the consent record', async () => {
      await subscribe('bea@example.com');
      expect(
        await confirmFrom(linkIn(await nthConfirmation('bea@example.com', 1), '/subscribe/confirm')),
      ).toBe(200);
      const first = await detail('bea@example.com');
      expect((await staff.send('/subscribers/bea@example.com/unsubscribe')).status).toBe(200);
      const unsubscribed = await detail('bea@example.com');

      // Signing up again keeps the earlier dates until the new sign-up is confirmed.
      await subscribe('bea@example.com');
      expect(await detail('bea@example.com')).toMatchObject({
        status: 'pending',
        confirmedAt: first.confirmedAt,
        unsubscribedAt: unsubscribed.unsubscribedAt,
      });
      expect(unsubscribed.unsubscribedAt).toEqual(expect.any(String));
      expect(
        await confirmFrom(linkIn(await nthConfirmation('bea@example.com', 2), '/subscribe/confirm')),
      ).toBe(200);
      const again = await detail('bea@example.com');
      expect(again).toMatchObject({ status: 'confirmed', unsubscribedAt: null });
      expect(again.confirmedAt >= first.confirmedAt).toBe(true);
      expect(again.consents.map((c: { event: string }) => c.event)).toEqual([
        'signed-up',
        'confirmed',
        'unsubscribed',
        'signed-up',
        'confirmed',
      ]);
    });

    it('changes nothing when the audit entry cannot be written', async () => {
      await subscribe('cal@example.com');
      await refuseAuditEntries(site, true);
      try {
        expect((await staff.send('/subscribers/cal@example.com/unsubscribe')).status).toBe(500);
      } finally {
        await refuseAuditEntries(site, false);
      }
      const subscriber = await detail('cal@example.com');
      expect(subscriber.status).toBe('pending');
      expect(subscriber.consents.map((c: { event: string }) => c.event)).toEqual(['signed-up']);
    });

    it('cannot be used without the form token', async () => {
      await subscribe('dot@example.com');
      const session = await signedInStaff(site, 'forger.test@fenwickhale.test', 'staff');
      const forged = await send(site, '/api/back-office/subscribers/dot@example.com/unsubscribe', {
        method: 'POST',
        headers: { cookie: session.cookies, origin: site.url },
      });
      expect(forged.status).toBe(403);
      expect((await detail('dot@example.com')).status).toBe('pending');
    });
  });

  describe('resending the confirmation', () => {
    it('sends the same email with a new link after an hour, at most once an hour; the old link stops working', async () => {
      const email = 'eve@example.com';
      await subscribe(email);
      const first = linkIn(await nthConfirmation(email, 1), '/subscribe/confirm');

      // The sign-up sent one moments ago.
      const tooSoon = await staff.send(`/subscribers/${email}/resend-confirmation`);
      expect(tooSoon.status).toBe(429);
      expect((await tooSoon.json()).errorMessages).toEqual([backOfficeMessages.confirmationTooSoon]);

      ahead += hour + 60_000;
      const resent = await staff.send(`/subscribers/EVE@example.com/resend-confirmation`);
      expect(resent.status).toBe(200);
      expect((await resent.json()).infoMessages).toEqual([backOfficeMessages.confirmationResent]);
      const second = await nthConfirmation(email, 2);
      expect(second.parsed.subject).toBe(confirmations(email)[0]?.parsed.subject);
      expect(second.parsed.headers.some((h) => h.key === 'list-unsubscribe')).toBe(true);
      const secondLink = linkIn(second, '/subscribe/confirm');
      expect(secondLink).not.toBe(first);

      // Clicking again at once mails nobody: the limit counts the staff's sends too.
      const bomb = await Promise.all(
        [1, 2, 3].map(() => staff.send(`/subscribers/${email}/resend-confirmation`)),
      );
      expect(bomb.map((r) => r.status)).toEqual([429, 429, 429]);

      expect((await staffAudit())[0]).toMatchObject({
        action: 'subscriber.confirmation-resent',
        subject: email,
        by: 'sam@fenwickhale.test',
      });
      expect(await confirmFrom(first)).toBe(404);
      expect(await confirmFrom(secondLink)).toBe(200);
      expect((await detail(email)).status).toBe('confirmed');

      const confirmed = await staff.send(`/subscribers/${email}/resend-confirmation`);
      expect(confirmed.status).toBe(409);
      expect((await confirmed.json()).errorMessages).toEqual([backOfficeMessages.notPending]);
      expect((await staff.send('/subscribers/nobody@example.com/resend-confirmation')).status).toBe(404);
      // Give the outbox a moment: had a refused request queued mail, it would have arrived by now.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(confirmations(email)).toHaveLength(2);
    });

    it('sends one email when clicked several times at once', async () => {
      const email = 'fin@example.com';
      await subscribe(email);
      await nthConfirmation(email, 1);
      ahead += hour + 60_000;
      const answers = await Promise.all(
        [1, 2, 3, 4].map(() => staff.send(`/subscribers/${email}/resend-confirmation`)),
      );
      expect(answers.map((r) => r.status).sort()).toEqual([200, 429, 429, 429]);
      await nthConfirmation(email, 2);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(confirmations(email)).toHaveLength(2);
    });
  });
});

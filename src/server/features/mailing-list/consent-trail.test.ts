import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { describeEachDatabase } from '#tests/support/databases.ts';
import { rawRequest } from '#tests/support/raw-http.ts';
import { linkIn, type ReceivedMail, startSmtpServer, type TestSmtpServer } from '#tests/support/smtp.ts';
import { backOfficeClient, signedInStaff } from '#tests/support/staff.ts';

// Who a consent record says acted. Each party posts from its own loopback address: the subscriber from
// 127.0.0.21, a stranger who types their address from 127.0.0.66, their mail provider (sending the
// RFC 8058 one-click POST) from 127.0.0.99. The trail must never give a stranger's or a provider's
// address as the subscriber's.

const subscriberAt = '127.0.0.21';
const strangerAt = '127.0.0.66';
const providerAt = '127.0.0.99';
const hour = 60 * 60_000;

describeEachDatabase('who the consent record says acted', (database) => {
  let smtp: TestSmtpServer;
  let site: TestApp;
  let owner: ReturnType<typeof backOfficeClient>;
  // The app's clock runs with the real one, moved on when a test waits out the hour between confirmations.
  let ahead = 0;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    site = await startTestApp({
      database,
      env: { SMTP_URL: smtp.url, RATE_LIMIT_PER_MINUTE: '1000' },
      clock: () => new Date(Date.now() + ahead),
    });
    owner = backOfficeClient(site, await signedInStaff(site, 'olive.owner@fenwickhale.test', 'owner'));
  });
  afterAll(async () => {
    await site?.close();
    await smtp?.stop();
  });

  const subscribe = (email: string, from: string) =>
    rawRequest(site.url, {
      method: 'POST',
      path: '/subscribe',
      from,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ emailAddress: email, submitMethod: '2' }),
    });
  const confirmations = (email: string) =>
    smtp.messages.filter((m) => m.to.includes(email) && m.parsed.subject?.startsWith('Please confirm'));
  const nthConfirmation = (email: string, n: number) =>
    smtp
      .waitFor(() => confirmations(email).length >= n)
      .then(() => confirmations(email)[n - 1] as ReceivedMail);
  const pathOf = (link: string) => new URL(link).pathname + new URL(link).search;
  /** The subscriber opens the link and presses the page's button, from their own address. */
  const confirmFrom = async (link: string, from: string) => {
    const page = await rawRequest(site.url, { path: pathOf(link), from });
    const token = page.body.match(/name="token" value="([\w-]+)"/)?.[1];
    if (!token) throw new Error(`No confirm button on:\n${page.body}`);
    return rawRequest(site.url, {
      method: 'POST',
      path: '/subscribe/confirm',
      from,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: site.url },
      body: new URLSearchParams({ token }).toString(),
    });
  };
  const trail = async (email: string) =>
    (await owner.json(`/subscribers/${encodeURIComponent(email)}`)).consents.map(
      (c: { event: string; actor: string; ipAddress: string }) => [c.event, c.actor, c.ipAddress],
    );
  const exported = async (email: string) =>
    (await (await owner.send('/data-protection/export', { email })).json()).subscription.consents;

  describe('a sign-up posted again for an address waiting to confirm', () => {
    it('is a stranger’s request from their address, never a sign-up of the subscriber’s, whether or not it re-sends the email', async () => {
      const email = 'pat.pending@example.com';
      expect((await subscribe(email, subscriberAt)).status).toBe(200);
      await nthConfirmation(email, 1);
      // Within the hour: no new email; an hour on: the confirmation goes again, at the stranger's asking.
      expect((await subscribe(email, strangerAt)).status).toBe(200);
      ahead += hour + 60_000;
      expect((await subscribe(email, strangerAt)).status).toBe(200);
      const second = await nthConfirmation(email, 2);
      expect(await trail(email)).toEqual([
        ['signed-up', 'requester', subscriberAt],
        ['sign-up-repeated', 'requester', strangerAt],
        ['sign-up-repeated', 'requester', strangerAt],
      ]);

      expect((await confirmFrom(linkIn(second, '/subscribe/confirm'), subscriberAt)).status).toBe(200);
      expect(await trail(email)).toEqual([
        ['signed-up', 'requester', subscriberAt],
        ['sign-up-repeated', 'requester', strangerAt],
        ['sign-up-repeated', 'requester', strangerAt],
        ['confirmed', 'subscriber', subscriberAt],
      ]);
      // The export says the same, in words a person reads.
      expect(await exported(email)).toMatchObject([
        { event: 'signed-up', ip_address: subscriberAt, actor: 'requester' },
        {
          event: 'sign-up-repeated',
          ip_address: strangerAt,
          actor: 'requester',
          by: `A request from ${strangerAt}, not shown to be theirs: anyone can type an address`,
        },
        { event: 'sign-up-repeated', ip_address: strangerAt },
        {
          event: 'confirmed',
          ip_address: subscriberAt,
          actor: 'subscriber',
          by: `Them, through the link we emailed them, from ${subscriberAt}`,
        },
      ]);
    });
  });

  describe('unsubscribing through the link in an email', () => {
    it('records the one-click POST as their mail program acting for them from its own address, and the page’s button as theirs', async () => {
      for (const email of ['una.oneclick@example.com', 'ursula.page@example.com']) {
        expect((await subscribe(email, subscriberAt)).status).toBe(200);
        const mail = await nthConfirmation(email, 1);
        expect((await confirmFrom(linkIn(mail, '/subscribe/confirm'), subscriberAt)).status).toBe(200);
      }

      // The provider posts what RFC 8058 says, from its own servers.
      const oneClick = linkIn(await nthConfirmation('una.oneclick@example.com', 1), '/unsubscribe');
      const byProvider = await rawRequest(site.url, {
        method: 'POST',
        path: pathOf(oneClick),
        from: providerAt,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(byProvider.status).toBe(200);
      expect(await trail('una.oneclick@example.com')).toEqual([
        ['signed-up', 'requester', subscriberAt],
        ['confirmed', 'subscriber', subscriberAt],
        ['unsubscribed', 'mail-program', providerAt],
      ]);
      expect((await exported('una.oneclick@example.com'))[2]).toMatchObject({
        event: 'unsubscribed',
        source: 'one-click',
        ip_address: providerAt,
        actor: 'mail-program',
        by: `Their email program or mail provider, for them, from ${providerAt}: the provider's address, not theirs`,
      });

      // The subscriber opens the link and presses the page's button, from their own browser.
      const pageLink = linkIn(await nthConfirmation('ursula.page@example.com', 1), '/unsubscribe');
      const byThem = await rawRequest(site.url, {
        method: 'POST',
        path: pathOf(pageLink),
        from: subscriberAt,
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: site.url },
        body: 'List-Unsubscribe=One-Click&from=page',
      });
      expect(byThem.status).toBe(200);
      expect((await trail('ursula.page@example.com'))[2]).toEqual([
        'unsubscribed',
        'subscriber',
        subscriberAt,
      ]);
    });
  });
});

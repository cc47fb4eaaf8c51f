import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentWording } from '#shared/mailing-list.ts';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { describeEachDatabase } from '#tests/support/databases.ts';
import { demoFirm } from '#tests/support/firms.ts';
import { send } from '#tests/support/http.ts';
import { linkIn, type ReceivedMail, startSmtpServer, type TestSmtpServer } from '#tests/support/smtp.ts';

const accepted = {
  success: true,
  infoMessages: ['Thanks for signing up. Please check your inbox and confirm your subscription.'],
  errorMessages: [],
};

const header = (mail: ReceivedMail, name: string) =>
  mail.parsed.headers.find((h) => h.key === name.toLowerCase())?.value;

describeEachDatabase('the mailing list', (database) => {
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

  const subscribe = (body: unknown, type = 'application/json') =>
    send(site, `/subscribe`, {
      method: 'POST',
      headers: { 'content-type': type },
      body: type === 'application/json' ? JSON.stringify(body) : String(body),
    });
  const subscriber = (email: string) =>
    site.db.selectFrom('subscribers').selectAll().where('email', '=', email).executeTakeFirst();
  const mailCount = async (email: string) =>
    Number(
      (
        await site.db
          .selectFrom('outbox_messages')
          .select((e) => e.fn.countAll().as('n'))
          .where('recipient', '=', email)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const confirmationFor = (email: string) =>
    smtp.waitFor((m) => m.to.includes(email) && (m.parsed.subject ?? '').startsWith('Please confirm'));
  /** What a person does with the link: opens it, then presses the page's button (a same-origin form post). */
  const confirmFrom = async (link: string) => {
    const page = await (await fetch(link)).text();
    const token = page.match(/name="token" value="([\w-]+)"/)?.[1];
    if (!token) throw new Error(`No confirm button on:\n${page}`);
    return send(site, `/subscribe/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: site.url },
      body: new URLSearchParams({ token }),
    });
  };

  describe('signing up', () => {
    it('keeps a pending subscriber with a consent record, and emails a confirmation with unsubscribe headers', async () => {
      const response = await subscribe({ emailAddress: ' Ann.Lee@Example.com ', submitMethod: '2' });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual(accepted);
      const stored = await subscriber('ann.lee@example.com');
      expect(stored?.status).toBe('pending');
      const consents = await site.db
        .selectFrom('subscriber_consents')
        .selectAll()
        .where('subscriber_id', '=', stored?.id as number)
        .execute();
      expect(consents).toEqual([
        expect.objectContaining({
          event: 'signed-up',
          source: 'small-form',
          wording: consentWording('small-form', demoFirm().name),
          ip_address: '127.0.0.1',
          created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        }),
      ]);

      const mail = await confirmationFor('ann.lee@example.com');
      expect(mail.parsed.subject).toBe('Please confirm your subscription to the Fenwick & Hale newsletter');
      const unsubscribeLink = linkIn(mail, '/unsubscribe');
      expect(header(mail, 'List-Unsubscribe')).toMatch(
        new RegExp(
          `^<${unsubscribeLink.replace(/[?]/g, '\\?')}>, <mailto:[^>]+\\?subject=unsubscribe%20[\\w-]+>$`,
        ),
      );
      expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    });

    it('takes the larger form as an ordinary form post', async () => {
      const response = await subscribe(
        'emailAddress=bo%40example.com&contact1=2',
        'application/x-www-form-urlencoded',
      );
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual(accepted);
      const consent = await site.db
        .selectFrom('subscriber_consents')
        .innerJoin('subscribers', 'subscribers.id', 'subscriber_consents.subscriber_id')
        .select(['source', 'wording'])
        .where('email', '=', 'bo@example.com')
        .executeTakeFirstOrThrow();
      expect(consent).toEqual({
        source: 'subscribe-form',
        wording: consentWording('subscribe-form', demoFirm().name),
      });
    });

    it('answers a browser posting the form without its script with pages: /subscribed, or the problems', async () => {
      const post = (body: string) =>
        send(site, `/subscribe`, {
          method: 'POST',
          redirect: 'manual',
          headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html,*/*;q=0.8' },
          body,
        });
      const sent = await post('submitMethod=2&emailAddress=page%40example.com&homepage=');
      expect(sent.status).toBe(303);
      expect(sent.headers.get('location')).toBe('/subscribed');
      expect((await subscriber('page@example.com'))?.status).toBe('pending');
      const refused = await post('contact1=2&emailAddress=%3Cscript%3Ex%3C%2Fscript%3E');
      expect(refused.status).toBe(422);
      const page = await refused.text();
      expect(page).toContain('<li>Please enter a valid email address, like name@example.com</li>');
      expect(page).not.toContain('<script>x');
    });

    it('refuses blank, malformed and oversized input, naming the field, and keeps nothing', async () => {
      const cases: [unknown, number, string][] = [
        [{ emailAddress: '  ', contact1: '2' }, 422, 'Please enter your email address'],
        [
          { emailAddress: 'not-an-email', contact1: '2' },
          422,
          'Please enter a valid email address, like name@example.com',
        ],
        [
          { emailAddress: `${'a'.repeat(300)}@example.com`, contact1: '2' },
          422,
          'Your email address is too long',
        ],
        [
          { emailAddress: 'x@example.com' },
          422,
          "Please send submitMethod '2' (the small form) or contact1 '2' (the subscribe form)",
        ],
        [{ emailAddress: 'x@example.com', submitMethod: '1' }, 422, "submitMethod must be '2'"],
      ];
      for (const [body, status, message] of cases) {
        const response = await subscribe(body);
        expect(response.status, JSON.stringify(body)).toBe(status);
        expect(await response.json()).toEqual({ success: false, infoMessages: [], errorMessages: [message] });
      }
      const huge = await subscribe({
        emailAddress: 'x@example.com',
        contact1: '2',
        padding: 'x'.repeat(70_000),
      });
      expect(huge.status).toBe(413);
      expect((await huge.json()).success).toBe(false);
      expect(await subscriber('x@example.com')).toBeUndefined();
    });

    it('answers the same, in words and in time, for a new, a pending and a confirmed address, and re-sends at most once an hour', async () => {
      const email = 'same@example.com';
      const answers: Response[] = [];
      // Nor in time: a new address queues an email and a confirmed one does nothing, but every answer
      // comes no sooner than 150 ms after the request.
      const timed = async () => {
        const began = performance.now();
        answers.push(await subscribe({ emailAddress: email, submitMethod: '2' }));
        expect(performance.now() - began).toBeGreaterThanOrEqual(150);
      };
      await timed();
      await timed();
      expect(await mailCount(email)).toBe(1);
      const confirmLink = linkIn(await confirmationFor(email), '/subscribe/confirm');
      expect((await confirmFrom(confirmLink)).status).toBe(200);
      const trail = () =>
        site.db
          .selectFrom('subscriber_consents')
          .innerJoin('subscribers', 'subscribers.id', 'subscriber_consents.subscriber_id')
          .select('event')
          .where('subscribers.email', '=', email)
          .orderBy('subscriber_consents.id')
          .execute();
      const confirmedTrail = await trail();
      await timed();
      const seen = await Promise.all(answers.map(async (r) => ({ status: r.status, body: await r.text() })));
      expect(new Set(seen.map((s) => JSON.stringify(s))).size).toBe(1);
      expect(await mailCount(email)).toBe(1);
      // Nobody can add to a confirmed subscriber's consent trail by posting their address.
      expect(await trail()).toEqual(confirmedTrail);

      // A pending address whose last confirmation went out over an hour ago gets another.
      await subscribe({ emailAddress: 'later@example.com', submitMethod: '2' });
      await site.db
        .updateTable('subscribers')
        .set({ confirmation_sent_at: new Date(Date.now() - 61 * 60_000).toISOString() })
        .where('email', '=', 'later@example.com')
        .execute();
      await subscribe({ emailAddress: 'later@example.com', submitMethod: '2' });
      expect(await mailCount('later@example.com')).toBe(2);
    });

    it('keeps nothing from a bot that fills the hidden field, and tells it what a person is told', async () => {
      const response = await subscribe({
        emailAddress: 'bot@example.com',
        submitMethod: '2',
        homepage: 'http://spam.example',
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual(accepted);
      expect(await subscriber('bot@example.com')).toBeUndefined();
      expect(await mailCount('bot@example.com')).toBe(0);
    });
  });

  describe('confirming and unsubscribing', () => {
    it('opening the link only shows a button; pressing it confirms, and opening it again says so', async () => {
      await subscribe({ emailAddress: 'bea@example.com', submitMethod: '2' });
      const link = linkIn(await confirmationFor('bea@example.com'), '/subscribe/confirm');
      // What a mail scanner does: open the link, as often as it likes, and follow nothing on the page.
      for (const method of ['GET', 'GET', 'HEAD']) {
        const opened = await fetch(link, { method });
        expect(opened.status).toBe(200);
        expect(opened.headers.get('cache-control')).toBe('no-store');
        if (method === 'GET') {
          const page = await opened.text();
          expect(page).toContain('<h1>Confirm your subscription</h1>');
          expect(page).toContain('bea@example.com');
          expect(page).toContain('<button type="submit" class="button">Confirm my subscription</button>');
        }
      }
      expect((await subscriber('bea@example.com'))?.status).toBe('pending');

      const confirmed = await confirmFrom(link);
      expect(confirmed.status).toBe(200);
      expect(await confirmed.text()).toContain('<h1>You are subscribed</h1>');
      expect((await subscriber('bea@example.com'))?.status).toBe('confirmed');
      const again = await (await fetch(link)).text();
      expect(again).toContain('<h1>You are subscribed</h1>');
      expect(again).not.toContain('Confirm my subscription</button>');
    });

    it('confirms from the link, unsubscribes with one POST, and only the subscriber the token belongs to', async () => {
      await subscribe({ emailAddress: 'cat@example.com', submitMethod: '2' });
      await subscribe({ emailAddress: 'dan@example.com', submitMethod: '2' });
      const catMail = await confirmationFor('cat@example.com');
      const danMail = await confirmationFor('dan@example.com');
      for (const mail of [catMail, danMail]) {
        const page = await confirmFrom(linkIn(mail, '/subscribe/confirm'));
        expect(page.status).toBe(200);
        expect(await page.text()).toContain('You are subscribed');
      }
      expect((await subscriber('cat@example.com'))?.status).toBe('confirmed');

      const unsubscribeLink = linkIn(catMail, '/unsubscribe');
      const confirmPage = await fetch(unsubscribeLink);
      expect(await confirmPage.text()).toContain('cat@example.com will get no more newsletters');
      const oneClick = await fetch(unsubscribeLink, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(oneClick.status).toBe(200);
      expect(await oneClick.text()).toContain('You are unsubscribed');
      expect((await subscriber('cat@example.com'))?.status).toBe('unsubscribed');
      expect((await subscriber('dan@example.com'))?.status).toBe('confirmed');
      const trail = await site.db
        .selectFrom('subscriber_consents')
        .innerJoin('subscribers', 'subscribers.id', 'subscriber_consents.subscriber_id')
        .select(['event', 'source'])
        .where('email', '=', 'cat@example.com')
        .orderBy('subscriber_consents.id')
        .execute();
      expect(trail).toEqual([
        { event: 'signed-up', source: 'small-form' },
        { event: 'confirmed', source: 'confirmation-link' },
        { event: 'unsubscribed', source: 'one-click' },
      ]);

      // The old confirmation link cannot put them back; signing up again and confirming can.
      expect((await fetch(linkIn(catMail, '/subscribe/confirm'))).status).toBe(404);
      await subscribe({ emailAddress: 'cat@example.com', contact1: '2' });
      expect((await subscriber('cat@example.com'))?.status).toBe('pending');
      expect(await mailCount('cat@example.com')).toBe(2);
    });

    it('takes a multipart one-click POST, as some mail providers send it', async () => {
      await subscribe({ emailAddress: 'eve@example.com', submitMethod: '2' });
      const form = new FormData();
      form.set('List-Unsubscribe', 'One-Click');
      const response = await fetch(linkIn(await confirmationFor('eve@example.com'), '/unsubscribe'), {
        method: 'POST',
        body: form,
      });
      expect(response.status).toBe(200);
      expect((await subscriber('eve@example.com'))?.status).toBe('unsubscribed');
    });

    it('does not recognise made-up or altered tokens', async () => {
      for (const path of ['/subscribe/confirm', '/unsubscribe']) {
        expect((await send(site, `${path}?token=${'A'.repeat(43)}`)).status).toBe(404);
        expect((await send(site, `${path}?token=short`)).status).toBe(404);
        expect((await send(site, `${path}`)).status).toBe(404);
      }
      const post = await send(site, `/unsubscribe?token=${'B'.repeat(43)}`, { method: 'POST' });
      expect(post.status).toBe(404);
      for (const token of ['B'.repeat(43), 'short', '']) {
        const confirm = await send(site, `/subscribe/confirm`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', origin: site.url },
          body: new URLSearchParams({ token }),
        });
        expect(confirm.status).toBe(404);
      }
    });
  });
});

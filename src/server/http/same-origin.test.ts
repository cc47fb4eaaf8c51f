import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildBookCallPayload } from '#shared/booking.ts';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { validApplication } from '#tests/support/applications.ts';
import { firstBookableDate } from '#tests/support/booking.ts';
import { describeEachDatabase } from '#tests/support/databases.ts';
import { contact, refused } from '#tests/support/enquiries.ts';
import { send as sendTo } from '#tests/support/http.ts';
import { rawRequest } from '#tests/support/raw-http.ts';
import { startSmtpServer, type TestSmtpServer } from '#tests/support/smtp.ts';
import { publicRoute } from './access.ts';
import { crossSiteMessage } from './same-origin.ts';

// Whatever the route, a request a browser marks as cross-site cannot change anything: it is refused with
// 403 before its handler runs, with a page that explains (or the site's JSON answer when JSON was asked
// for). Requests with no Origin go on to the route's own checks, the bot check first.

const crossSiteSpellings: [string, Record<string, string>][] = [
  ['a foreign Origin', { origin: 'https://evil.example' }],
  ['Origin: null (a sandboxed frame, a data: page, or a page hiding its origin)', { origin: 'null' }],
  ['our host on another scheme', { origin: 'https://127.0.0.1' }],
  ['Sec-Fetch-Site: cross-site without Origin', { 'sec-fetch-site': 'cross-site' }],
  ['Sec-Fetch-Site: cross-site beside our Origin', { 'sec-fetch-site': 'cross-site', origin: 'OURS' }],
];

describeEachDatabase('posts from other sites', (database) => {
  let smtp: TestSmtpServer;
  let site: TestApp;
  const changed: string[] = [];

  beforeAll(async () => {
    smtp = await startSmtpServer();
    site = await startTestApp({
      database,
      env: { SMTP_URL: smtp.url, CAPTCHA_PROVIDER: 'altcha', MEETING_URL: 'https://zoom.us/my/fenwickhale' },
      // One route taking every method, to show the check covers every method that can change something.
      extend: (app) =>
        app.route({
          method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
          url: '/test/any-method',
          config: { ...publicRoute },
          handler: async (request) => {
            changed.push(request.method);
            return { success: true, infoMessages: [], errorMessages: [] };
          },
        }),
    });
  });
  afterAll(async () => {
    await site?.close();
    await smtp?.stop();
  });

  const send = (path: string, body: unknown, headers: Record<string, string>, method = 'POST') =>
    sendTo(site, `${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...Object.fromEntries(
          Object.entries(headers).map(([name, value]) => [name, value === 'OURS' ? site.url : value]),
        ),
      },
      body: JSON.stringify(body),
    });
  const stored = async () =>
    JSON.stringify(
      await Promise.all(
        (['subscribers', 'enquiries', 'applications', 'bookings', 'outbox_messages'] as const).map(
          async (table) => (await site.db.selectFrom(table).select('id').execute()).length,
        ),
      ),
    );

  it('refuses every spelling of cross-site on every form, with a page that explains, and stores nothing', async () => {
    const { date, slots } = await firstBookableDate(site.url);
    const forms: [string, unknown][] = [
      ['/subscribe', { emailAddress: 'cross.site@example.com', submitMethod: '2' }],
      ['/subscribe/confirm', { token: 'A'.repeat(43) }],
      ['/contact-us-send', { ...contact('cross.site@example.com'), recToken: 'x' }],
      ['/forms/application-form', { ...validApplication, emailAddress: 'cross.site@example.com' }],
      [
        '/forms/book-call-form',
        { ...buildBookCallPayload(date, slots[0] as (typeof slots)[number], 'cross.site@example.com') },
      ],
    ];
    const before = await stored();
    for (const [spelling, headers] of crossSiteSpellings) {
      for (const [path, body] of forms) {
        const page = await send(path, body, { ...headers, accept: 'text/html' });
        expect([spelling, path, page.status]).toEqual([spelling, path, 403]);
        expect(page.headers.get('content-type')).toContain('text/html');
        expect(await page.text()).toContain('<h1>This form came from another website</h1>');
        const json = await send(path, body, { ...headers, accept: 'application/json' });
        expect([spelling, path, json.status]).toEqual([spelling, path, 403]);
        expect(await json.json()).toEqual({
          success: false,
          infoMessages: [],
          errorMessages: [crossSiteMessage],
        });
      }
    }
    expect(await stored()).toBe(before);
  });

  it('takes only PUBLIC_URL for ours, never the Host or X-Forwarded-Host the caller wrote', async () => {
    const before = await stored();
    const { port } = new URL(site.url);
    for (const host of ['evil.test', `evil.test:${port}`]) {
      const answer = await rawRequest(site.url, {
        method: 'POST',
        path: '/subscribe',
        body: JSON.stringify({ emailAddress: 'host.trick@example.com', submitMethod: '2' }),
        headers: { host, 'x-forwarded-host': host, origin: `http://${host}`, accept: 'application/json' },
      });
      expect([host, answer.status]).toEqual([host, 403]);
    }
    expect(await stored()).toBe(before);
  });

  it('refuses any method that can change something, and lets reads through', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const refusedAnswer = await send('/test/any-method', {}, { origin: 'https://evil.example' }, method);
      expect([method, refusedAnswer.status]).toEqual([method, 403]);
      // A script (fetch and curl send Accept: */*) gets the JSON answer; only a page post gets a page.
      expect(await refusedAnswer.json()).toMatchObject({ success: false, errorMessages: [crossSiteMessage] });
      const ours = await send(
        '/test/any-method',
        {},
        { origin: site.url, 'sec-fetch-site': 'same-origin' },
        method,
      );
      expect([method, ours.status]).toEqual([method, 200]);
    }
    const read = await sendTo(site, `/test/any-method`, {
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(read.status).toBe(200);
    expect(changed).toEqual(['POST', 'PUT', 'PATCH', 'DELETE', 'GET']);
  });

  it('sends requests with no Origin, and our own, on to the bot check', async () => {
    const { date, slots } = await firstBookableDate(site.url);
    const forms: [string, unknown][] = [
      ['/contact-us-send', { ...contact('no.origin@example.com'), recToken: 'not-a-token' }],
      ['/forms/application-form', { ...validApplication, recToken: 'not-a-token' }],
      [
        '/forms/book-call-form',
        {
          ...buildBookCallPayload(date, slots[0] as (typeof slots)[number], 'no.origin@example.com'),
          recToken: 'not-a-token',
        },
      ],
    ];
    const sameSite: Record<string, string>[] = [
      {},
      { origin: site.url },
      { origin: site.url, 'sec-fetch-site': 'same-origin' },
    ];
    for (const headers of sameSite) {
      for (const [path, body] of forms) {
        const response = await send(path, body, headers);
        expect([path, response.status]).toEqual([path, 403]);
        expect(await response.json()).toEqual(refused);
      }
    }
    // The mailing list has no bot check: a post with no Origin is taken as any script's would be.
    const subscribe = await send(
      '/subscribe',
      { emailAddress: 'no.origin@example.com', submitMethod: '2' },
      {},
    );
    expect(subscribe.status).toBe(200);
  });

  it("takes mail providers' one-click unsubscribe from anywhere: its token is its authority", async () => {
    await send('/subscribe', { emailAddress: 'one.click@example.com', submitMethod: '2' }, {});
    const mail = await smtp.waitFor((m) => m.to.includes('one.click@example.com'));
    const unsubscribeUrl = mail.parsed.text?.match(/http:\/\/\S+\/unsubscribe\?token=[\w%-]+/)?.[0];
    const response = await fetch(unsubscribeUrl as string, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://mail.example',
        'sec-fetch-site': 'cross-site',
      },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(response.status).toBe(200);
    // Read to the end, as a mail provider does: an answer left unread keeps its connection busy, and the
    // site's close waits for it.
    expect(await response.text()).toContain('You are unsubscribed');
    const subscriber = await site.db
      .selectFrom('subscribers')
      .select('status')
      .where('email', '=', 'one.click@example.com')
      .executeTakeFirstOrThrow();
    expect(subscriber.status).toBe('unsubscribed');
  });
});

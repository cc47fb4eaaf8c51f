import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import PostalMime, { type Email } from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBookCallPayload } from '#shared/booking.ts';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { firstBookableDate, postBooking } from '#tests/support/booking.ts';
import { contact, post } from '#tests/support/enquiries.ts';
import { send as sendTo } from '#tests/support/http.ts';
import { rawRequest } from '#tests/support/raw-http.ts';
import { signedInStaff } from '#tests/support/staff.ts';
import { waitUntil } from '#tests/support/wait.ts';
import { clientAddressTagger } from './client-address.ts';

// The app logs at info through a stream we keep, sends mail to files (no SMTP), and we walk every flow
// that puts a link token or an email address in a URL. The operator must still see each request's
// route and status; nothing else the visitor is may be in any line.

const lines: string[] = [];
let site: TestApp;

const staffEmail = 'morag.staff@fenwickhale.test';
const subscriberEmail = 'ann.lee@example.com';
const bookerEmail = 'jane.doe@example.com';
const enquirerEmail = 'amira.shah@example.com';

beforeAll(async () => {
  site = await startTestApp({
    env: { LOG_LEVEL: 'info', MEETING_URL: 'https://zoom.us/my/fenwickhale', RATE_LIMIT_PER_MINUTE: '1000' },
    logStream: { write: (line: string) => void lines.push(line) },
  });
});
afterAll(() => site?.close());

/** Every email the file transport has written so far, parsed. */
async function mailWritten(): Promise<Email[]> {
  const dir = site.config.mailDir;
  return Promise.all(readdirSync(dir).map((file) => PostalMime.parse(readFileSync(path.join(dir, file)))));
}

/** The `path?token=…` link in the first email to `address` that has one. */
async function linkMailedTo(address: string, linkPath: string): Promise<string> {
  const pattern = new RegExp(`http://\\S+${linkPath}\\?token=[\\w%-]+`);
  let link: string | undefined;
  await waitUntil(
    async () => {
      const mail = await mailWritten();
      link = mail
        .filter((m) => m.to?.some((to) => to.address === address))
        .map((m) => m.text?.match(pattern)?.[0])
        .find(Boolean);
      return link !== undefined;
    },
    { what: () => `a ${linkPath} link mailed to ${address}` },
  );
  return link as string;
}

const tokenOf = (link: string) => new URL(link).searchParams.get('token') as string;

/** What each request of the walk should look like in the log, with the status the visitor got. */
const expectedLines: { method: string; url: string; status: number }[] = [];
async function send(method: string, urlPath: string, loggedAs: string, init: RequestInit = {}) {
  const response = await sendTo(site, `${urlPath}`, { method, redirect: 'manual', ...init });
  await response.arrayBuffer();
  expectedLines.push({ method, url: loggedAs, status: response.status });
  return response;
}

describe('request and mail logs', () => {
  it('name every route and status, and hold no link token, address, name or subject', async () => {
    const secrets: string[] = [staffEmail, subscriberEmail, bookerEmail, enquirerEmail];

    // The reset link, opened.
    const staff = await signedInStaff(site, staffEmail);
    await send('POST', '/send-reset-password-link', '/send-reset-password-link', {
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: site.url },
      body: new URLSearchParams({ emailAddress: staffEmail }),
    });
    const reset = await linkMailedTo(staffEmail, '/reset-password');
    secrets.push(tokenOf(reset));
    const resetPath = new URL(reset).pathname + new URL(reset).search;
    expect((await send('GET', resetPath, '/reset-password?token=[redacted]')).status).toBe(200);

    // Signing up, confirming and unsubscribing, through the emailed links.
    await send('POST', '/subscribe', '/subscribe', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ emailAddress: subscriberEmail, submitMethod: '2' }),
    });
    const confirm = await linkMailedTo(subscriberEmail, '/subscribe/confirm');
    const unsubscribe = await linkMailedTo(subscriberEmail, '/unsubscribe');
    secrets.push(tokenOf(confirm), tokenOf(unsubscribe));
    const confirmPath = new URL(confirm).pathname + new URL(confirm).search;
    const unsubscribePath = new URL(unsubscribe).pathname + new URL(unsubscribe).search;
    await send('GET', confirmPath, '/subscribe/confirm?token=[redacted]');
    await send('GET', unsubscribePath, '/unsubscribe?token=[redacted]');
    await send('POST', unsubscribePath, '/unsubscribe?token=[redacted]', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });

    // Booking a call, and opening its cancel link.
    const { date, slots } = await firstBookableDate(site.url);
    const booked = await postBooking(
      site.url,
      buildBookCallPayload(date, slots[0] as (typeof slots)[0], bookerEmail),
    );
    expect(booked.status).toBe(201);
    const cancel = await linkMailedTo(bookerEmail, '/bookings/cancel');
    secrets.push(tokenOf(cancel));
    const cancelPath = new URL(cancel).pathname + new URL(cancel).search;
    expect((await send('GET', cancelPath, '/bookings/cancel?token=[redacted]')).status).toBe(200);

    // The back office looking a subscriber up by address, and searching.
    const asStaff = { headers: { cookie: staff.cookies } };
    const byAddress = '/api/back-office/subscribers/a***@example.com';
    expect(
      (await send('GET', `/api/back-office/subscribers/${subscriberEmail}`, byAddress, asStaff)).status,
    ).toBe(200);
    await send('GET', '/api/back-office/subscribers/ann.lee%40example.com', byAddress, asStaff);
    await send(
      'GET',
      '/api/back-office/subscribers?q=ann.lee&status=confirmed',
      '/api/back-office/subscribers?q=[redacted]&status=confirmed',
      asStaff,
    );

    // A form post, one whose JSON breaks off after the visitor's name and address, and a path the
    // router cannot decode.
    const enquiry = await post(site, '/contact-us-send', { ...contact(enquirerEmail), recToken: 'unused' });
    expect(enquiry.status).toBe(201);
    secrets.push(
      'Amira',
      'Shah',
      'amira.shah',
      'ann.lee',
      'jane.doe',
      'morag.staff',
      'Please confirm',
      'Your call',
    );
    await send('POST', '/contact-us-send', '/contact-us-send', {
      headers: { 'content-type': 'application/json' },
      body: `{"name":"Amira Shah","emailAddress":"${enquirerEmail}"`,
    });
    const badUrl = await sendTo(site, `/api/back-office/subscribers/ann.lee%ZZ@example.com`, asStaff);
    expect(badUrl.status).toBe(400);
    // A Host header is the client's to write: an address in it is masked too.
    secrets.push('host.writer@example.com');
    await rawRequest(site.url, { path: '/healthz', headers: { host: 'host.writer@example.com' } });

    // Every email queued above has been written (and logged) before we read the log.
    await waitUntil(async () => {
      const pending = await site.db
        .selectFrom('outbox_messages')
        .select('id')
        .where('status', '!=', 'sent')
        .execute();
      return pending.length === 0;
    });
    expect((await mailWritten()).length).toBeGreaterThanOrEqual(6);

    const leaks = lines.flatMap((line) =>
      secrets
        .filter((secret) => line.toLowerCase().includes(secret.toLowerCase()))
        .map((s) => `${s} in ${line}`),
    );
    expect(leaks).toEqual([]);

    const logged = lines.map((line) => JSON.parse(line));
    // One line a request: what was asked, and how it ended.
    for (const { method, url, status } of expectedLines) {
      expect(logged).toContainEqual(
        expect.objectContaining({
          msg: 'request completed',
          req: expect.objectContaining({ method, url }),
          res: { statusCode: status, method, url },
          responseTime: expect.any(Number),
        }),
      );
    }
    expect(logged.filter((line) => line.msg === 'incoming request')).toEqual([]);
    // A path its router refused is never completed: the refusal is the request's line instead.
    expect(logged).toContainEqual(
      expect.objectContaining({
        code: 'FST_ERR_BAD_URL',
        msg: 'request refused',
        req: expect.objectContaining({ url: '/api/back-office/subscribers/a***@example.com' }),
      }),
    );
    expect(logged.filter((line) => line.msg === 'mail written to file').length).toBeGreaterThanOrEqual(6);
  });

  it('hold no visitor’s IP address in clear, only its /24 and a tag that follows that one visitor', async () => {
    const visitors = ['127.0.0.77', '127.0.0.78'];
    const before = lines.length;
    for (const from of visitors) {
      // A page, a refused form post and a back-office read: each kind of line a visitor causes.
      await rawRequest(site.url, { path: '/healthz', from });
      await rawRequest(site.url, {
        method: 'POST',
        path: '/subscribe',
        from,
        headers: { 'content-type': 'application/json' },
        body: '{"emailAddress":"not an address"}',
      });
      await rawRequest(site.url, { path: '/api/back-office/summary', from });
    }
    const written = lines.slice(before);
    for (const address of visitors) {
      expect(written.filter((line) => line.includes(address))).toEqual([]);
    }
    const tag = clientAddressTagger(site.config.sessionSecret);
    const requestLines = written.map((line) => JSON.parse(line)).filter((line) => line.req);
    expect(requestLines).toHaveLength(6);
    expect(requestLines.map((line) => line.req.remoteNetwork)).toEqual(Array(6).fill('127.0.0.0/24'));
    expect(requestLines.map((line) => line.req.remoteTag)).toEqual([
      ...Array(3).fill(tag('127.0.0.77')),
      ...Array(3).fill(tag('127.0.0.78')),
    ]);
    expect(tag('127.0.0.77')).not.toBe(tag('127.0.0.78'));
    expect(requestLines.some((line) => 'remoteAddress' in line.req || 'remotePort' in line.req)).toBe(false);
  });

  it('write one line for a page and none at info for the files it loads', async () => {
    const before = lines.length;
    const page = await sendTo(site, '/contact', { headers: { accept: 'text/html' } });
    const html = await page.text();
    const files = [...html.matchAll(/(?:src|href)="(\/(?:assets|theme\.css)[^"]*)"/g)].map(
      (match) => match[1] as string,
    );
    expect(files.length).toBeGreaterThanOrEqual(2);
    for (const file of files) await (await sendTo(site, file.replaceAll('&amp;', '&'))).arrayBuffer();
    const written = lines.slice(before).map((line) => JSON.parse(line));
    expect(written.map((line) => `${line.msg} ${line.req?.url}`)).toEqual(['request completed /contact']);
  });

  it('say once for each address, with PUBLIC_URL, when forms are refused from a page of this server at another address', async () => {
    const before = lines.length;
    const { port } = new URL(site.url);
    const lookalike = `http://127.0.0.1:${Number(port) === 9 ? 10 : 9}`;
    // A PUBLIC_URL with a typo: the browser is on the site's real name, which reaches this server.
    const realName = 'https://www.fenwickhale.co.uk';
    const posts = [
      { origin: lookalike },
      { origin: lookalike },
      { origin: realName, host: 'www.fenwickhale.co.uk' },
      { origin: 'https://elsewhere.example' },
    ];
    for (const { origin, host } of posts) {
      const answer = await rawRequest(site.url, {
        method: 'POST',
        path: '/subscribe',
        headers: { 'content-type': 'application/json', origin, ...(host && { host }) },
        body: JSON.stringify({ emailAddress: 'wrong.address@example.com', submitMethod: '2' }),
      });
      expect(answer.status).toBe(403);
    }
    const warnings = lines
      .slice(before)
      .map((line) => JSON.parse(line))
      .filter((line) => line.level === 40);
    expect(warnings).toEqual(
      [lookalike, realName].map((origin) =>
        expect.objectContaining({
          origin,
          publicUrl: new URL(site.url).origin,
          msg: expect.stringContaining('is PUBLIC_URL the address visitors use?'),
        }),
      ),
    );
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backOfficeApi } from '#shared/back-office.ts';
import { sha512Hex } from '#shared/password.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { caddyInstalled, type RunningCaddy, startCaddy } from '../support/caddy.ts';
import { type DatabaseKind, describeEachDatabase } from '../support/databases.ts';
import { freePort } from '../support/ports.ts';
import { rawRequest } from '../support/raw-http.ts';
import { createStaff } from '../support/staff.ts';

// Debian's Caddy runs deploy/Caddyfile's site block on loopback in front of the app, as production runs
// them on one machine: the app believes X-Forwarded-For from Caddy's address alone (TRUST_PROXY=127.0.0.1).
// Each visitor is a loopback address of its own (127.0.0.3, 127.0.0.4…), and Caddy connects to the app from
// 127.0.0.1, so the address the app records tells which one it believed.

const owner = { email: 'owner@fenwickhale.test', password: 'Correct1' };
const cookieName = (setCookie: string) => setCookie.split('=')[0];
const cookiePair = (setCookie: string) => setCookie.split(';')[0] as string;
const setCookies = (headers: Record<string, string | string[] | undefined>) =>
  [headers['set-cookie'] ?? []].flat();

// .ci/run installs Caddy; on a machine without it the suite says why it skipped rather than pass in silence.
const describeBehindCaddy = caddyInstalled
  ? describeEachDatabase
  : (title: string, suite: (database: DatabaseKind) => void) =>
      describe.skip(`${title} (skipped: Debian's caddy is not installed)`, () => suite('sqlite'));

describeBehindCaddy('behind Caddy with deploy/Caddyfile', (database) => {
  let site: TestApp;
  let caddy: RunningCaddy;

  beforeAll(async () => {
    // PUBLIC_URL is Caddy's address, known before either starts: https there turns on HSTS and __Host- cookies.
    const httpsPort = await freePort();
    site = await startTestApp({
      database,
      env: {
        PUBLIC_URL: `https://127.0.0.1:${httpsPort}`,
        TRUST_PROXY: '127.0.0.1',
        RATE_LIMIT_PER_MINUTE: '2',
      },
    });
    caddy = await startCaddy(new URL(site.url).host, httpsPort);
    await createStaff(site, owner.email, owner.password);
  });
  afterAll(async () => {
    await caddy?.stop();
    await site?.close();
  });

  /** A request through Caddy over https, from the loopback address `from`. */
  const throughCaddy = (
    from: string,
    path: string,
    init: { method?: string; headers?: Record<string, string>; body?: string } = {},
  ) => rawRequest(caddy.url, { path, ca: caddy.ca, from, ...init });

  /** A request straight to the app's port, skipping Caddy, from the loopback address `from`. */
  const straightToApp = async (
    from: string,
    path: string,
    init: { method?: string; headers?: Record<string, string>; body?: string } = {},
  ) => rawRequest(site.url, { path, from, ...init });

  type Send = typeof throughCaddy;

  /** Posts the sign-in form as the login page does (its form token first): the answer. */
  async function signIn(send: Send, from: string, password: string, headers: Record<string, string> = {}) {
    const tokenAnswer = await send(from, '/api/form-token', { headers });
    const cookie = cookiePair(setCookies(tokenAnswer.headers)[0] ?? '');
    const { token } = JSON.parse(tokenAnswer.body);
    return send(from, '/login', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: caddy.url,
        cookie,
        ...headers,
      },
      body: new URLSearchParams({
        emailAddress: owner.email,
        p: await sha512Hex(password),
        formToken: token,
      }).toString(),
    });
  }

  /** The addresses the audit log recorded for failed sign-ins on the owner's account, oldest first. */
  async function failedSignInAddresses(): Promise<string[]> {
    const signedIn = await signIn(throughCaddy, '127.0.0.8', owner.password);
    const session = setCookies(signedIn.headers).find((c) => c.startsWith('__Host-session='));
    if (!session) throw new Error(`The owner could not sign in through Caddy: ${signedIn.status}`);
    const answer = await throughCaddy('127.0.0.8', `${backOfficeApi}/audit-log?kind=sign-in`, {
      headers: { cookie: cookiePair(session) },
    });
    expect(answer.status).toBe(200);
    const { items } = JSON.parse(answer.body) as { items: { action: string; detail: string }[] };
    return items
      .filter((entry) => entry.action === 'sign-in.failed')
      .map((entry) => JSON.parse(entry.detail).ipAddress)
      .reverse();
  }

  it('answers over https with HSTS, redirects http to https, and sets __Host- cookies on sign-in', async () => {
    const page = await throughCaddy('127.0.0.3', '/', { headers: { 'accept-encoding': 'br' } });
    expect(page.status).toBe(200);
    expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    // The app's own compression comes through as it is: Caddy adds none (deploy/Caddyfile says why).
    expect(page.headers['content-encoding']).toBe('br');

    const plain = await rawRequest(caddy.httpUrl, { method: 'GET', path: '/contact' });
    expect(plain.status).toBe(308);
    expect(plain.location).toMatch(/^https:\/\/127\.0\.0\.1(:\d+)?\/contact$/);

    const answer = await signIn(throughCaddy, '127.0.0.3', owner.password);
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe('/back-office');
    expect(answer.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const session = setCookies(answer.headers).find((c) => cookieName(c) === '__Host-session') ?? '';
    expect(session).toMatch(/; Path=\//);
    expect(session).toMatch(/; Secure/);
    expect(session).toMatch(/; HttpOnly/);
    expect(session).not.toMatch(/; Domain=/);
    const tokenAnswer = await throughCaddy('127.0.0.3', '/api/form-token');
    expect(setCookies(tokenAnswer.headers).map(cookieName)).toEqual(['__Host-form-token']);
  });

  it("records the visitor address Caddy saw, not Caddy's nor one the visitor wrote in X-Forwarded-For", async () => {
    const through = await signIn(throughCaddy, '127.0.0.4', 'Wrong111', { 'x-forwarded-for': '6.6.6.6' });
    expect(through.headers.location).toBe('/login?notice=sign-in-failed');
    const direct = await signIn(straightToApp, '127.0.0.2', 'Wrong111', { 'x-forwarded-for': '6.6.6.6' });
    expect(direct.headers.location).toBe('/login?notice=sign-in-failed');
    expect(await failedSignInAddresses()).toEqual(['127.0.0.4', '127.0.0.2']);
  });

  /** A post to /subscribe: whether the rate limit (2 a minute here) turned it away. */
  const limited = async (answer: Promise<{ status: number }>) => (await answer).status === 429;
  const subscribe = { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' };

  it('rate-limits each visitor Caddy forwards for on its own', async () => {
    const first = [];
    for (let i = 0; i < 3; i++) first.push(await limited(throughCaddy('127.0.0.5', '/subscribe', subscribe)));
    expect(first).toEqual([false, false, true]);
    expect(await limited(throughCaddy('127.0.0.6', '/subscribe', subscribe))).toBe(false);
  });

  it('counts a client that reaches the app directly at its own address, whatever X-Forwarded-For it sends', async () => {
    const answers = [];
    for (const claimed of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
      const headers = { ...subscribe.headers, 'x-forwarded-for': claimed };
      answers.push(await limited(straightToApp('127.0.0.7', '/subscribe', { ...subscribe, headers })));
    }
    expect(answers).toEqual([false, false, true]);
  });
});

import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
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
// them on one machine: the app listens on a Unix socket (HOST=unix:PATH, as deploy/practice-site.service and
// deploy/compose.yaml set it) that only its own group can connect to, so its one peer is Caddy, whose
// X-Forwarded-For it believes. Each visitor is a loopback address of its own (127.0.0.3, 127.0.0.4…), so
// the address the app records tells which one it believed.

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
  let socketDir: string;

  beforeAll(async () => {
    // PUBLIC_URL is Caddy's address, known before either starts: https there turns on HSTS and __Host- cookies.
    const httpsPort = await freePort();
    socketDir = mkdtempSync(path.join(tmpdir(), 'practice-site-socket-'));
    site = await startTestApp({
      database,
      env: {
        PUBLIC_URL: `https://127.0.0.1:${httpsPort}`,
        HOST: `unix:${socketDir}/app.sock`,
        RATE_LIMIT_PER_MINUTE: '2',
      },
    });
    // Caddy's spelling of a Unix socket upstream, as deploy/Caddyfile's default has it.
    caddy = await startCaddy(`unix/${socketDir}/app.sock`, httpsPort);
    await createStaff(site, owner.email, owner.password);
  });
  afterAll(async () => {
    await caddy?.stop();
    await site?.close();
    rmSync(socketDir, { recursive: true, force: true });
  });

  /** A request through Caddy over https, from the loopback address `from`. */
  const throughCaddy = (
    from: string,
    path: string,
    init: { method?: string; headers?: Record<string, string>; body?: string } = {},
  ) => rawRequest(caddy.url, { path, ca: caddy.ca, from, ...init });

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
    expect(await failedSignInAddresses()).toEqual(['127.0.0.4']);
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

  it('listens on no port, only on a socket its owner and group alone can connect to', async () => {
    const socket = `${socketDir}/app.sock`;
    expect(site.url).toBe(`unix:${socket}`);
    expect(statSync(socket).isSocket()).toBe(true);
    expect(statSync(socket).mode & 0o777).toBe(0o660);
    expect(statSync(socket).gid).toBe(process.getgid?.());
  });
});

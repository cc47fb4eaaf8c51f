import http from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { noAccountSubject } from '#shared/audit.ts';
import { buildBookCallPayload } from '#shared/booking.ts';
import { sha512Hex } from '#shared/password.ts';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { freeSlots, postBooking } from '#tests/support/booking.ts';
import { describeEachDatabase } from '#tests/support/databases.ts';
import { rawRequest } from '#tests/support/raw-http.ts';
import { backOfficeClient, formToken, signedInStaff } from '#tests/support/staff.ts';
import { clientAddressTagger } from '../logging/client-address.ts';

// A proxy that appends to X-Forwarded-For (nginx's $proxy_add_x_forwarded_for, Caddy) passes on whatever
// the visitor wrote before the address it saw. These requests carry what such a proxy would forward.

/** A wrong password for `email` posted to /login, from the local address `from`, with these headers. */
async function failSignIn(site: TestApp, email: string, headers: Record<string, string>, from = '127.0.0.1') {
  const { cookie, token } = await formToken(site);
  const agent = new http.Agent({ localAddress: from });
  try {
    const answer = await rawRequest(site.url, {
      method: 'POST',
      path: '/login',
      agent,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: site.url,
        cookie,
        ...headers,
      },
      body: new URLSearchParams({
        emailAddress: email,
        p: await sha512Hex('Wrong111'),
        formToken: token,
      }).toString(),
    });
    return answer.location;
  } finally {
    agent.destroy();
  }
}

/** The address the audit log recorded for each failed sign-in with an address that has no account, oldest first. */
async function auditedAddresses(site: TestApp): Promise<string[]> {
  const staff = backOfficeClient(site, await signedInStaff(site, `reader.${Date.now()}@fenwickhale.test`));
  const { items } = (await staff.json('/audit-log?kind=sign-in')) as {
    items: { action: string; subject: string; detail: string }[];
  };
  return items
    .filter((entry) => entry.action === 'sign-in.failed' && entry.subject === noAccountSubject)
    .map((entry) => JSON.parse(entry.detail).ipAddress)
    .reverse();
}

describeEachDatabase('TRUST_PROXY=true: one proxy in front', (database) => {
  const lines: string[] = [];
  let site: TestApp;

  beforeAll(async () => {
    site = await startTestApp({
      database,
      env: {
        TRUST_PROXY: 'true',
        LOG_LEVEL: 'info',
        RATE_LIMIT_PER_MINUTE: '1000',
        MEETING_URL: 'https://zoom.us/my/fenwickhale',
      },
      logStream: { write: (line: string) => void lines.push(line) },
    });
  });
  afterAll(() => site?.close());

  it('takes the address the proxy saw, not the one the visitor wrote before it, in the audit log and the request log', async () => {
    const location = await failSignIn(site, 'nobody@fenwickhale.test', {
      'x-forwarded-for': '6.6.6.6, 127.0.0.9',
    });
    expect(location).toBe('/login?notice=sign-in-failed');
    const logged = lines
      .map((line) => JSON.parse(line))
      .filter((line) => line.msg === 'request completed' && line.req.url === '/login');
    // The log keeps the visitor's network and tag (logging/client-address.ts), not the proxy's port.
    const tag = clientAddressTagger(site.config.sessionSecret);
    expect(logged.map((line) => line.req)).toEqual([
      {
        method: 'POST',
        url: '/login',
        host: new URL(site.url).host,
        remoteNetwork: '127.0.0.0/24',
        remoteTag: tag('127.0.0.9'),
      },
    ]);
    expect(tag('127.0.0.9')).not.toBe(tag('6.6.6.6'));
    expect(await auditedAddresses(site)).toEqual(['127.0.0.9']);
  });

  it('holds the daily booking cap for one address, whatever it forges before it', async () => {
    const slots = await freeSlots(site.url, 6);
    const statuses = [];
    for (const [i, { date, slot }] of slots.entries()) {
      const answer = await postBooking(site.url, buildBookCallPayload(date, slot, `forger${i}@example.com`), {
        'x-forwarded-for': `6.6.6.${i}, 127.0.0.9`,
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 429, 429]);
  });
});

describeEachDatabase('TRUST_PROXY listing the proxies', (database) => {
  let site: TestApp;

  beforeAll(async () => {
    // The proxy is 127.0.0.2; the tests' own requests come from 127.0.0.1 unless they bind it.
    site = await startTestApp({ database, env: { TRUST_PROXY: '127.0.0.2', RATE_LIMIT_PER_MINUTE: '1000' } });
  });
  afterAll(() => site?.close());

  it('ignores X-Forwarded-For from any other peer, and reads it from the proxy', async () => {
    const email = 'nobody@fenwickhale.test';
    const forged = { 'x-forwarded-for': '6.6.6.6' };
    expect(await failSignIn(site, email, forged)).toBe('/login?notice=sign-in-failed');
    const viaProxy = { 'x-forwarded-for': '6.6.6.6, 203.0.113.9' };
    expect(await failSignIn(site, email, viaProxy, '127.0.0.2')).toBe('/login?notice=sign-in-failed');
    expect(await auditedAddresses(site)).toEqual(['127.0.0.1', '203.0.113.9']);
  });

  it('takes an entry that is not an address as forged: the address right of it, or the proxy’s own', async () => {
    const email = 'nobody@fenwickhale.test';
    const before = (await auditedAddresses(site)).length;
    for (const forwarded of [
      'garbage',
      '203.0.113.9, garbage',
      'garbage, 203.0.113.10',
      '203.0.113.11:4000',
    ]) {
      await failSignIn(site, email, { 'x-forwarded-for': forwarded }, '127.0.0.2');
    }
    expect((await auditedAddresses(site)).slice(before)).toEqual([
      '127.0.0.2',
      '127.0.0.2',
      '203.0.113.10',
      '203.0.113.11:4000',
    ]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { send } from '#tests/support/http.ts';

// The form rate limit counts a network as the booking cap and the sign-in throttle do: an IPv6 /64 as one
// address, an IPv4-mapped address as its IPv4 one. The addresses come through a trusted proxy hop. The
// limit is kept in memory, so one database is enough.

describe('the form rate limit', () => {
  let site: TestApp;
  beforeAll(async () => {
    site = await startTestApp({ env: { TRUST_PROXY: 'true', RATE_LIMIT_PER_MINUTE: '2' } });
  });
  afterAll(() => site?.close());

  /** A post to /subscribe from `ip`: whether it was turned away by the rate limit. */
  const limited = async (ip: string) => {
    const response = await send(site, `/subscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: '{}',
    });
    await response.arrayBuffer();
    return response.status === 429;
  };

  it('counts the addresses of one IPv6 /64 as one', async () => {
    const fresh = ['2001:db8:9::1', '2001:db8:9::2', '2001:db8:9:0:ffff::3'];
    const answers = [];
    for (const ip of fresh) answers.push(await limited(ip));
    expect(answers).toEqual([false, false, true]);
    expect(await limited('2001:db8:a::1')).toBe(false);
  });

  it('counts an IPv4-mapped address as its IPv4 one', async () => {
    const spellings = ['198.51.100.7', '::ffff:198.51.100.7', '::ffff:c633:6407'];
    const answers = [];
    for (const ip of spellings) answers.push(await limited(ip));
    expect(answers).toEqual([false, false, true]);
    expect(await limited('198.51.100.8')).toBe(false);
  });
});

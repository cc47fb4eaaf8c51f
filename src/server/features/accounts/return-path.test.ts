import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { describeEachDatabase } from '#tests/support/databases.ts';
import { send } from '#tests/support/http.ts';
import { notice, signInFrom } from '#tests/support/sign-in-requests.ts';
import { createStaff } from '#tests/support/staff.ts';

// Signing in again returns to the back-office page the login page was opened from, and never anywhere
// else: /login must not become an open redirect for a link someone else crafted.

const hostileNextValues = [
  'https://evil.example/back-office',
  'http://127.0.0.1/back-office',
  '//evil.example',
  '//evil.example/back-office',
  '/\\evil.example',
  '\\\\evil.example',
  '/%2F%2Fevil.example',
  '/%2f%2fevil.example',
  '/%5Cevil.example',
  '/%252F%252Fevil.example',
  '/back-office/..//evil.example',
  '/back-office/%2E%2E/%2E%2E//evil.example',
  '/back-office%2F..%2F..%2F%2Fevil.example',
  '/back-office/%2F%2Fevil.example',
  '/back-office/%5C%5Cevil.example',
  '/back-office\\@evil.example',
  '/back-office/\\evil.example',
  '/back-office@evil.example',
  '/back-office.evil.example',
  '/back-officer',
  '/back-office\t//evil.example',
  '/back-office/%0d%0aSet-Cookie:%20session=x',
  '/back-office/\r\nLocation: https://evil.example',
  '/back-office/%00',
  '/back-office/%E0%A4%A',
  ' /back-office',
  'back-office',
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  '/login',
  '/',
  '',
  `/back-office/${'a'.repeat(2100)}`,
];

describeEachDatabase('returning to the page after signing in', (database) => {
  let site: TestApp;

  beforeAll(async () => {
    site = await startTestApp({ database, env: { RATE_LIMIT_PER_MINUTE: '1000', TRUST_PROXY: 'true' } });
    await createStaff(site, 'jon@fenwickhale.test', 'Correct1');
  });
  afterAll(async () => site?.close());

  const signIn = (password: string, next: string, ip = '10.9.0.1') =>
    signInFrom(site, 'jon@fenwickhale.test', password, ip, { next });

  it('sends a signed-out visitor of a back-office page to the login page with that page as next', async () => {
    const page = await send(site, '/back-office/contact-enquiries?stage=new&q=ann%20lee', {
      redirect: 'manual',
    });
    expect(page.status).toBe(303);
    expect(page.headers.get('location')).toBe(
      `/login?next=${encodeURIComponent('/back-office/contact-enquiries?stage=new&q=ann%20lee')}`,
    );
    const overview = await send(site, '/back-office', { redirect: 'manual' });
    expect(overview.headers.get('location')).toBe('/login');
  });

  it('signs in to the back-office page next names, with its query, and keeps next through a failed try', async () => {
    const next = '/back-office/contact-enquiries/CE-123?tab=notes';
    expect(notice(await signIn('Correct1', next))).toBe(next);
    expect(notice(await signIn('Wrong111', next))).toBe(
      `/login?notice=sign-in-failed&next=${encodeURIComponent(next)}`,
    );
    expect(notice(await signIn('Correct1', '/back-office'))).toBe('/back-office');
    expect(notice(await signIn('Correct1', '/back-office/calls?from=2026-11-22'))).toBe(
      '/back-office/calls?from=2026-11-22',
    );
  });

  it('is not an open redirect: any next that is not plainly a back-office path lands on the back office', async () => {
    for (const next of hostileNextValues) {
      const answer = await signIn('Correct1', next);
      expect(answer.status, JSON.stringify(next)).toBe(303);
      expect(notice(answer), JSON.stringify(next)).toBe('/back-office');
    }
    // A failed try with a hostile next is sent back to the login page without it.
    expect(notice(await signIn('Wrong111', '//evil.example', '10.9.0.2'))).toBe(
      '/login?notice=sign-in-failed',
    );
  });
});

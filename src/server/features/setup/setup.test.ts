import { afterAll, beforeAll, expect, it } from 'vitest';
import { unescapeHtml } from '#shared/html.ts';
import { sha512Hex } from '#shared/password.ts';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { describeEachDatabase } from '#tests/support/databases.ts';
import { obrienAndMarsh } from '#tests/support/firms.ts';
import { send } from '#tests/support/http.ts';
import { backOfficeClient, formToken, signInThroughLogin } from '#tests/support/staff.ts';
import { openSetup } from './setup-tokens.ts';

describeEachDatabase('a site on its first run', (database) => {
  let site: TestApp;
  beforeAll(async () => {
    site = await startTestApp({ database, firm: 'none' });
  });
  afterAll(() => site?.close());

  const page = (path: string) => send(site, path, { headers: { accept: 'text/html' } });
  const post = (path: string, fields: Record<string, string>) =>
    send(site, path, {
      method: 'POST',
      redirect: 'manual',
      headers: { origin: site.url },
      body: new URLSearchParams(fields),
    });
  const tokenOf = (link: string | null) => new URL(link ?? '').searchParams.get('token') ?? '';
  const rows = async (table: 'users' | 'enquiries' | 'setup_tokens') =>
    (
      await site.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;

  it('shows visitors no firm: every page, form and unknown address says it is being set up', async () => {
    for (const path of [
      '/',
      '/contact',
      '/privacy',
      '/insights',
      '/insights/feed.xml',
      '/sitemap.xml',
      '/nowhere',
    ]) {
      const answer = await page(path);
      expect(answer.status, path).toBe(503);
      expect(answer.headers.get('x-robots-tag'), path).toBe('noindex');
      const text = await answer.text();
      expect(text, path).toContain('This website is being set up');
      expect(text, path).not.toMatch(/Fenwick|Shrewsbury/);
    }
    const enquiry = await send(site, '/contact-us-send', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: site.url },
      body: JSON.stringify({ name: 'Ann', email: 'ann@example.test', message: 'Hello' }),
    });
    expect(enquiry.status).toBe(503);
    expect((await enquiry.json()).errorMessages).toEqual([
      'This website is being set up. Please come back soon.',
    ]);
    expect(Number(await rows('enquiries'))).toBe(0);
  });

  it('keeps open what staff need to set it up, named after its address alone', async () => {
    const login = await page('/login');
    expect(login.status).toBe(200);
    const text = unescapeHtml(await login.text());
    expect(text).toContain('<span>127.0.0.1</span>');
    expect(text).not.toMatch(/Fenwick|Shrewsbury|logo\.svg/);
    expect((await send(site, '/healthz')).status).toBe(200);
    expect((await send(site, '/favicon.ico')).status).toBe(200);
    expect((await send(site, '/api/form-token')).status).toBe(200);
  });

  it('makes the first owner only with a printed link, once, and never for whoever arrives first', async () => {
    const link = await openSetup(site.db, new URL(site.url), new Date());
    const other = await openSetup(site.db, new URL(site.url), new Date());
    const token = tokenOf(link);
    expect((await page('/setup')).status).toBe(403);
    expect((await page(`/setup?token=${'x'.repeat(43)}`)).status).toBe(403);
    expect(
      (await post('/setup', { token: 'x'.repeat(43), emailAddress: 'intruder@example.test' })).status,
    ).toBe(403);
    expect(Number(await rows('users'))).toBe(0);

    const form = await page(`/setup?token=${token}`);
    expect(form.status).toBe(200);
    expect(await form.text()).toContain('Your email address');
    const wrongAddress = await post('/setup', {
      token,
      yourName: '',
      emailAddress: 'not an address',
      emailAgain: 'not an address',
    });
    expect(wrongAddress.status).toBe(422);
    const refused = unescapeHtml(await wrongAddress.text());
    expect(refused).toContain('Enter a name');
    expect(refused).toContain('value="not an address"');
    expect(refused.match(/aria-invalid="true"/g)).toHaveLength(2);
    const slip = await post('/setup', {
      token,
      yourName: 'Pat O’Brien',
      emailAddress: 'partner@obrienmarsh.example',
      emailAgain: 'partner@obrienmarhs.example',
    });
    expect(slip.status).toBe(422);
    const slipPage = unescapeHtml(await slip.text());
    expect(slipPage).toContain('The two addresses differ');
    expect(slipPage).toContain('value="Pat O’Brien"');
    expect(Number(await rows('users'))).toBe(0);

    const made = await post('/setup', {
      token,
      yourName: ' Pat O’Brien ',
      emailAddress: 'Partner@ObrienMarsh.example',
      emailAgain: 'partner@obrienmarsh.example',
    });
    expect(made.status).toBe(303);
    const choose = new URL(made.headers.get('location') ?? '');
    expect(choose.pathname).toBe('/reset-password');
    // Every other printed link went with it, and the page is no longer there.
    expect(
      (await post('/setup', { token: tokenOf(other), emailAddress: 'second@example.test' })).status,
    ).toBe(404);
    expect((await page(`/setup?token=${token}`)).status).toBe(404);
    expect(Number(await rows('setup_tokens'))).toBe(0);
    expect(await openSetup(site.db, new URL(site.url), new Date())).toBeNull();
    const users = await site.db.selectFrom('users').select(['email', 'name', 'role']).execute();
    expect(users).toEqual([{ email: 'partner@obrienmarsh.example', name: 'Pat O’Brien', role: 'owner' }]);

    // The owner chooses a password on the invitation's page, signs in, and sets the firm up.
    const { cookie, token: form2 } = await formToken(site);
    const chosen = await send(site, '/reset-password', {
      method: 'POST',
      redirect: 'manual',
      headers: { origin: site.url, cookie },
      body: new URLSearchParams({
        token: choose.searchParams.get('token') ?? '',
        p: await sha512Hex('A long first password'),
        formToken: form2,
      }),
    });
    expect(chosen.status).toBe(303);
    const owner = backOfficeClient(
      site,
      await signInThroughLogin(site, 'partner@obrienmarsh.example', 'A long first password'),
    );
    expect((await owner.send('/firm', { details: obrienAndMarsh, basedOn: null }, 'PUT')).status).toBe(200);
    const home = await page('/');
    expect(home.status).toBe(200);
    expect(unescapeHtml(await home.text())).toContain('O’Brien & Marsh');
  });
});

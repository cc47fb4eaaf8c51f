import { execFileSync } from 'node:child_process';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { firmMessages } from '#shared/api/back-office-firm.ts';
import { logoMessages } from '#shared/firm-pictures.ts';
import { unescapeHtml } from '#shared/html.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { setUpSiteInBrowser } from '../support/browser.ts';
import { sitePagePaths } from '../support/built-pages.ts';
import { contact, post } from '../support/enquiries.ts';
import { obrienAndMarsh } from '../support/firms.ts';
import { send } from '../support/http.ts';
import { signedInApi, signIn } from '../support/signed-in.ts';
import { backOfficeClient } from '../support/staff.ts';
import { waitUntil } from '../support/wait.ts';

// A firm makes the site its own without a developer, and an upgrade never touches it (issue 33's "Done
// when"): on a site already set up for O'Brien & Marsh (Leeds) Ltd, a new owner renames the firm and
// changes its phone, colours, logo and reply promise in Chromium. A second instance on the same database
// then shows the new firm everywhere within seconds, and no file of the checkout changed.

const t = setUpSiteInBrowser({ firm: 'none' });
let second: TestApp;
const checkoutStatus = () => execFileSync('git', ['status', '--porcelain'], { encoding: 'utf8' });
let statusBefore: string;

beforeAll(async () => {
  statusBefore = checkoutStatus();
  const setUp = backOfficeClient(t.site, await signedInApi(t.site, 'partner@obrienmarsh.example'));
  expect((await setUp.send('/firm', { details: obrienAndMarsh, basedOn: null }, 'PUT')).status).toBe(200);
  second = await startTestApp({ databaseUrl: t.site.databaseUrl, env: { SMTP_URL: t.site.smtp.url } });
});
afterAll(() => second?.close());

const renamed = {
  name: 'Pryce & Okafor',
  legalName: 'Pryce & Okafor Chartered Accountants LLP',
  phone: '0113 496 0777',
  replyPromise: 'four working hours',
  brand: '#5b2a86',
  accent: '#2a6b3f',
};
const logo =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="#5b2a86"/><circle cx="32" cy="32" r="14" fill="#fff"/></svg>';

/** A page of the second instance as a reader sees its words. */
const words = async (path: string) =>
  unescapeHtml(
    (await (await send(second, path, { headers: { accept: 'text/html' } })).text()).replaceAll(
      '<!-- -->',
      '',
    ),
  );
const bytes = async (path: string) => Buffer.from(await (await send(second, path)).arrayBuffer());

it('a new owner renames the firm and changes its phone, colours, logo and promise; every page, picture, email and consent on another instance follows', async () => {
  const iconBefore = await bytes('/favicon.ico');
  const shareBefore = /<meta property="og:image" content="[^"]*(\/share\.png\?v=[^"]+)">/.exec(
    await words('/'),
  )?.[1] as string;

  const page = t.page;
  await signIn(page, t.site, 'new.owner@obrienmarsh.example', 'owner', '/back-office/firm');
  await page.getByRole('heading', { name: 'Firm details', level: 1 }).waitFor();
  const fill = (label: string, value: string) => page.getByLabel(label, { exact: true }).fill(value);
  await fill('Trading name', renamed.name);
  await fill('Legal name', renamed.legalName);
  await fill('Phone', renamed.phone);
  await fill('How soon you reply', renamed.replyPromise);
  await fill('Sender name', renamed.name);
  await fill('Main colour', renamed.brand);
  await fill('Accent colour', renamed.accent);
  await page.getByRole('button', { name: 'Save firm details' }).click();
  await page.getByRole('status').getByText(firmMessages.saved).waitFor();
  // The back office itself follows at once, without a reload: its tab, its header and its colours.
  await expect.poll(() => page.title()).toBe(`Firm details | Back office | ${renamed.name}`);
  await page.getByRole('banner').getByText(renamed.name, { exact: true }).waitFor();
  await expect
    .poll(() =>
      page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-brand')),
    )
    .toBe(renamed.brand);
  const logoSection = page.getByRole('region', { name: 'Logo' });
  await logoSection
    .getByLabel('Logo file (SVG or PNG, up to 1 MB)')
    .setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(logo) });
  await logoSection.getByRole('button', { name: 'Upload logo' }).click();
  await logoSection.getByRole('status').getByText(logoMessages.saved).waitFor();

  // The second instance follows within seconds, with no restart.
  await waitUntil(async () => (await words('/')).includes('/logo?v='), {
    timeoutMs: 10_000,
    what: () => 'the second instance to show the new logo',
  });
  for (const path of sitePagePaths.filter((path) => !['/back-office', '/reset-password'].includes(path))) {
    const text = await words(path === '/404' ? '/no-such-page' : path);
    expect(text, path).toContain(renamed.name);
    for (const old of ['O’Brien', "O'Brien", '0113 496 0000', 'two working hours'])
      expect(text, path).not.toContain(old);
    expect(text, path).toContain(`/theme.css?v=${renamed.brand.slice(1)}${renamed.accent.slice(1)}-`);
  }
  const home = await words('/');
  const structured = JSON.parse(
    /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(home)?.[1] ?? '',
  );
  expect(structured).toMatchObject({
    name: renamed.name,
    legalName: renamed.legalName,
    telephone: '+441134960777',
    logo: expect.stringMatching(/\/logo\?v=[0-9a-f]{16}$/),
  });
  expect(await words('/contact')).toContain(`We reply within ${renamed.replyPromise}`);

  // The icons and the sharing picture are made from the new logo and colours.
  expect(await bytes('/favicon.ico')).not.toEqual(iconBefore);
  const shareAfter = /<meta property="og:image" content="[^"]*(\/share\.png\?v=[^"]+)">/.exec(
    home,
  )?.[1] as string;
  expect(shareAfter).not.toBe(shareBefore);
  const share = await sharp(await bytes(shareAfter))
    .raw()
    .toBuffer({ resolveWithObject: true });
  // Its top-left corner is the new main colour.
  expect([...share.data.subarray(0, 3)]).toEqual([0x5b, 0x2a, 0x86]);

  // An email the second instance sends, and the consent it stores for a new sign-up, name the new firm.
  const visitor = 'amira.shah@example.com';
  expect((await post(second, '/contact-us-send', { ...contact(visitor), recToken: 'none' })).status).toBe(
    201,
  );
  const acknowledgement = await t.site.smtp.waitFor((mail) => mail.to.includes(visitor));
  expect(acknowledgement.parsed.from?.name).toBe(renamed.name);
  const email = unescapeHtml(`${acknowledgement.parsed.text}${acknowledgement.parsed.html}`);
  expect(email).toContain(renamed.legalName);
  expect(email).toContain(`within ${renamed.replyPromise}`);
  expect(email).toContain(`color:${renamed.brand}`);
  expect(email).not.toMatch(/O’Brien|O'Brien/);
  expect((await post(second, '/subscribe', { emailAddress: 'reader@example.com', contact1: '2' })).ok).toBe(
    true,
  );
  const consent = await second.db
    .selectFrom('subscriber_consents')
    .innerJoin('subscribers', 'subscribers.id', 'subscriber_consents.subscriber_id')
    .select('wording')
    .where('email', '=', 'reader@example.com')
    .executeTakeFirstOrThrow();
  expect(consent.wording).toMatch(new RegExp(`^Yes, send me the ${renamed.name} newsletter`));

  // The firm lives in the database: no tracked file of the checkout changed.
  expect(checkoutStatus()).toBe(statusBefore);
  expect(t.errors).toEqual([]);
});

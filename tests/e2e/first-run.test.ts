import { expect, it } from 'vitest';
import { openSetup } from '#server/features/setup/index.ts';
import { setupMessages } from '#shared/api/setup.ts';
import { accessibilityViolations } from '../support/accessibility.ts';
import { hydrated, setUpSiteInBrowser } from '../support/browser.ts';

// A firm's first hour on a new site, in Chromium: visitors meet a page saying it is being set up; the
// partner opens the link the site printed, makes their account, chooses a password, signs in, and the
// overview takes them through the rest.
const t = setUpSiteInBrowser({ firm: 'none' });

it('a partner sets up a new site from the printed link, and the overview’s checklist takes them through the rest', async () => {
  const page = t.page;
  await page.goto(t.site.url);
  await page.getByRole('heading', { name: 'This website is being set up' }).waitFor();

  const link = await openSetup(t.site.db, new URL(t.site.url), new Date());
  await page.goto(link ?? '');
  await page.getByRole('heading', { name: 'Set up this website', level: 1 }).waitFor();
  expect(await accessibilityViolations(page)).toEqual([]);
  // No menu, footer links or newsletter form: every one would lead to "being set up".
  expect(await page.getByRole('navigation').count()).toBe(0);
  expect(await page.locator('footer').count()).toBe(0);
  await page.getByLabel('Your name').fill('Pat O’Brien');
  await page.getByLabel('Your email address').fill('partner@obrienmarsh.example');
  await page.getByLabel('The same address again').fill('partner@obrienmarsh.example');
  await page.getByRole('button', { name: 'Make my account' }).click();

  // The password page scrambles the password before sending it, once its script has taken over.
  await page.waitForURL('**/reset-password?token=*');
  await hydrated(page);
  const form = page.locator('form.account-form');
  await form.getByLabel('New password', { exact: true }).fill('Ledger2026!');
  await form.getByLabel('Confirm the new password').fill('Ledger2026!');
  await form.getByRole('button', { name: 'Set the new password' }).click();
  await page.waitForURL('**/login?notice=password-changed');
  await hydrated(page);
  await form.getByLabel('Email address').fill('partner@obrienmarsh.example');
  await form.getByLabel('Password', { exact: true }).fill('Ledger2026!');
  await form.getByRole('button', { name: 'Sign in' }).click();

  const checklist = page.getByRole('region', { name: 'Setting up your website' });
  await checklist.waitFor();
  await page.getByText('Signed in as Pat O’Brien').waitFor();
  await hydrated(page);
  expect(await checklist.getByRole('heading', { level: 3 }).allTextContents()).toEqual([
    'Your firm’s details (to do)',
    'An adviser who takes calls (to do)',
    'A test email (to do)',
    'The bot check (to do)',
    'Backups (to do)',
  ]);
  expect(await accessibilityViolations(page)).toEqual([]);

  // The test email travels as every email does, to the owner's own address.
  await checklist.getByRole('button', { name: 'Send me a test email' }).click();
  await checklist
    .getByRole('status')
    .getByText(setupMessages.testEmailSent('partner@obrienmarsh.example'))
    .waitFor();
  const mail = await t.site.smtp.waitFor((m) => m.to.includes('partner@obrienmarsh.example'));
  expect(mail.parsed.subject).toBe('A test email from the 127.0.0.1 website');
  await checklist.getByRole('button', { name: 'It arrived' }).click();
  await checklist.getByRole('heading', { name: 'A test email (done)' }).waitFor();

  // The first step's link opens the firm's details, which the public pages wait for.
  await checklist.getByRole('link', { name: 'Open Firm details' }).click();
  await page.getByRole('heading', { name: 'Firm details', level: 1 }).waitFor();
  // The browser logs the being-set-up page's own status; nothing else may fail.
  expect(t.errors).toEqual([
    'Failed to load resource: the server responded with a status of 503 (Service Unavailable)',
  ]);
});

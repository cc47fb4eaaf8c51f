import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { draftRestoredMessage } from '#client/features/back-office/drafts.ts';
import { backOfficeMessages } from '#shared/back-office.ts';
import { returnNotice } from '#shared/return-path.ts';
import { accessibilityViolations } from '../support/accessibility.ts';
import { hydrated, setUpSiteInBrowser } from '../support/browser.ts';
import { contact } from '../support/enquiries.ts';
import { send } from '../support/http.ts';
import { fixturePassword, signIn, staffMember } from '../support/signed-in.ts';
import { formToken } from '../support/staff.ts';

// When the session ends mid-task, nothing typed is lost: signing in again returns to the page, and what
// was being typed on it (a note, the availability settings) is still there, for that person only; on a
// phone too. Signing in again goes through the login page's form here: returning to the page is its work.

const t = setUpSiteInBrowser();
const staffEmail = 'partner@fenwickhale.test';
const colleagueEmail = 'colleague@fenwickhale.test';
const password = fixturePassword;

/**
 * Fills in and sends the login page's form once its script runs (sent before, the form is refused as sent
 * without one, and the page to return to, which the script reads from the address, is lost), and waits to
 * land on `landing`.
 */
async function signInOnLoginPage(page: Page, landing: string, email = staffEmail) {
  await hydrated(page);
  const form = page.locator('form.account-form');
  await form.getByLabel('Email address').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(landing);
}

/** Signs out the page's session from elsewhere (as from another browser), leaving its cookie behind. */
async function endSessionElsewhere(page: Page) {
  const session = (await page.context().cookies()).find((cookie) => cookie.name === 'session');
  if (!session) throw new Error('The page is not signed in');
  const { cookie, token } = await formToken(t.site);
  const answer = await send(t.site, '/logout', {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: t.site.url,
      cookie: `${cookie}; session=${session.value}`,
    },
    body: new URLSearchParams({ formToken: token }),
  });
  expect(answer.headers.get('location')).toBe('/login?notice=signed-out');
}

/** A new contact enquiry from `email`, opened on its lead page by a signed-in partner: that page's address. */
async function openNewLead(page: Page, email: string) {
  const sent = await send(t.site, '/contact-us-send', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...contact(email), recToken: 'none' }),
  });
  expect(sent.status).toBe(201);
  await signIn(page, t.site, staffEmail, 'owner', '/back-office/contact-enquiries');
  await page
    .getByRole('row', { name: new RegExp(email) })
    .getByRole('link')
    .click();
  await page.getByRole('heading', { name: 'Contact enquiry from Amira Shah' }).waitFor();
  return page.url();
}

describe('nothing typed is lost when the session ends, in Chromium', () => {
  beforeAll(async () => {
    for (const email of [staffEmail, colleagueEmail]) {
      await staffMember(t.site, email);
    }
  });

  it('a note being typed survives the session ending, and signing in returns to the lead', async () => {
    const page = t.page;
    const width = 1280;
    const leadPage = await openNewLead(page, `draft.${width}@example.test`);
    const note = `Rang at ${width}: wants a quote for payroll, call back Tuesday`;
    await page.getByLabel('Add a note').fill(note);

    await endSessionElsewhere(page);
    await page.getByRole('button', { name: 'Add note' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('next')).toBe(new URL(leadPage).pathname);
    expect(await accessibilityViolations(page)).toEqual([]);

    await signInOnLoginPage(page, leadPage);
    await page.getByRole('heading', { name: 'Contact enquiry from Amira Shah' }).waitFor();
    await expect(page.getByLabel('Add a note').inputValue()).resolves.toBe(note);
    await page.getByRole('status').getByText(draftRestoredMessage).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Add note' }).click();
    await page.getByRole('status').getByText('Note added.').waitFor();
    await page.getByRole('region', { name: 'Timeline' }).getByText(note).waitFor();
    await expect(page.getByLabel('Add a note').inputValue()).resolves.toBe('');
    // Saved, the draft is forgotten: the page opened again starts with an empty note.
    await page.reload();
    await page.getByRole('region', { name: 'Timeline' }).getByText(note).waitFor();
    await expect(page.getByLabel('Add a note').inputValue()).resolves.toBe('');
    expect(t.errors.filter((error) => !error.includes('status of 401'))).toEqual([]);
  });

  it('returns to the lead page opened again after the session ended, with the note typed before', async () => {
    const page = t.page;
    const leadPage = await openNewLead(page, 'reload@example.test');
    await page.getByLabel('Add a note').fill('Half a thought');
    await endSessionElsewhere(page);
    await page.reload();
    await page.waitForURL((url) => url.pathname === '/login');
    await signInOnLoginPage(page, leadPage);
    await expect(page.getByLabel('Add a note').inputValue()).resolves.toBe('Half a thought');
  });

  it('a note left by one person is not shown to someone else signing in on the same tab', async () => {
    const page = t.page;
    const width = 1280;
    const leadPage = await openNewLead(page, `shared.tab.${width}@example.test`);
    const note = `Private at ${width}: client mentioned a divorce`;
    await page.getByLabel('Add a note').fill(note);
    await endSessionElsewhere(page);
    await page.getByRole('button', { name: 'Add note' }).click();
    await page.waitForURL((url) => url.pathname === '/login');

    await signInOnLoginPage(page, leadPage, colleagueEmail);
    await page.getByRole('heading', { name: 'Contact enquiry from Amira Shah' }).waitFor();
    await expect(page.getByLabel('Add a note').inputValue()).resolves.toBe('');
    await expect(page.getByText(draftRestoredMessage).count()).resolves.toBe(0);
    // Nor is it left in the tab's storage for anyone to read.
    expect(await page.evaluate(() => JSON.stringify({ ...sessionStorage }))).not.toContain('divorce');
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(t.errors.filter((error) => !error.includes('status of 401'))).toEqual([]);
  });

  it('settings typed on Availability survive the session ending, and the login page says why it is there', async () => {
    const page = t.page;
    const availability = `${t.site.url}/back-office/availability`;
    await page.goto(availability);
    await page.waitForURL((url) => url.pathname === '/login');
    await signInOnLoginPage(page, availability);
    const callLength = page.getByLabel('Call length (minutes)');
    await expect(callLength.inputValue()).resolves.toBe('30');
    await callLength.fill('45');
    await page.getByLabel('Reason (optional)').fill('Office move');

    await endSessionElsewhere(page);
    await page.getByRole('button', { name: 'Save availability' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('status').getByText(returnNotice).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);

    await signInOnLoginPage(page, availability);
    await page.getByRole('status').getByText(draftRestoredMessage).waitFor();
    await expect(callLength.inputValue()).resolves.toBe('45');
    await expect(page.getByLabel('Reason (optional)').inputValue()).resolves.toBe('Office move');
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Save availability' }).click();
    await page.getByRole('status').getByText(backOfficeMessages.settingsSaved).waitFor();
    // Saved, the settings' draft is forgotten: the page opened again shows what the server holds.
    await page.getByLabel('Reason (optional)').fill('');
    await page.reload();
    await expect(callLength.inputValue()).resolves.toBe('45');
    await expect(page.getByText(draftRestoredMessage).count()).resolves.toBe(0);
    await callLength.fill('30');
    await page.getByRole('button', { name: 'Save availability' }).click();
    await page.getByRole('status').getByText(backOfficeMessages.settingsSaved).waitFor();
    expect(t.errors.filter((error) => !error.includes('status of 401'))).toEqual([]);
  });

  it('on a phone, a note and settings being typed survive the session ending, and signing in returns to them', async () => {
    const page = t.page;
    await page.setViewportSize({ width: 375, height: 900 });
    const leadPage = await openNewLead(page, 'draft.375@example.test');
    const note = 'Rang at 375: wants a quote for payroll, call back Tuesday';
    await page.getByLabel('Add a note').fill(note);
    await endSessionElsewhere(page);
    await page.getByRole('button', { name: 'Add note' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('next')).toBe(new URL(leadPage).pathname);
    await page.getByRole('status').getByText(returnNotice).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await signInOnLoginPage(page, leadPage);
    await expect(page.getByLabel('Add a note').inputValue()).resolves.toBe(note);
    await page.getByRole('status').getByText(draftRestoredMessage).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);

    const availability = `${t.site.url}/back-office/availability`;
    await page.goto(availability);
    const callLength = page.getByLabel('Call length (minutes)');
    await expect(callLength.inputValue()).resolves.toBe('30');
    await callLength.fill('45');
    await endSessionElsewhere(page);
    await page.getByRole('button', { name: 'Save availability' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await signInOnLoginPage(page, availability);
    await page.getByRole('status').getByText(draftRestoredMessage).waitFor();
    await expect(callLength.inputValue()).resolves.toBe('45');
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(t.errors.filter((error) => !error.includes('status of 401'))).toEqual([]);
  });

  it('says nothing about a session on the login page opened without a page to return to', async () => {
    await t.page.goto(`${t.site.url}/login`);
    await t.page.getByRole('button', { name: 'Sign in' }).waitFor();
    await expect(t.page.getByText(returnNotice).count()).resolves.toBe(0);
  });
});

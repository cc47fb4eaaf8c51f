import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { accessibilityViolations } from '../support/accessibility.ts';
import { userCommand } from '../support/accounts.ts';
import { setUpSiteInBrowser } from '../support/browser.ts';
import { fixturePassword, signedInApi, signIn, staffMember } from '../support/signed-in.ts';
import { backOfficeClient, signInThroughLogin } from '../support/staff.ts';

// Re-enabling a colleague and ending one of your own sessions, on the Staff screen; the screen at a
// phone's width once.
const t = setUpSiteInBrowser();
const firefox = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0';

async function openStaffScreen(page: Page, width: number, email: string) {
  await page.setViewportSize({ width, height: 900 });
  await signIn(page, t.site, email, 'owner', '/back-office/staff');
  await page.getByRole('heading', { name: 'Staff', level: 1 }).waitFor();
}

/** Whether the sign-in form lets them in: what a disabled account is refused. */
const signsIn = (email: string) =>
  signInThroughLogin(t.site, email, fixturePassword).then(
    () => true,
    () => false,
  );

/** An owner with a colleague the owner has disabled, through the owner's API. */
async function ownerWithDisabledColleague(tag: string) {
  const owner = `owner.${tag}@fenwickhale.test`;
  const colleague = `colleague.${tag}@fenwickhale.test`;
  await staffMember(t.site, owner);
  await staffMember(t.site, colleague);
  const ownersApi = backOfficeClient(t.site, await signedInApi(t.site, owner));
  expect((await ownersApi.send('/staff/disable', { email: colleague })).status).toBe(200);
  return { owner, colleague };
}

const disabledRow = (page: Page, colleague: string) =>
  page.getByRole('row', { name: new RegExp(`${colleague.replaceAll('.', '\\.')} Disabled`) });

describe('staff actions in Chromium', () => {
  it('re-enables a disabled colleague, who signs in again with their old password (1280 px)', async () => {
    const { owner, colleague } = await ownerWithDisabledColleague('desk');
    expect(await signsIn(colleague)).toBe(false);

    await openStaffScreen(t.page, 1280, owner);
    await disabledRow(t.page, colleague).waitFor();
    expect(await accessibilityViolations(t.page)).toEqual([]);
    await t.page.getByRole('button', { name: `Re-enable ${colleague}` }).click();
    await t.page.getByRole('status').getByText('Re-enabled', { exact: false }).waitFor();
    await t.page
      .getByRole('row', { name: new RegExp(`${colleague.replaceAll('.', '\\.')} Active`) })
      .waitFor();
    await expect(t.page.getByRole('button', { name: `Re-enable ${colleague}` }).count()).resolves.toBe(0);
    // The pressed button is gone; the keyboard goes on from the same row's first button.
    await expect
      .poll(() => t.page.evaluate(() => document.activeElement?.textContent))
      .toBe(`Make ${colleague} staff`);
    expect(await signsIn(colleague)).toBe(true);
    expect(await accessibilityViolations(t.page)).toEqual([]);
    expect(t.errors).toEqual([]);
  });

  it('ends another of your sessions from the Staff screen; that browser is signed out (1280 px)', async () => {
    const email = 'two.browsers@fenwickhale.test';
    const otherBrowser = await signedInApi(t.site, email, 'owner', firefox);
    await openStaffScreen(t.page, 1280, email);

    const sessions = t.page.getByRole('region', { name: 'Your sessions' });
    await sessions.getByRole('row', { name: /This browser/ }).waitFor();
    // The Staff screen with another session listed is checked by axe in the test above and on a phone.
    await sessions.getByRole('button', { name: /End session in Firefox on Windows/ }).click();
    await sessions.getByRole('status').getByText('Session ended', { exact: false }).waitFor();
    await sessions.getByRole('row', { name: /Firefox on Windows/ }).waitFor({ state: 'detached' });
    expect((await backOfficeClient(t.site, otherBrowser).get('/me')).status).toBe(401);
    // This browser is still signed in.
    await t.page.reload();
    await sessions.getByRole('row', { name: /This browser/ }).waitFor();
    expect(t.errors).toEqual([]);
  });

  it('shows the Staff screen, a disabled colleague and your other sessions, on a phone (375 px)', async () => {
    const { owner, colleague } = await ownerWithDisabledColleague('phone');
    await signedInApi(t.site, owner, 'owner', firefox);
    await openStaffScreen(t.page, 375, owner);
    await disabledRow(t.page, colleague).waitFor();
    await t.page.getByRole('button', { name: `Re-enable ${colleague}` }).waitFor();
    const sessions = t.page.getByRole('region', { name: 'Your sessions' });
    await sessions.getByRole('row', { name: /This browser/ }).waitFor();
    await sessions.getByRole('button', { name: /End session in Firefox on Windows/ }).waitFor();
    expect(await accessibilityViolations(t.page)).toEqual([]);
    expect(t.errors).toEqual([]);
  });

  it('re-enables from the command line: npm run user:enable -- EMAIL', async () => {
    const email = 'command.line@fenwickhale.test';
    await staffMember(t.site, email);
    await userCommand(t.site, 'disable', email);
    expect(await signsIn(email)).toBe(false);
    expect(await userCommand(t.site, 'enable', email)).toContain(`Re-enabled ${email}`);
    expect(await signsIn(email)).toBe(true);
    expect(await userCommand(t.site, 'enable', email)).toContain('is not disabled');
  });
});

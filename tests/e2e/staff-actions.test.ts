import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { accessibilityViolations } from '../support/accessibility.ts';
import { addStaffWithPassword, signInOnPage, userCommand } from '../support/accounts.ts';
import { setUpSiteInBrowser } from '../support/browser.ts';
import { backOfficeClient, signInThroughLogin } from '../support/staff.ts';

// Re-enabling a colleague and ending one of your own sessions, on the Staff screen, at a phone's width
// and a desktop's.
const t = setUpSiteInBrowser();
const password = 'Ledger2026!';
const firefox = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0';

async function openStaffScreen(page: Page, width: number, email: string) {
  await page.setViewportSize({ width, height: 900 });
  await signInOnPage(page, t.site, email, password);
  await page.goto(`${t.site.url}/back-office/staff`);
  await page.getByRole('heading', { name: 'Staff', level: 1 }).waitFor();
}

const signsIn = (email: string) =>
  signInThroughLogin(t.site, email, password).then(
    () => true,
    () => false,
  );

describe('staff actions in Chromium', () => {
  for (const width of [375, 1280]) {
    it(`re-enables a disabled colleague, who signs in again with their old password (${width} px)`, async () => {
      const owner = `owner.${width}@fenwickhale.test`;
      const colleague = `colleague.${width}@fenwickhale.test`;
      await addStaffWithPassword(t.site, owner, password);
      await addStaffWithPassword(t.site, colleague, password);
      const ownersApi = backOfficeClient(t.site, await signInThroughLogin(t.site, owner, password));
      expect((await ownersApi.send('/staff/disable', { email: colleague })).status).toBe(200);
      expect(await signsIn(colleague)).toBe(false);

      await openStaffScreen(t.page, width, owner);
      const row = t.page.getByRole('row', {
        name: new RegExp(`${colleague.replaceAll('.', '\\.')} Disabled`),
      });
      await row.waitFor();
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

    it(`ends another of your sessions from the Staff screen; that browser is signed out (${width} px)`, async () => {
      const email = `two.browsers.${width}@fenwickhale.test`;
      await addStaffWithPassword(t.site, email, password);
      const otherBrowser = await signInThroughLogin(t.site, email, password, firefox);
      await openStaffScreen(t.page, width, email);

      const sessions = t.page.getByRole('region', { name: 'Your sessions' });
      await sessions.getByRole('row', { name: /This browser/ }).waitFor();
      await sessions.getByRole('row', { name: /Firefox on Windows/ }).waitFor();
      expect(await accessibilityViolations(t.page)).toEqual([]);
      await sessions.getByRole('button', { name: /End session in Firefox on Windows/ }).click();
      await sessions.getByRole('status').getByText('Session ended', { exact: false }).waitFor();
      await sessions.getByRole('row', { name: /Firefox on Windows/ }).waitFor({ state: 'detached' });
      expect((await backOfficeClient(t.site, otherBrowser).get('/me')).status).toBe(401);
      // This browser is still signed in.
      await t.page.reload();
      await sessions.getByRole('row', { name: /This browser/ }).waitFor();
      expect(await accessibilityViolations(t.page)).toEqual([]);
      expect(t.errors).toEqual([]);
    });
  }

  it('re-enables from the command line: npm run user:enable -- EMAIL', async () => {
    const email = 'command.line@fenwickhale.test';
    await addStaffWithPassword(t.site, email, password);
    await userCommand(t.site, 'disable', email);
    expect(await signsIn(email)).toBe(false);
    expect(await userCommand(t.site, 'enable', email)).toContain(`Re-enabled ${email}`);
    expect(await signsIn(email)).toBe(true);
    expect(await userCommand(t.site, 'enable', email)).toContain('is not disabled');
  });
});

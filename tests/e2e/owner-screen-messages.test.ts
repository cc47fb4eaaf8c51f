import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { backOfficeMessages } from '#shared/back-office.ts';
import { emailMessages } from '#shared/email.ts';
import { accessibilityViolations } from '../support/accessibility.ts';
import { addStaffWithPassword, signInOnPage } from '../support/accounts.ts';
import { setUpSiteInBrowser } from '../support/browser.ts';
import { backOfficeClient, signInThroughLogin } from '../support/staff.ts';

// What the owners' screens say, at a phone's width and a desktop's: Erase checks the address before it
// asks to erase anything, and on the Staff screen each action's message replaces the last one's.
const t = setUpSiteInBrowser();
const password = 'Ledger2026!';

async function member(email: string) {
  await addStaffWithPassword(t.site, email, password);
  return email;
}

async function openScreen(page: Page, width: number, email: string, screen: string, heading: string) {
  await page.setViewportSize({ width, height: 900 });
  await signInOnPage(page, t.site, email, password);
  await page.goto(`${t.site.url}/back-office/${screen}`);
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
}

describe("the owners' screens in Chromium", () => {
  for (const width of [375, 1280]) {
    it(`checks the address as the server does before asking to erase it (${width} px)`, async () => {
      const email = await member(`eraser.${width}@fenwickhale.test`);
      const api = backOfficeClient(t.site, await signInThroughLogin(t.site, email, password));
      await openScreen(t.page, width, email, 'data-protection', 'Data protection');
      const questions: string[] = [];
      t.page.on('dialog', (dialog) => {
        questions.push(dialog.message());
        void dialog.dismiss();
      });

      await t.page.getByLabel('Email address').fill('not-an-email');
      await t.page.getByRole('button', { name: 'Erase' }).click();
      await t.page.getByRole('alert').getByText(emailMessages.invalid).waitFor();
      expect(questions).toEqual([]);
      // The server's own rule says the same of that address.
      const refused = await api.send('/data-protection/erase', { email: 'not-an-email' });
      expect(refused.status).toBe(422);
      expect((await refused.json()).errorMessages).toEqual([emailMessages.invalid]);
      expect(await accessibilityViolations(t.page)).toEqual([]);

      // An address that is one is asked about, and declining erases nothing and leaves no refusal up.
      await t.page.getByLabel('Email address').fill('someone@example.test');
      await t.page.getByRole('button', { name: 'Erase' }).click();
      await expect
        .poll(() => questions)
        .toEqual(['Erase everything held about someone@example.test? This cannot be undone.']);
      await expect(t.page.getByText(emailMessages.invalid).count()).resolves.toBe(0);
      expect(t.errors).toEqual([]);
    });

    it(`clears the last action's message when the next one answers (${width} px)`, async () => {
      const email = await member(`messages.${width}@fenwickhale.test`);
      const colleague = await member(`colleague.${width}@fenwickhale.test`);
      await openScreen(t.page, width, email, 'staff', 'Staff');
      t.page.once('dialog', (dialog) => void dialog.accept());
      await t.page.getByRole('button', { name: `Make ${colleague} staff` }).click();
      await t.page.getByRole('status').getByText(backOfficeMessages.roleChanged).waitFor();

      await t.page.getByLabel('Invite by email').fill(colleague);
      await t.page.getByRole('button', { name: 'Send invitation' }).click();
      await t.page.getByRole('alert').getByText(backOfficeMessages.staffExists).waitFor();
      await expect(t.page.getByText(backOfficeMessages.roleChanged).count()).resolves.toBe(0);
      expect(await accessibilityViolations(t.page)).toEqual([]);
      expect(t.errors.filter((error) => !error.includes('409'))).toEqual([]);
    });
  }
});

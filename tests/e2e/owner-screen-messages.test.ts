import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { backOfficeMessages } from '#shared/back-office.ts';
import { emailMessages } from '#shared/email.ts';
import { accessibilityViolations } from '../support/accessibility.ts';
import { setUpSiteInBrowser } from '../support/browser.ts';
import { signIn, staffApi, staffMember } from '../support/signed-in.ts';

// What the owners' screens say: Erase checks the address before it asks to erase anything, and on the
// Staff screen each action's message replaces the last one's; on a phone, the refusals read the same.
const t = setUpSiteInBrowser();

async function member(email: string) {
  await staffMember(t.site, email);
  return email;
}

async function openScreen(page: Page, email: string, screen: string, heading: string) {
  await signIn(page, t.site, email, 'owner', `/back-office/${screen}`);
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
}

/**
 * Erase with an address that is not one: refused in words on the screen, before any question is asked.
 * Answers the list of questions the page goes on to ask.
 */
async function refusedBeforeAsking() {
  const questions: string[] = [];
  t.page.on('dialog', (dialog) => {
    questions.push(dialog.message());
    void dialog.dismiss();
  });
  await t.page.getByLabel('Email address').fill('not-an-email');
  await t.page.getByRole('button', { name: 'Erase' }).click();
  await t.page.getByRole('alert').getByText(emailMessages.invalid).waitFor();
  expect(questions).toEqual([]);
  return questions;
}

describe("the owners' screens in Chromium", () => {
  it('checks the address as the server does before asking to erase it', async () => {
    const email = 'eraser.1280@fenwickhale.test';
    const api = await staffApi(t.site, email);
    await openScreen(t.page, email, 'data-protection', 'Data protection');
    const questions = await refusedBeforeAsking();
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

  it("clears the last action's message when the next one answers", async () => {
    const email = 'messages.1280@fenwickhale.test';
    const colleague = await member('colleague.1280@fenwickhale.test');
    await openScreen(t.page, email, 'staff', 'Staff');
    t.page.once('dialog', (dialog) => void dialog.accept());
    await t.page.getByRole('button', { name: `Make ${colleague} staff` }).click();
    await t.page.getByRole('status').getByText(backOfficeMessages.roleChanged).waitFor();

    await t.page.getByLabel('Invite by email').fill(colleague);
    await t.page.getByLabel('Their name').fill('Temp Help');
    await t.page.getByRole('button', { name: 'Send invitation' }).click();
    await t.page.getByRole('alert').getByText(backOfficeMessages.staffExists).waitFor();
    await expect(t.page.getByText(backOfficeMessages.roleChanged).count()).resolves.toBe(0);
    expect(await accessibilityViolations(t.page)).toEqual([]);
    expect(t.errors.filter((error) => !error.includes('409'))).toEqual([]);
  });

  it('on a phone, refuses an address that is not one before asking, and says a colleague already has an account', async () => {
    const email = 'eraser.375@fenwickhale.test';
    const colleague = await member('colleague.375@fenwickhale.test');
    await t.page.setViewportSize({ width: 375, height: 900 });
    await openScreen(t.page, email, 'data-protection', 'Data protection');
    await refusedBeforeAsking();
    expect(await accessibilityViolations(t.page)).toEqual([]);

    await t.page.goto(`${t.site.url}/back-office/staff`);
    await t.page.getByRole('heading', { name: 'Staff', level: 1 }).waitFor();
    await t.page.getByLabel('Invite by email').fill(colleague);
    await t.page.getByLabel('Their name').fill('Temp Help');
    await t.page.getByRole('button', { name: 'Send invitation' }).click();
    await t.page.getByRole('alert').getByText(backOfficeMessages.staffExists).waitFor();
    expect(await accessibilityViolations(t.page)).toEqual([]);
    expect(t.errors.filter((error) => !error.includes('409'))).toEqual([]);
  });
});

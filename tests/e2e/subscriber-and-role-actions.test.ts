import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { backOfficeMessages } from '#shared/back-office.ts';
import { accessibilityViolations } from '../support/accessibility.ts';
import { setUpSiteInBrowser } from '../support/browser.ts';
import { signedInApi, signIn, staffMember } from '../support/signed-in.ts';
import { linkIn } from '../support/smtp.ts';
import { backOfficeClient } from '../support/staff.ts';

// Unsubscribing someone and resending their confirmation from a subscriber's page, and changing a
// colleague's role on the Staff screen; both screens at a phone's width once.
const t = setUpSiteInBrowser();

/** Signs up on the newsletter as a visitor's script would: the address is pending, a confirmation sent. */
async function signUp(email: string) {
  const response = await fetch(`${t.site.url}/subscribe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ emailAddress: email, submitMethod: '2' }),
  });
  expect(response.status).toBe(200);
}

const confirmations = (email: string) =>
  t.site.smtp.messages.filter((m) => m.to.includes(email) && m.parsed.subject?.startsWith('Please confirm'));
const nthConfirmation = async (email: string, n: number) => {
  await t.site.smtp.waitFor(() => confirmations(email).length >= n);
  return confirmations(email)[n - 1] as NonNullable<ReturnType<typeof confirmations>[number]>;
};

/** What a person does with a confirmation link in Chromium: opens it and presses the button. */
async function confirmInBrowser(page: Page, link: string) {
  await page.goto(link);
  await page.getByRole('button', { name: 'Confirm my subscription' }).click();
  await page.getByRole('heading', { name: 'You are subscribed' }).waitFor();
}

async function openSubscriber(page: Page, width: number, staff: string, email: string) {
  await page.setViewportSize({ width, height: 900 });
  await signIn(page, t.site, staff, 'staff', `/back-office/subscribers/${encodeURIComponent(email)}`);
  await page.getByRole('heading', { name: email, level: 1 }).waitFor();
}

describe('subscriber and role actions in Chromium', () => {
  const width = 1280;
  it('unsubscribes a subscriber from their page, keeping the consent record (1280 px)', async () => {
    await staffMember(t.site, `owner.unsub.${width}@fenwickhale.test`, 'owner');
    const staff = `sam.unsub.${width}@fenwickhale.test`;
    const email = `reader.${width}@example.com`;
    await signUp(email);
    await confirmInBrowser(t.page, linkIn(await nthConfirmation(email, 1), '/subscribe/confirm'));

    // Typed in capitals, the address is still found.
    await openSubscriber(t.page, width, staff, email.toUpperCase().replace('EXAMPLE.COM', 'example.com'));
    expect(await accessibilityViolations(t.page)).toEqual([]);
    t.page.once('dialog', (dialog) => void dialog.accept());
    await t.page.getByRole('button', { name: `Unsubscribe ${email}` }).click();
    await t.page.getByRole('status').getByText(backOfficeMessages.unsubscribed).waitFor();
    await t.page.getByText('Status: Unsubscribed', { exact: false }).waitFor();
    const record = t.page.getByRole('region', { name: 'Consent record' });
    // Each row says who acted, and so whose the IP address beside it is.
    await record
      .getByRole('row', {
        name: /Unsubscribed Back office, by a member of the firm.* A member of staff, from /,
      })
      .waitFor();
    await record
      .getByRole('row', {
        name: /Confirmed Link in the confirmation email .*Them, through the link we emailed them, from /,
      })
      .waitFor();
    await record
      .getByRole('row', { name: /Signed up .*A request from .*, not shown to be theirs/ })
      .waitFor();
    await expect(t.page.getByRole('button', { name: `Unsubscribe ${email}` }).count()).resolves.toBe(0);
    expect(await accessibilityViolations(t.page)).toEqual([]);
    expect(t.errors).toEqual([]);
  });

  it('sends the confirmation again, at most once an hour; only the new link confirms (1280 px)', async () => {
    await staffMember(t.site, `owner.resend.${width}@fenwickhale.test`, 'owner');
    const staff = `sam.resend.${width}@fenwickhale.test`;
    const email = `waiting.${width}@example.com`;
    await signUp(email);
    const firstLink = linkIn(await nthConfirmation(email, 1), '/subscribe/confirm');

    await openSubscriber(t.page, width, staff, email);
    const resend = t.page.getByRole('button', { name: 'Send the confirmation email again' });
    await resend.click();
    // The sign-up sent one moments ago: refused, so the button cannot flood their inbox.
    await t.page.getByRole('alert').getByText(backOfficeMessages.confirmationTooSoon).waitFor();
    expect(await accessibilityViolations(t.page)).toEqual([]);

    // An hour on, as far as the site can tell: the earlier email was sent more than an hour ago.
    const db = new Database(path.join(t.site.dataDir, 'site.db'));
    try {
      db.pragma('busy_timeout = 5000');
      db.prepare('update subscribers set confirmation_sent_at = ? where email = ?').run(
        new Date(Date.now() - 61 * 60_000).toISOString(),
        email,
      );
    } finally {
      db.close();
    }
    await resend.click();
    await t.page.getByRole('status').getByText(backOfficeMessages.confirmationResent).waitFor();
    const second = await nthConfirmation(email, 2);
    expect(second.parsed.subject).toBe(confirmations(email)[0]?.parsed.subject);
    const secondLink = linkIn(second, '/subscribe/confirm');
    expect(secondLink).not.toBe(firstLink);
    // Refused again, in the alert axe checked above.
    await resend.click();
    await t.page.getByRole('alert').getByText(backOfficeMessages.confirmationTooSoon).waitFor();

    const visitor = await t.page.context().newPage();
    await visitor.goto(firstLink);
    await visitor.getByRole('heading', { name: 'This link has expired or is not complete' }).waitFor();
    await confirmInBrowser(visitor, secondLink);
    await visitor.close();
    await t.page.reload();
    await t.page.getByText('Status: Confirmed', { exact: false }).waitFor();
    await expect(resend.count()).resolves.toBe(0);
    expect(confirmations(email)).toHaveLength(2);
    // The browser logs each refusal it was sent, and nothing else went wrong.
    expect(t.errors).toEqual([
      'Failed to load resource: the server responded with a status of 429 (Too Many Requests)',
      'Failed to load resource: the server responded with a status of 429 (Too Many Requests)',
    ]);
  });

  it('makes a colleague an owner and staff again; their open session follows at once (1280 px)', async () => {
    const owner = `owner.role.${width}@fenwickhale.test`;
    const colleague = `colleague.role.${width}@fenwickhale.test`;
    await staffMember(t.site, owner, 'owner');
    const colleaguesApi = backOfficeClient(t.site, await signedInApi(t.site, colleague, 'staff'));
    expect((await colleaguesApi.get('/staff')).status).toBe(403);

    await t.page.setViewportSize({ width, height: 900 });
    await signIn(t.page, t.site, owner, 'owner', '/back-office/staff');
    const row = (role: string) =>
      t.page.getByRole('row', { name: new RegExp(`${colleague.replaceAll('.', '\\.')} Active ${role}`) });
    await row('Staff: leads and drafts').waitFor();
    expect(await accessibilityViolations(t.page)).toEqual([]);

    t.page.once('dialog', (dialog) => void dialog.accept());
    await t.page.getByRole('button', { name: `Make ${colleague} an owner` }).click();
    await t.page.getByRole('status').getByText(backOfficeMessages.roleChanged).waitFor();
    await row('Owner: everything').waitFor();
    expect((await colleaguesApi.get('/staff')).status).toBe(200);
    expect(await accessibilityViolations(t.page)).toEqual([]);

    t.page.once('dialog', (dialog) => void dialog.accept());
    await t.page.getByRole('button', { name: `Make ${colleague} staff` }).click();
    await row('Staff: leads and drafts').waitFor();
    expect((await colleaguesApi.get('/staff')).status).toBe(403);
    // The audit log says who did it, in words.
    await t.page.getByText(`${owner} made ${colleague} staff (leads and drafts)`).waitFor();
    await t.page.getByText(`${owner} made ${colleague} an owner`).waitFor();
    // The screen with the change announced was checked by axe after the first change.
    expect(t.errors).toEqual([]);
  });

  it('shows a subscriber’s page and its refusal on a phone (375 px)', async () => {
    const staff = 'sam.phone@fenwickhale.test';
    await staffMember(t.site, 'owner.phone@fenwickhale.test', 'owner');
    const email = 'reader.phone@example.com';
    await signUp(email);
    await confirmInBrowser(t.page, linkIn(await nthConfirmation(email, 1), '/subscribe/confirm'));
    await openSubscriber(t.page, 375, staff, email);
    await t.page.getByRole('button', { name: `Unsubscribe ${email}` }).waitFor();
    await t.page.getByRole('region', { name: 'Consent record' }).getByRole('row').first().waitFor();
    expect(await accessibilityViolations(t.page)).toEqual([]);

    const waiting = 'waiting.phone@example.com';
    await signUp(waiting);
    await nthConfirmation(waiting, 1);
    await t.page.goto(`${t.site.url}/back-office/subscribers/${encodeURIComponent(waiting)}`);
    await t.page.getByRole('heading', { name: waiting, level: 1 }).waitFor();
    await t.page.getByRole('button', { name: 'Send the confirmation email again' }).click();
    await t.page.getByRole('alert').getByText(backOfficeMessages.confirmationTooSoon).waitFor();
    expect(await accessibilityViolations(t.page)).toEqual([]);
    expect(t.errors).toEqual([
      'Failed to load resource: the server responded with a status of 429 (Too Many Requests)',
    ]);
  });

  it('shows the Staff screen’s roles on a phone (375 px)', async () => {
    const owner = 'owner.phone.roles@fenwickhale.test';
    const staff = 'sam.phone.roles@fenwickhale.test';
    await staffMember(t.site, staff, 'staff');
    await t.page.setViewportSize({ width: 375, height: 900 });
    await signIn(t.page, t.site, owner, 'owner', '/back-office/staff');
    await t.page
      .getByRole('row', {
        name: new RegExp(`${staff.replaceAll('.', '\\.')} Active Staff: leads and drafts`),
      })
      .waitFor();
    await t.page.getByRole('button', { name: `Make ${staff} an owner` }).waitFor();
    expect(await accessibilityViolations(t.page)).toEqual([]);
    expect(t.errors).toEqual([]);
  });
});

import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { ownersOnly } from '#client/features/back-office/your-role.ts';
import { newsletterMessages } from '#shared/newsletter.ts';
import { accessibilityViolations } from '../support/accessibility.ts';
import { openSection } from '../support/back-office-nav.ts';
import { setUpSiteInBrowser } from '../support/browser.ts';
import { signIn, staffMember } from '../support/signed-in.ts';

// The Newsletter screen in Chromium: write an issue with its live preview, see the email exactly as it
// will go (HTML in a sandboxed frame, and the text part), and send a test to yourself.
const t = setUpSiteInBrowser();

describe('the Newsletter screen in Chromium', () => {
  it('writes a newsletter with a live preview, shows the email as it will go, and sends a test to me', async () => {
    const staff = 'nina.newsletter@fenwickhale.test';
    // The firm's first account is always an owner, so Nina comes second, with the staff role.
    await staffMember(t.site, 'olive.owner@fenwickhale.test', 'owner');
    await signIn(t.page, t.site, staff, 'staff');
    await openSection(t.page, 'Newsletter');
    await t.page.getByRole('heading', { name: 'Newsletter', level: 1 }).waitFor();
    expect(await accessibilityViolations(t.page)).toEqual([]);

    await t.page.getByRole('link', { name: 'Write a newsletter' }).click();
    await t.page.getByLabel('Subject').fill('Year-end reminders');
    // Written in the word-processor editor the pages use: a heading, then a line with a bold date.
    await t.page.getByRole('textbox', { name: 'Text' }).click();
    await t.page.getByRole('button', { name: 'Heading', exact: true }).click();
    await t.page.keyboard.type('Payments on account');
    await t.page.keyboard.press('Enter');
    await t.page.keyboard.type('The ');
    await t.page.getByRole('button', { name: 'Bold', exact: true }).click();
    await t.page.keyboard.type('31 January');
    await t.page.getByRole('button', { name: 'Bold', exact: true }).click();
    await t.page.keyboard.type(' deadline is close.');
    // A list begun from the toolbar, its items typed one after another.
    await t.page.keyboard.press('Enter');
    await t.page.getByRole('button', { name: 'Bulleted list', exact: true }).click();
    await t.page.keyboard.type('Receipts');
    await t.page.keyboard.press('Enter');
    await t.page.keyboard.type('Bank statements');
    const live = t.page.getByRole('region', { name: 'Live preview' });
    await live.getByRole('heading', { name: 'Payments on account' }).waitFor();
    await expect(live.locator('strong').textContent()).resolves.toBe('31 January');
    await expect.poll(() => live.locator('li').allInnerTexts()).toEqual(['Receipts', 'Bank statements']);
    expect(await accessibilityViolations(t.page)).toEqual([]);
    await t.page.getByRole('button', { name: 'Save draft' }).click();
    await t.page.getByRole('heading', { name: 'Year-end reminders', level: 1 }).waitFor();
    // Nina has the staff role: she writes and tests it, and an owner sends it.
    await t.page.getByText(ownersOnly).waitFor();
    expect(await t.page.getByRole('button', { name: 'Send now' }).count()).toBe(0);
    // Checked before the email's frame opens: axe cannot run inside a frame that may run no script.
    expect(await accessibilityViolations(t.page)).toEqual([]);

    await t.page.getByRole('button', { name: 'Preview the email' }).click();
    const frame = t.page.frameLocator('iframe[title="The email’s HTML part"]');
    await frame.getByRole('heading', { name: 'Payments on account' }).waitFor();
    await expect(t.page.locator('iframe').getAttribute('sandbox')).resolves.toBe('');
    await expect(t.page.locator('pre.bo-email-text').textContent()).resolves.toContain(
      'You are receiving this because you signed up',
    );

    await t.page.getByRole('button', { name: 'Send a test to me' }).click();
    await t.page.getByRole('status').getByText(newsletterMessages.testSent).waitFor();
    const test = await t.site.smtp.waitFor((m) => m.parsed.subject === '[Test] Year-end reminders');
    expect(test.to).toEqual([staff]);
    expect(t.errors).toEqual([]);
  });

  it('shows past issues in the archive on the site, each as a page, both accessible', async () => {
    const db = new Database(path.join(t.site.dataDir, 'site.db'));
    const at = '2026-10-01T09:00:00.000Z';
    db.prepare(
      `insert into campaigns (slug, subject, body_markdown, status, started_at, expanded_at, sent_at, created_at, updated_at)
       values ('october-news-1', 'October news', '## Autumn Budget

What it means for **you**.', 'sent', ?, ?, ?, ?, ?)`,
    ).run(at, at, at, at, at);
    db.close();
    await t.page.goto(`${t.site.url}/insights/newsletter`);
    await t.page.getByRole('heading', { name: 'Past issues of our newsletter', level: 1 }).waitFor();
    expect(await accessibilityViolations(t.page)).toEqual([]);
    await t.page.getByRole('link', { name: 'October news' }).click();
    await t.page.getByRole('heading', { name: 'October news', level: 1 }).waitFor();
    await t.page.getByRole('heading', { name: 'Autumn Budget', level: 2 }).waitFor();
    expect(await t.page.title()).toMatch(/^October news: our newsletter \| /);
    expect(await accessibilityViolations(t.page)).toEqual([]);
    expect(t.errors).toEqual([]);
  });
});

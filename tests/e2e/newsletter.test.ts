import { describe, expect, it } from 'vitest';
import { newsletterMessages } from '#shared/newsletter.ts';
import { accessibilityViolations } from '../support/accessibility.ts';
import { addStaffWithPassword, signInOnPage } from '../support/accounts.ts';
import { openSection } from '../support/back-office-nav.ts';
import { setUpSiteInBrowser } from '../support/browser.ts';

// The Newsletter screen in Chromium: write an issue with its live preview, see the email exactly as it
// will go (HTML in a sandboxed frame, and the text part), and send a test to yourself.
const t = setUpSiteInBrowser();
const password = 'Ledger2026!';

describe('the Newsletter screen in Chromium', () => {
  it('writes a newsletter with a live preview, shows the email as it will go, and sends a test to me', async () => {
    const staff = 'nina.newsletter@fenwickhale.test';
    await addStaffWithPassword(t.site, staff, password, 'staff');
    await signInOnPage(t.page, t.site, staff, password);
    await openSection(t.page, 'Newsletter');
    await t.page.getByRole('heading', { name: 'Newsletter', level: 1 }).waitFor();
    expect(await accessibilityViolations(t.page)).toEqual([]);

    await t.page.getByRole('link', { name: 'Write a newsletter' }).click();
    await t.page.getByLabel('Subject').fill('Year-end reminders');
    await t.page.getByLabel(/^Text/).fill('## Payments on account\n\nThe **31 January** deadline is close.');
    const live = t.page.getByRole('region', { name: 'Live preview' });
    await live.getByRole('heading', { name: 'Payments on account' }).waitFor();
    await expect(live.locator('strong').textContent()).resolves.toBe('31 January');
    expect(await accessibilityViolations(t.page)).toEqual([]);
    await t.page.getByRole('button', { name: 'Save draft' }).click();
    await t.page.getByRole('heading', { name: 'Year-end reminders', level: 1 }).waitFor();
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
});

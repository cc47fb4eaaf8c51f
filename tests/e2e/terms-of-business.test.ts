import { describe, expect, it } from 'vitest';
import { termsMessages } from '#shared/api/back-office-terms.ts';
import { accessibilityViolations } from '../support/accessibility.ts';
import { openSection } from '../support/back-office-nav.ts';
import { hydrated, setUpSiteInBrowser } from '../support/browser.ts';
import { sentProposal } from '../support/proposals.ts';
import { signIn } from '../support/signed-in.ts';

// A partner makes the starter terms of business the firm's own in the pages' editor; the next client to
// open a proposal reads them.
const t = setUpSiteInBrowser();

describe('the terms of business in Chromium', () => {
  it('are edited in the pages’ editor, saved as a version, and shown on a proposal’s page', async () => {
    const page = t.page;
    await signIn(page, t.site, 'terms.owner@fenwickhale.test', 'owner');
    await openSection(page, 'Terms of business');
    await page.getByRole('heading', { name: 'Terms of business', level: 1 }).waitFor();
    await hydrated(page);
    const editor = page.getByRole('textbox', { name: 'Terms of business' });
    await editor.getByText('Money laundering and identity checks').waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);

    // Added at the start of the text: a sentence of the firm's own.
    await editor.getByText('Our terms of business').click();
    await page.keyboard.press('Home');
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.type('Fenwick & Hale’s own terms, agreed with the partners.');
    await page.getByRole('button', { name: 'Save terms of business' }).click();
    await page.getByRole('status').getByText(termsMessages.saved).waitFor();
    await page.getByText(/^Version \d+\./).waitFor();

    const proposal = await sentProposal(t.site.db);
    await page.goto(`${t.site.url}/proposal?token=${proposal.token}`);
    await page
      .locator('.proposal__terms')
      .getByText('Fenwick & Hale’s own terms, agreed with the partners.')
      .waitFor();
    expect(t.errors).toEqual([]);
  });
});

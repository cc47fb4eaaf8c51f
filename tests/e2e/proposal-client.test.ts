import { describe, expect, it } from 'vitest';
import { proposalPageMessages as say } from '#shared/api/proposal-page.ts';
import { accessibilityViolations } from '../support/accessibility.ts';
import { hydrated, setUpSiteInBrowser } from '../support/browser.ts';
import { pdfText } from '../support/pdf-text.ts';
import { sentProposal } from '../support/proposals.ts';

// The client's side of a proposal on a phone: the page its emailed link opens, read at 375 px wide.
const t = setUpSiteInBrowser({ viewport: { width: 375, height: 740 } });

describe('a proposal on a 375 px phone in Chromium', () => {
  it('opens from the link, totals change as an extra is ticked, and accepting shows the confirmation', async () => {
    const proposal = await sentProposal(t.site.db);
    await t.page.goto(`${t.site.url}/proposal?token=${proposal.token}`);
    await hydrated(t.page);
    await t.page.getByRole('heading', { name: 'Our proposal for Hollins Joinery Ltd' }).waitFor();
    // Nothing runs off a phone's screen.
    expect(await t.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await accessibilityViolations(t.page)).toEqual([]);

    const monthly = t.page.locator('tr[data-total="monthly"] td');
    const once = t.page.locator('tr[data-total="once"]');
    expect(await monthly.textContent()).toBe('£115.00 + VAT £23.00 = £138.00');
    expect(await once.isHidden()).toBe(true);
    await t.page.getByLabel(/^Payroll/).check();
    await expect.poll(() => monthly.textContent()).toBe('£164.00 + VAT £32.80 = £196.80');
    await t.page.getByLabel(/^Advisory meeting/).check();
    await once.waitFor({ state: 'visible' });
    expect(await once.locator('td').textContent()).toBe('£300.00 + VAT £60.00 = £360.00');
    await t.page.getByLabel(/^Advisory meeting/).uncheck();
    await once.waitFor({ state: 'hidden' });

    // Accepting without the box ticked is refused beside it, what was typed and ticked kept.
    await t.page.getByLabel('Your full name').fill('Alex Hollins');
    await t.page.getByRole('button', { name: 'Accept', exact: true }).click();
    await t.page.getByText(say.agreeNeeded).waitFor();
    expect(await t.page.getByLabel(/^Payroll/).isChecked()).toBe(true);
    expect(await t.page.getByLabel('Your full name').inputValue()).toBe('Alex Hollins');

    await t.page.getByLabel('I agree to the terms of business').check();
    await t.page.getByRole('button', { name: 'Accept', exact: true }).click();
    await t.page.getByRole('heading', { name: say.acceptedTitle }).waitFor();
    expect(await t.page.getByText('Your engagement letter is on its way to you by email').count()).toBe(1);

    // What the browser sent is what was kept: its own User-Agent, and the extra it ticked.
    const kept = await t.site.db
      .selectFrom('proposal_acceptances')
      .select(['signed_name', 'extras', 'user_agent'])
      .where('proposal_id', '=', proposal.id)
      .executeTakeFirstOrThrow();
    expect(kept).toEqual({
      signed_name: 'Alex Hollins',
      extras: '["payroll"]',
      user_agent: await t.page.evaluate(() => navigator.userAgent),
    });
    // The letter arrives, attached, and holds the services, fees and the evidence.
    const mail = await t.site.smtp.waitFor((each) => each.to.includes(proposal.email));
    const letter = mail.parsed.attachments.find((file) => file.mimeType === 'application/pdf');
    const { text } = await pdfText(new Uint8Array(letter?.content as ArrayBuffer));
    expect(text).toContain('Payroll (optional extra)');
    expect(text).toContain('Total a month: £164.00 + VAT £32.80 = £196.80');
    expect(text).toContain('Signed by: Alex Hollins');
    // The one refusal (the box not ticked) is the only thing the console reported.
    expect(t.errors).toEqual([
      'Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)',
    ]);
  });
});

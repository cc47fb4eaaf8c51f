import { describe, expect, it } from 'vitest';
import { articleMessages } from '#shared/articles.ts';
import { accessibilityViolations } from '../support/accessibility.ts';
import { setUpSiteInBrowser } from '../support/browser.ts';
import { publishAsSeen } from '../support/seen-versions.ts';
import { signedInApi, signIn } from '../support/signed-in.ts';
import { backOfficeClient } from '../support/staff.ts';

// A member of staff changes a published article; an owner finds the change waiting on the Insights
// screen, compares it with what is live and publishes it. The API tests (src/server/features/insights/
// revisions.test.ts) cover the rest; this is the owner's screen in a browser.
const t = setUpSiteInBrowser();

describe('reviewing a member of staff’s changes in Chromium', () => {
  it('shows an owner who changed what, beside what is live, and publishes it', {
    timeout: 120_000,
  }, async () => {
    const ownerEmail = 'olive.review@fenwickhale.test';
    const staffEmail = 'sam.review@fenwickhale.test';
    const owner = backOfficeClient(t.site, await signedInApi(t.site, ownerEmail, 'owner'));
    const staff = backOfficeClient(t.site, await signedInApi(t.site, staffEmail, 'staff'));
    const { authors } = await owner.json('/articles');
    const fields = {
      title: 'Payroll year end',
      summary: 'What to send HMRC in April.',
      slug: 'payroll-year-end',
      tags: 'payroll',
      authorUserId: authors[0].id,
      authorName: 'Olive Owner',
      body: 'Send your final submission by **19 April** ([HMRC’s guide](https://www.gov.uk/payroll)).',
    };
    const id = (await (await owner.send('/articles', fields)).json()).id;
    expect((await publishAsSeen(owner, id)).status).toBe(200);
    // The same link words, leading somewhere else: the review writes out where each link goes.
    const revised = 'Send it by **5 April** ([HMRC’s guide](https://phish.example/login)).';
    const saved = await staff.send(`/articles/${id}`, { ...fields, body: revised }, 'PUT');
    expect((await saved.json()).infoMessages).toEqual([articleMessages.revisionSaved]);

    const page = t.page;
    await signIn(page, t.site, ownerEmail, 'owner', '/back-office/insights');
    await page.getByText(`Changes waiting for review by ${staffEmail}`, { exact: false }).waitFor();
    await page.getByRole('link', { name: 'Payroll year end' }).click();
    const review = page.getByRole('region', { name: 'Changes waiting for review' });
    await review.waitFor();
    const text = review.getByRole('row', { name: /^Text/ });
    expect(await text.getByRole('cell').nth(0).innerText()).toContain('19 April');
    expect(await text.getByRole('cell').nth(1).innerText()).toContain('5 April');
    const links = review.getByRole('row', { name: /^Links and pictures/ });
    expect(await links.getByRole('cell').nth(0).innerText()).toBe(
      'HMRC’s guide → https://www.gov.uk/payroll',
    );
    expect(await links.getByRole('cell').nth(1).innerText()).toBe(
      'HMRC’s guide → https://phish.example/login',
    );
    expect(await review.getByRole('row').count()).toBe(3);
    expect(await accessibilityViolations(page)).toEqual([]);

    await review.getByRole('button', { name: 'Publish these changes' }).click();
    await page.getByRole('status').getByText(articleMessages.revisionPublished).waitFor();
    expect(await page.getByRole('region', { name: 'Changes waiting for review' }).count()).toBe(0);
    // The editor now holds the text published, its date in bold.
    await page.getByRole('textbox', { name: 'Text' }).locator('strong', { hasText: '5 April' }).waitFor();
    const live = await (await fetch(`${t.site.url}/insights/payroll-year-end`)).text();
    expect(live).toContain('<strong>5 April</strong>');
    expect(t.errors).toEqual([]);
  });
});

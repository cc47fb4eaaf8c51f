import { describe, expect, it } from 'vitest';
import { hashToken } from '#server/tokens.ts';
import { proposalMessages } from '#shared/proposals.ts';
import { accessibilityViolations } from '../support/accessibility.ts';
import { hydrated, setUpSiteInBrowser } from '../support/browser.ts';
import { post, quote } from '../support/enquiries.ts';
import { signIn } from '../support/signed-in.ts';

// A member of staff turns a quote request into a proposal: the request's answers filled in, a fee changed
// with the reason kept for the firm, payroll offered as an optional extra, a covering message, and sent:
// the client's email arrives with the link the client's page finds the proposal by.
const t = setUpSiteInBrowser();

describe('a proposal in Chromium', () => {
  it('builds a proposal from a quote request with an adjusted price and an extra, sends it, and the email brings its link', async () => {
    const page = t.page;
    const client = 'amira.proposal@example.test';
    expect((await post(t.site, '/show-contact-send', { ...quote(client), recToken: 'none' })).status).toBe(
      201,
    );
    const { reference: quoteReference } = await t.site.db
      .selectFrom('enquiries')
      .select('reference')
      .where('email', '=', client)
      .executeTakeFirstOrThrow();

    await signIn(
      page,
      t.site,
      'sam.proposals@fenwickhale.test',
      'staff',
      `/back-office/enquiries/${quoteReference}`,
    );
    await page.getByRole('link', { name: 'Make a proposal' }).click();
    await page.getByRole('heading', { name: 'New proposal to Amira Shah', level: 1 }).waitFor();
    await hydrated(page);
    // The request's practice and its turnover (£480,000) are answers already.
    await expect.poll(() => page.getByLabel('Addressed to').inputValue()).toBe('Shah Dental Care');
    await expect.poll(() => page.getByLabel('Annual turnover').inputValue()).toBe('over-250k');
    await page.getByLabel('Kind of business').selectOption({ label: 'Limited company' });
    await page.getByLabel('Bank transactions a month').fill('150');
    await page.getByLabel('Payslips a month').fill('6');

    const fees = page.getByRole('table', { name: 'Fees, before VAT' });
    await page.getByRole('checkbox', { name: 'Bookkeeping' }).check();
    // £90, and 50 transactions over the 100 included at 50p.
    await fees
      .getByRole('row', { name: /^Bookkeeping/ })
      .getByText('£115.00 a month')
      .waitFor();
    await page.getByRole('checkbox', { name: 'Year-end accounts' }).check();
    await page.getByRole('checkbox', { name: 'Payroll', exact: true }).check();
    await page.getByRole('checkbox', { name: 'Payroll: optional extra' }).check();
    await fees
      .getByRole('row', { name: /^Payroll \(optional extra\)/ })
      .getByText('£61.00 a month')
      .waitFor();

    // A fee changed needs its reason before anything is saved.
    await page.getByLabel('Fee for Bookkeeping before VAT (£)').fill('100');
    await page.getByText(proposalMessages.reasonNeeded).waitFor();
    await page
      .getByLabel('Why Bookkeeping differs from the price list (seen by staff only)')
      .fill('A year agreed');
    const bookkeeping = fees.getByRole('row', { name: /^Bookkeeping/ });
    await bookkeeping.getByText('£100.00 a month').waitFor();
    await bookkeeping.getByText('Changed: A year agreed').waitFor();
    await fees
      .getByRole('row', { name: /^Total a month/ })
      .getByText('£100.00')
      .waitFor();

    await page.getByRole('textbox', { name: 'Covering message' }).click();
    await page.keyboard.type('Thank you for the call on Tuesday.');
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Send to Amira Shah' }).click();
    const heading = page.getByRole('heading', { name: /^Proposal [A-Z]+-P\S+ to Amira Shah$/, level: 1 });
    await heading.waitFor();
    await page
      .getByRole('definition')
      .filter({ hasText: /^Sent$/ })
      .waitFor();
    const reference = ((await heading.textContent()) ?? '').split(' ')[1] as string;

    const email = await t.site.smtp.waitFor(
      (mail) => mail.to.includes(client) && (mail.parsed.subject?.includes(reference) ?? false),
    );
    expect(email.parsed.subject).toBe(`Your proposal from Fenwick & Hale (${reference})`);
    expect(email.parsed.text).toContain('Thank you for the call on Tuesday.');
    expect(email.parsed.text).not.toContain('A year agreed');
    const link = email.parsed.text?.match(/\S+\/proposal\?token=[\w-]+/)?.[0] ?? '';
    expect(link.startsWith(`${t.site.url}/proposal?token=`)).toBe(true);
    // The link's token is what the client's page finds the proposal by: its hash, and nothing else, kept.
    const token = new URL(link).searchParams.get('token') as string;
    const found = await t.site.db
      .selectFrom('proposals')
      .select(['reference', 'status', 'document'])
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirstOrThrow();
    expect([found.reference, found.status]).toEqual([reference, 'sent']);
    expect(
      JSON.parse(found.document).lines.map((line: { key: string; fee: number; optional: boolean }) => [
        line.key,
        line.fee,
        line.optional,
      ]),
    ).toEqual([
      ['bookkeeping', 10_000, false],
      ['year-end-accounts', 140_000, false],
      ['payroll', 6_100, true],
    ]);

    // On the client's page: listed as sent, and on the timeline.
    await page.getByRole('link', { name: 'Back to Amira Shah' }).click();
    const proposals = page.getByRole('region', { name: 'Proposals' });
    await proposals
      .getByRole('row', { name: new RegExp(reference) })
      .getByText('Sent')
      .waitFor();
    await page.getByRole('region', { name: 'Timeline' }).getByText(`Proposal ${reference} sent`).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(t.errors).toEqual([]);
  });
});

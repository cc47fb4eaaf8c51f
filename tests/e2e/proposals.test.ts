import { afterAll, describe, expect, it } from 'vitest';
import { hashToken } from '#server/tokens.ts';
import { proposalPageMessages } from '#shared/api/proposal-page.ts';
import { proposalMessages } from '#shared/proposals.ts';
import { accessibilityViolations } from '../support/accessibility.ts';
import { hydrated, setUpSiteInBrowser } from '../support/browser.ts';
import { post, quote } from '../support/enquiries.ts';
import { pdfText } from '../support/pdf-text.ts';
import { signIn, staffApi } from '../support/signed-in.ts';
import { waitUntil } from '../support/wait.ts';
import { startReceiver, verified } from '../support/webhook-receiver.ts';

// Issue 37's whole journey: a member of staff turns a quote request into a proposal (the request's answers
// filled in, a fee changed with the reason kept for the firm, payroll offered as an optional extra, a
// covering message) and sends it; the client opens the emailed link on a phone, ticks the extra and
// accepts; the engagement letter arrives as a PDF holding the services, fees and signature evidence; the
// opportunity is Won; and the firm's practice software receives the signed webhook.
const t = setUpSiteInBrowser();

describe('a proposal in Chromium', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>> | undefined;
  afterAll(() => receiver?.close());

  it('takes a quote request to a signed engagement: proposal sent, accepted on a phone, letter, Won, webhook', async () => {
    const page = t.page;
    const client = 'amira.proposal@example.test';
    // The firm's practice software listens for accepted proposals.
    receiver = await startReceiver();
    const owner = await staffApi(t.site, 'olive.proposals@fenwickhale.test', 'owner');
    expect((await owner.send('/webhook', { url: receiver.url })).status).toBe(200);
    const { secret } = await (await owner.send('/webhook/secret')).json();

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

    // The client, on a 375 px phone, opens the link, ticks the extra and sees the monthly total change.
    const phone = await (await t.browser.newContext({ viewport: { width: 375, height: 740 } })).newPage();
    await phone.goto(link);
    await hydrated(phone);
    await phone.getByRole('heading', { name: 'Our proposal for Shah Dental Care' }).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const monthly = phone.locator('tr[data-total="monthly"] td');
    expect(await monthly.textContent()).toBe('£100.00 + VAT £20.00 = £120.00');
    await phone.getByLabel(/^Payroll/).check();
    await expect.poll(() => monthly.textContent()).toBe('£161.00 + VAT £32.20 = £193.20');
    await phone.getByLabel('Your full name').fill('Amira Shah');
    await phone.getByLabel('I agree to the terms of business').check();
    await phone.getByRole('button', { name: 'Accept', exact: true }).click();
    await phone.getByRole('heading', { name: proposalPageMessages.acceptedTitle }).waitFor();
    await phone.context().close();

    // The engagement letter arrives, and holds the services, the fees and the signature's evidence.
    const letterMail = await t.site.smtp.waitFor(
      (mail) =>
        mail.to.includes(client) &&
        mail.parsed.attachments.some((file) => file.mimeType === 'application/pdf'),
    );
    const pdf = letterMail.parsed.attachments.find((file) => file.mimeType === 'application/pdf');
    const { text } = await pdfText(new Uint8Array(pdf?.content as ArrayBuffer));
    const { shown_hash } = await t.site.db
      .selectFrom('proposal_acceptances')
      .innerJoin('proposals', 'proposals.id', 'proposal_acceptances.proposal_id')
      .select('shown_hash')
      .where('proposals.reference', '=', reference)
      .executeTakeFirstOrThrow();
    for (const words of [
      'Bookkeeping',
      'Year-end accounts',
      'Payroll (optional extra)',
      'Total a month: £161.00 + VAT £32.20 = £193.20',
      'Signed by: Amira Shah',
      shown_hash,
    ]) {
      expect(text.replaceAll('\n', '')).toContain(words);
    }

    // The opportunity is Won on the client's page, and the timeline says who accepted.
    await page.reload();
    await page
      .getByRole('region', { name: 'Timeline' })
      .getByText(`Proposal ${reference} accepted online by Amira Shah`)
      .waitFor();
    await page
      .getByRole('region', { name: 'New business' })
      .getByText(/ · Won · since/)
      .waitFor();

    // The practice software receives the accepted client, signed with the firm's secret.
    await waitUntil(() => receiver?.received.length === 1);
    const [delivery] = receiver.received;
    expect(delivery && verified(secret, delivery)).toBe(true);
    expect(JSON.parse(delivery?.body ?? '{}')).toMatchObject({ event: 'proposal.accepted' });
    expect(t.errors).toEqual([]);
  });
});

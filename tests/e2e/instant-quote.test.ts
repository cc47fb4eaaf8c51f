import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { setInstantQuote } from '#server/features/instant-quote/index.ts';
import { instantQuoteWords } from '#shared/instant-quote.ts';
import { priceServices } from '#shared/pricing.ts';
import { starterPriceList } from '#shared/starter-price-list.ts';
import { accessibilityViolations } from '../support/accessibility.ts';
import { openSection } from '../support/back-office-nav.ts';
import { hydrated, setUpSiteInBrowser } from '../support/browser.ts';
import { signIn } from '../support/signed-in.ts';

// A visitor works out a price on the instant quote, with the page's script and without it, and sends it;
// the firm reads the same figures on the lead's page.
const t = setUpSiteInBrowser();

const price = (page: Page) => page.locator('#iq-price');
const row = (page: Page, service: string) =>
  price(page).getByRole('row', { name: new RegExp(`^${service}`) });

async function storedQuote(email: string) {
  const stored = await t.site.db
    .selectFrom('enquiries')
    .selectAll()
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return { reference: stored.reference, quote: JSON.parse(stored.details).instantQuote };
}

/** Fills in the send form as a visitor would, and sends it. */
async function send(page: Page, name: string, email: string) {
  const form = page.locator('form[data-instant-quote]');
  await form.getByLabel('Your name').fill(name);
  await form.getByLabel('Email address', { exact: true }).fill(email);
  await form.getByRole('checkbox', { name: /I agree to Fenwick & Hale using these details/ }).check();
  await form.getByRole('button', { name: instantQuoteWords.sendButton }).click();
  await page.waitForURL('**/instant-quote/sent');
  await page.getByRole('heading', { name: instantQuoteWords.sentTitle, level: 1 }).waitFor();
}

describe('the instant quote in Chromium', () => {
  beforeAll(async () => {
    await setInstantQuote(t.site.db, false, { by: null, now: new Date() });
  });

  it('is turned on by an owner on the Price list screen', async () => {
    await signIn(t.page, t.site, 'iq.owner@fenwickhale.test', 'owner');
    await openSection(t.page, 'Price list');
    const section = t.page.getByRole('region', { name: 'Instant quote on the site' });
    await section.getByRole('button', { name: 'Turn the instant quote on' }).click();
    await section.getByText('The instant quote is on the site.').waitFor();
    await section.getByRole('link', { name: '/instant-quote' }).waitFor();
    expect(t.errors).toEqual([]);
  });

  it('with script, changes the price as the visitor chooses, and sends the quote as a lead', async () => {
    await setInstantQuote(t.site.db, true, { by: null, now: new Date() });
    const page = t.page;
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${t.site.url}/instant-quote`);
    await hydrated(page);
    expect(await accessibilityViolations(page)).toEqual([]);
    // Priced as they choose: no button to press.
    expect(await page.getByRole('button', { name: instantQuoteWords.showPrice }).isVisible()).toBe(false);
    await price(page).getByText(instantQuoteWords.noPriceYet).waitFor();

    await page.getByRole('checkbox', { name: /^Bookkeeping/ }).check();
    // Only the question bookkeeping's price depends on is asked.
    expect(await page.getByLabel('Kind of business').isVisible()).toBe(false);
    await page.getByLabel('Bank transactions a month').fill('180');
    await row(page, 'Bookkeeping').getByText('£130.00').waitFor();
    await page.getByLabel('Bank transactions a month').fill('200');
    await row(page, 'Bookkeeping').getByText('£140.00').waitFor();

    await page.getByRole('checkbox', { name: /^Year-end accounts/ }).check();
    await price(page).getByText(instantQuoteWords.noPriceYet).waitFor();
    await page.getByLabel('Kind of business').selectOption({ label: 'Limited company' });
    await page.getByLabel('Annual turnover').selectOption({ label: 'Over £250,000' });
    await row(page, 'Year-end accounts').getByText('£1,400.00').waitFor();
    await price(page).getByText('£140.00 a month plus VAT of £28.00').waitFor();
    await price(page).getByText('£1,400.00 a year plus VAT of £280.00').waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);

    await send(page, 'Sol Script', 'sol.script@example.co.uk');
    await page.getByRole('button', { name: 'Book an initial call' }).click();
    await page.getByRole('dialog', { name: 'Book an initial call' }).waitFor();

    const { reference, quote } = await storedQuote('sol.script@example.co.uk');
    const answers = { transactions: 200, entity: 'limited-company', turnover: 'over-250k' };
    expect(quote.pricing).toEqual(
      priceServices(starterPriceList, ['bookkeeping', 'year-end-accounts'], answers),
    );
    const figures = await t.site.smtp.waitFor((mail) => mail.to.includes('sol.script@example.co.uk'));
    expect(figures.parsed.text).toContain('Bookkeeping: £140.00 a month');

    // The firm reads the quote's lines and totals on the lead's page.
    await signIn(page, t.site, 'iq.staff@fenwickhale.test', 'staff', `/back-office/enquiries/${reference}`);
    await page.getByRole('heading', { name: 'Instant quote from Sol Script' }).waitFor();
    await page.getByText('£1,400.00 a year', { exact: true }).waitFor();
    await page.getByText('£140.00 a month plus VAT of £28.00').waitFor();
    expect(t.errors).toEqual([]);
  });

  it('without script, shows the price the server worked out, and sends the quote by a form post', async () => {
    await setInstantQuote(t.site.db, true, { by: null, now: new Date() });
    const context = await t.page.context().browser()?.newContext({ javaScriptEnabled: false });
    const page = await context?.newPage();
    if (!context || !page) throw new Error('No browser to open a page without script');
    await page.goto(`${t.site.url}/instant-quote`);
    await page.getByRole('checkbox', { name: /^Payroll/ }).check();
    await page.getByLabel('Payslips a month').fill('4');
    await page.getByRole('button', { name: instantQuoteWords.showPrice }).click();
    // £25 and four payslips at £6.
    await row(page, 'Payroll').getByText('£49.00').waitFor();
    await price(page).getByText('£49.00 a month plus VAT of £9.80').waitFor();
    expect(await page.getByRole('checkbox', { name: /^Payroll/ }).isChecked()).toBe(true);

    await send(page, 'Nia Noscript', 'nia.noscript@example.co.uk');
    const { quote } = await storedQuote('nia.noscript@example.co.uk');
    expect(quote.pricing).toEqual(priceServices(starterPriceList, ['payroll'], { payslips: 4 }));
    await context.close();
  });
});

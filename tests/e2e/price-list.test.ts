import { describe, expect, it } from 'vitest';
import { backOfficeMessages } from '#shared/back-office.ts';
import { priceServices } from '#shared/pricing.ts';
import { accessibilityViolations } from '../support/accessibility.ts';
import { openSection } from '../support/back-office-nav.ts';
import { hydrated, setUpSiteInBrowser } from '../support/browser.ts';
import { signIn, staffApi } from '../support/signed-in.ts';

// A partner sets the firm's bookkeeping price, sees a made-up client's fees change as they type, and saves
// it as the price list's next version.
const t = setUpSiteInBrowser();

describe('the price list in Chromium', () => {
  for (const width of [375, 1280]) {
    it(`changes a price, shows a worked example priced as the owner types, and saves it (${width} px)`, async () => {
      const page = t.page;
      const email = `prices.${width}@fenwickhale.test`;
      await page.setViewportSize({ width, height: 900 });
      await signIn(page, t.site, email, 'owner');
      await openSection(page, 'Price list');
      await page.getByRole('heading', { name: 'Price list', level: 1 }).waitFor();
      await hydrated(page);

      // A sole trader with 180 transactions a month, wanting bookkeeping alone.
      const example = page.getByRole('region', { name: 'Worked example' });
      await example.getByLabel('Bank transactions a month').fill('180');
      for (const service of ['Year-end accounts', 'Self-assessment tax return', 'Payroll', 'VAT returns']) {
        await example.getByRole('checkbox', { name: service }).uncheck();
      }
      await example.getByRole('checkbox', { name: 'Company secretarial' }).uncheck();
      await example.getByRole('checkbox', { name: 'Advisory meeting' }).uncheck();
      const bookkeeping = example.getByRole('row', { name: /^Bookkeeping/ });
      // £90 and 80 transactions over the 100 included at 50p (as the starter list has it; the other
      // width's run may have saved another price first).
      await page.getByLabel('Base price of Bookkeeping').fill('90');
      await page.getByLabel('Rate (%)').fill('20%');
      const included = page.getByLabel('Bookkeeping: bank transactions a month included in the base');
      await included.fill('100');
      await bookkeeping.getByText('£130.00 a month').waitFor();
      // The firm includes 150 transactions: 30 over at 50p.
      await included.fill('150');
      await bookkeeping.getByText('£105.00 a month').waitFor();
      await included.fill('100');

      // A figure that does not read is said beside it, and the price list is not saved with the last one
      // that did.
      await page.getByLabel('Base price of Bookkeeping').fill('1,25O');
      await page.getByText('Enter pounds and pence, like 90 or 1250.50').waitFor();
      await page.getByRole('button', { name: 'Save price list' }).click();
      await page.getByRole('alert').getByText(backOfficeMessages.priceListFixFirst).waitFor();
      await expect
        .poll(() =>
          page.getByLabel('Base price of Bookkeeping').evaluate((box) => box === document.activeElement),
        )
        .toBe(true);
      await page.getByLabel('Base price of Bookkeeping').fill('125.50');
      await bookkeeping.getByText('£165.50 a month').waitFor();
      await example
        .getByRole('row', { name: /^Total a month/ })
        .getByText('£165.50 + VAT £33.10 = £198.60')
        .waitFor();
      // A rate typed with its decimal point on the way: 17.5 %, the VAT to the nearest penny.
      await page.getByLabel('Rate (%)').fill('');
      await page.getByLabel('Rate (%)').pressSequentially('17.5');
      await example
        .getByRole('row', { name: /^Total a month/ })
        .getByText('£165.50 + VAT £28.96 = £194.46')
        .waitFor();
      expect(await accessibilityViolations(page)).toEqual([]);

      await page.getByRole('button', { name: 'Save price list' }).click();
      await page.getByRole('status').getByText(backOfficeMessages.priceListSaved).waitFor();
      const { version, priceList } = await (await staffApi(t.site, email)).json('/price-list');
      expect(version).toEqual(expect.any(Number));
      expect(priceServices(priceList, ['bookkeeping'], { transactions: 180 }).services[0]?.fee).toBe(16_550);
      await page.getByText(`Version ${version}.`, { exact: false }).waitFor();
      expect(await accessibilityViolations(page)).toEqual([]);
      expect(t.errors).toEqual([]);
    });
  }
});

import { describe, expect, it } from 'vitest';
import { backOfficeMessages } from '#shared/back-office.ts';
import { priceListMessages } from '#shared/price-list-messages.ts';
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
      const bookkeeping = example.getByRole('table', { name: /^Bookkeeping:/ });
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
      // Nothing on the screen is wider than the window, its longest rule and option among them.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      // The other width's run may have saved these very figures: a description of its own is a change,
      // where the same list saved again would make no version.
      await page.getByLabel('Description of Bookkeeping').fill(`Recorded and reconciled (${width} px).`);

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

  it('adds a service with a rule on a new driver, prices it as the owner types, and removes the driver with its rule', async () => {
    const page = t.page;
    const email = 'landlords@fenwickhale.test';
    await signIn(page, t.site, email, 'owner');
    await openSection(page, 'Price list');
    await page.getByRole('heading', { name: 'Price list', level: 1 }).waitFor();
    await hydrated(page);
    const example = page.getByRole('region', { name: 'Worked example' });
    // On a wide screen the worked example stands beside the prices, not under them.
    const [prices, beside] = await Promise.all([
      page.getByRole('heading', { name: 'Services', level: 2 }).boundingBox(),
      example.boundingBox(),
    ]);
    expect(beside && prices && beside.x > prices.x + prices.width / 2).toBe(true);

    // VAT at 20 % (the run before may have saved another rate).
    await page.getByLabel('Rate (%)').fill('20');

    // A count the firm prices landlords' work by, then the service itself, by keyboard.
    await page.getByLabel('Name of the new driver').fill('Rental properties');
    await page.getByLabel('Kind of driver').selectOption('A count');
    await page.getByLabel('Most a client may give of the new driver').fill('50');
    await page.getByRole('button', { name: 'Add driver' }).click();
    await page
      .getByRole('status')
      .getByText('Rental properties added: give a service a rule on it.')
      .waitFor();
    await page.getByLabel('Name of the new service').fill('Landlord accounts');
    await page.getByLabel('Base price of the new service').fill('400');
    await page.getByLabel('How often the new service is charged').selectOption('a year');
    await page
      .getByLabel('Description of the new service')
      .fill('Your rental income and costs, for your tax return.');
    await page.getByLabel('Name of the new service').press('Enter');
    const landlords = page.getByRole('group', { name: 'Landlord accounts', exact: true });
    await landlords.getByLabel('New rule for Landlord accounts').selectOption({
      label: 'Each of rental properties above a number',
    });
    await landlords.getByLabel('Landlord accounts: the new rule adds for each above').fill('1');
    await landlords.getByLabel('Landlord accounts: the new rule adds (£)').fill('75');
    await landlords.getByRole('button', { name: 'Add rule' }).click();

    // Three properties: the base, two over the one included at £75, VAT at 20 %.
    await example.getByLabel('Rental properties').fill('3');
    const fee = example.getByRole('table', { name: /^Landlord accounts:/ });
    await fee.getByText('Landlord accounts: £550.00 a year + VAT').waitFor();
    expect(await fee.getByRole('row').allInnerTexts()).toEqual([
      'Base price\t£400.00',
      'Each one over 1 (rental properties)\t+ £150.00',
      'Before VAT, as clients see it\t£550.00',
      'VAT at 20%\t£110.00',
      'With VAT\t£660.00',
    ]);
    // What each one adds, changed as it is typed.
    const adds = landlords.getByLabel('Landlord accounts: Each one over 1 (rental properties)');
    await adds.fill('');
    await adds.pressSequentially('80');
    await fee.getByText('Landlord accounts: £560.00 a year + VAT').waitFor();
    // Shown with VAT: the screen says what that changes, and the example leads with it.
    await page.getByLabel('Prices are shown').selectOption('with VAT');
    await page.getByText(priceListMessages.shownWith).waitFor();
    await fee.getByText('Landlord accounts: £672.00 a year with VAT').waitFor();
    await fee.getByRole('row', { name: 'With VAT, as clients see it £672.00' }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);

    // An option renamed keeps its key: the answers and proposals that name it still find it.
    await page.getByLabel('Option 1 of Kind of business').fill('Sole trader or freelancer');
    await example
      .getByLabel('Kind of business')
      .getByRole('option', { name: 'Sole trader or freelancer' })
      .waitFor({
        state: 'attached',
      });

    // Leaving by the back office's own links with changes unsaved asks first; staying keeps them.
    const asked = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.message());
        void dialog.dismiss();
      }),
    );
    await page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Overview' })
      .click();
    expect(await asked).toBe(priceListMessages.unsavedWarning);
    await fee.waitFor();

    await page.getByRole('button', { name: 'Save price list' }).click();
    await page.getByRole('status').getByText(backOfficeMessages.priceListSaved).waitFor();
    const { version, priceList } = await (await staffApi(t.site, email)).json('/price-list');
    expect(priceList.services.at(-1)).toEqual({
      key: 'landlord-accounts',
      name: 'Landlord accounts',
      description: 'Your rental income and costs, for your tax return.',
      frequency: 'annually',
      base: 40_000,
      rules: [{ kind: 'each', driver: 'rental-properties', included: 1, add: 8_000 }],
    });
    expect(priceList.drivers[0]?.options?.[0]).toEqual({
      key: 'sole-trader',
      label: 'Sole trader or freelancer',
    });
    expect(priceServices(priceList, ['landlord-accounts'], { 'rental-properties': 3 }).services[0]?.fee).toBe(
      56_000,
    );
    // Saved again as it stands: no new version.
    await page.getByRole('button', { name: 'Save price list' }).click();
    await page.getByRole('status').getByText(`Nothing has changed since version ${version}.`).waitFor();

    // Saved, so nothing is asked on reloading; the service and its rule are there.
    await page.reload();
    await hydrated(page);
    await example.getByLabel('Rental properties').fill('3');
    await fee.getByText('Landlord accounts: £672.00 a year with VAT').waitFor();

    // Removing the driver names the service whose rule uses it, and takes the rule with it when told to.
    const driver = page.getByRole('group', { name: 'Rental properties', exact: true });
    await driver.getByRole('button', { name: 'Remove Rental properties' }).click();
    await driver
      .getByRole('alert')
      .getByText('Rental properties is used by the rules of Landlord accounts. Remove those rules too?')
      .waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('Remove it and those rules');
    await page.keyboard.press('Enter');
    await driver.waitFor({ state: 'detached' });
    await expect(landlords.getByRole('list', { name: 'Rules of Landlord accounts' }).count()).resolves.toBe(
      0,
    );
    expect(await fee.getByRole('row').allInnerTexts()).toEqual([
      'Base price\t£400.00',
      'Before VAT\t£400.00',
      'VAT at 20%\t£80.00',
      'With VAT, as clients see it\t£480.00',
    ]);
    expect(await accessibilityViolations(page)).toEqual([]);

    // Reloading with that unsaved: the browser asks first.
    const leaving = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.type());
        void dialog.accept();
      }),
    );
    await page.reload();
    expect(await leaving).toBe('beforeunload');
    expect(t.errors).toEqual([]);
  });
});

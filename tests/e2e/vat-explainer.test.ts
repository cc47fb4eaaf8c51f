import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { connectorBreakpointPx, connectorFirstDelayMs, connectorLastDelayMs } from '#shared/timings.ts';
import { setUpSiteInBrowser } from '../support/browser.ts';

const t = setUpSiteInBrowser();

const open = async (width: number) => {
  await t.page.setViewportSize({ width, height: 900 });
  await t.page.goto(`${t.site.url}/vat-de-minimis`);
  await t.page.locator('svg.connectors path').first().waitFor({ state: 'attached' });
};

const calculator = () => t.page.locator('.de-minimis');

/** Each test's verdict as the visitor reads it, by the test's name. */
const verdicts = async () =>
  Object.fromEntries(
    await calculator()
      .locator('.test-card')
      .evaluateAll((cards) =>
        cards.map((card) => [
          card.querySelector('h4')?.textContent,
          card.querySelector('.test-card__verdict')?.textContent?.replace(/^\W+/, ''),
        ]),
      ),
  );

async function enter(figures: Record<string, string>) {
  for (const [label, value] of Object.entries(figures)) {
    await calculator().getByLabel(label, { exact: true }).fill(value);
  }
  await calculator().getByRole('button', { name: 'Check these figures' }).click();
}

/** Every connector line: its ends, its path, its drawing animation and the delay before it starts. */
const connectors = (page: Page) =>
  page.locator('svg.connectors path').evaluateAll((paths) =>
    paths.map((path) => {
      const [animation] = path.getAnimations() as CSSAnimation[];
      return {
        from: path.getAttribute('data-from'),
        to: path.getAttribute('data-to'),
        d: path.getAttribute('d') ?? '',
        passes: path.classList.contains('connector--pass'),
        animation: animation?.animationName,
        delay: animation?.effect?.getTiming().delay,
      };
    }),
  );

const expectedDelays = [1500, 2071, 2643, 3214, 3786, 4357, 4929, 5500];

describe('the VAT de minimis explainer in Chromium', () => {
  it('opens with a worked example already assessed, before any script runs', async () => {
    const response = await t.page.request.get(`${t.site.url}/vat-de-minimis`);
    const html = await response.text();
    expect(html).toContain('Simplified Test Two');
    expect(html).toContain('You are de minimis for this period.');
    expect(html).toContain('£2,300');
  });

  it('side by side, draws eight lines from the figures to the tests to the outcome, 1.5 s to 5.5 s apart', async () => {
    await open(1280);
    expect(await t.page.locator('svg.connectors').getAttribute('data-layout')).toBe('wide');
    const lines = await connectors(t.page);
    expect(lines.map((line) => `${line.from}→${line.to}`)).toEqual([
      'figures→testOne',
      'figures→testTwo',
      'figures→originalTest',
      'figures→annualTest',
      'testOne→outcome',
      'testTwo→outcome',
      'originalTest→outcome',
      'annualTest→outcome',
    ]);
    expect(lines.map((line) => line.delay)).toEqual(expectedDelays);
    expect(expectedDelays[0]).toBe(connectorFirstDelayMs);
    expect(expectedDelays.at(-1)).toBe(connectorLastDelayMs);
    expect(lines.every((line) => line.animation === 'connector-draw')).toBe(true);
    // Side by side, every line is a curve from one column to the next.
    expect(lines.every((line) => / C /.test(line.d))).toBe(true);
    // The example passes Test Two and the annual test: only their lines into the outcome are drawn solid.
    expect(lines.filter((line) => line.to === 'outcome' && line.passes).map((line) => line.from)).toEqual([
      'testTwo',
      'annualTest',
    ]);

    // The line starts hidden (its dash offset) and is fully drawn once its animation has run.
    const drawn = await t.page
      .locator('svg.connectors path')
      .last()
      .evaluate((path) => {
        const before = getComputedStyle(path).strokeDashoffset;
        const [animation] = path.getAnimations();
        animation?.finish();
        return { before, after: getComputedStyle(path).strokeDashoffset };
      });
    expect(drawn).toEqual({ before: '1px', after: '0px' });
    expect(t.errors).toEqual([]);
  });

  it('stacked on a phone, runs the lines down rails at the sides with the same delays', async () => {
    await open(375);
    expect(await t.page.locator('svg.connectors').getAttribute('data-layout')).toBe('narrow');
    const lines = await connectors(t.page);
    expect(lines).toHaveLength(8);
    expect(lines.map((line) => line.delay)).toEqual(expectedDelays);
    expect(lines.every((line) => line.animation === 'connector-draw')).toBe(true);
    const width = await calculator().evaluate((element) => element.getBoundingClientRect().width);
    for (const line of lines.slice(0, 4)) expect(line.d).toMatch(/ H 8 V /);
    for (const line of lines.slice(4)) expect(line.d).toContain(` H ${width - 8} V `);
    expect(t.errors).toEqual([]);
  });

  it('redraws the lines for the new layout when the window crosses 768 px, and follows the boxes on resize', async () => {
    await open(connectorBreakpointPx - 1);
    const layout = () => t.page.locator('svg.connectors').getAttribute('data-layout');
    expect(await layout()).toBe('narrow');
    await t.page.setViewportSize({ width: connectorBreakpointPx, height: 900 });
    await expect.poll(layout).toBe('wide');
    const at768 = await connectors(t.page);
    expect(at768.every((line) => / C /.test(line.d))).toBe(true);
    expect(at768.map((line) => line.delay)).toEqual(expectedDelays);

    await t.page.setViewportSize({ width: 1400, height: 900 });
    await expect.poll(async () => (await connectors(t.page))[0]?.d).not.toBe(at768[0]?.d);
    // Each line still starts at the figures' right edge and ends at its test's left edge.
    const ends = await t.page.evaluate(() => {
      const diagram = document.querySelector('.de-minimis')?.getBoundingClientRect() as DOMRect;
      const figures = document
        .querySelector('[data-connector="figures"]')
        ?.getBoundingClientRect() as DOMRect;
      const test = document.querySelector('[data-connector="testOne"]')?.getBoundingClientRect() as DOMRect;
      return { start: figures.right - diagram.left, end: test.left - diagram.left };
    });
    const [first] = await connectors(t.page);
    const numbers = first?.d.match(/-?\d+(\.\d+)?/g)?.map(Number) ?? [];
    expect(numbers[0]).toBeCloseTo(ends.start, 0);
    expect(numbers.at(-2)).toBeCloseTo(ends.end, 0);
    expect(t.errors).toEqual([]);
  });

  it('shows the lines without animation to a visitor who asks for reduced motion', async () => {
    await t.page.emulateMedia({ reducedMotion: 'reduce' });
    await open(1280);
    const lines = await connectors(t.page);
    expect(lines).toHaveLength(8);
    expect(lines.every((line) => line.animation === undefined)).toBe(true);
    const offsets = await t.page
      .locator('svg.connectors path')
      .evaluateAll((paths) => paths.map((path) => getComputedStyle(path).strokeDashoffset));
    expect(new Set(offsets)).toEqual(new Set(['0px']));
  });

  it('assesses a visitor’s figures as the worked examples do', async () => {
    await open(1280);
    const quarter = {
      'Length of the period in months': '3',
      'Value of taxable supplies': '50000',
      'Value of exempt supplies': '50000',
    };
    // Over every limit: only the taxable share can be reclaimed.
    await enter({
      ...quarter,
      'Input tax on costs used only for taxable supplies': '2000',
      'Input tax on costs used only for exempt supplies': '1500',
      'Residual input tax on shared costs': '1000',
    });
    const outcome = calculator().locator('[data-connector="outcome"]');
    await outcome.getByText('You are not de minimis for this period.', { exact: false }).waitFor();
    expect(await verdicts()).toEqual({
      'Simplified Test One': 'Does not pass',
      'Simplified Test Two': 'Does not pass',
      'The original test': 'Does not pass',
      'The annual test': 'Does not pass',
    });
    expect(await outcome.locator('dd').allTextContents()).toEqual(['£2,500', '£2,000', '50%']);
    await expect
      .poll(async () => (await connectors(t.page)).filter((line) => line.to === 'outcome' && line.passes))
      .toEqual([]);

    // Large taxable costs: de minimis only under the original test.
    await enter({
      'Input tax on costs used only for taxable supplies': '3000',
      'Input tax on costs used only for exempt supplies': '500',
      'Residual input tax on shared costs': '2000',
      'Value of taxable supplies': '80000',
      'Value of exempt supplies': '20,000',
    });
    await outcome.getByText('You are de minimis for this period.', { exact: false }).waitFor();
    expect(await verdicts()).toMatchObject({
      'Simplified Test One': 'Does not pass',
      'Simplified Test Two': 'Does not pass',
      'The original test': 'Passes',
    });
    expect(await calculator().getByText('Exempt input tax: £900').count()).toBe(1);
    expect(await outcome.locator('dd').allTextContents()).toEqual(['£5,500', '£0', '80%']);
    expect(t.errors).toEqual([]);
  });

  it('names each figure it cannot read, in a summary that takes focus and links to the box', async () => {
    await open(375);
    await enter({ 'Length of the period in months': '13', 'Residual input tax on shared costs': '12.345' });
    const summary = t.page.locator('.error-summary');
    await summary.waitFor();
    await expect(summary.evaluate((element) => element === document.activeElement)).resolves.toBe(true);
    expect(await summary.locator('li').allTextContents()).toEqual([
      'Enter the length of the period in whole months, from 1 to 12',
      'Enter residual input tax in pounds, for example 1250 or 1250.50',
    ]);
    await summary.getByRole('link', { name: /residual input tax/ }).click();
    await expect(t.page.evaluate(() => document.activeElement?.id)).resolves.toBe(
      'de-minimis-residualInputTax',
    );
    const residual = calculator().getByLabel('Residual input tax on shared costs');
    expect(await residual.getAttribute('aria-invalid')).toBe('true');
    // The last good figures stay on show until the new ones can be read.
    expect(await verdicts()).toMatchObject({ 'Simplified Test Two': 'Passes' });
    expect(t.errors).toEqual([]);
  });
});

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { accessibilityViolations } from '../support/accessibility.ts';
import { openSection } from '../support/back-office-nav.ts';
import { setUpSiteInBrowser } from '../support/browser.ts';
import { seedReportFigures } from '../support/report-figures.ts';
import { signIn, staffMember } from '../support/signed-in.ts';

// The Reports screen: a visitor's first page and its campaign go with the form they send, and each
// report's table (what a screen reader reads beside the chart) and CSV file show the figures seeded for
// a month chosen with the period's date pickers.
const t = setUpSiteInBrowser();

/** The header and the rows of a report's table, as its cells read. */
async function tableOf(page: Page, title: string): Promise<string[][]> {
  const table = page.getByRole('region', { name: title, exact: true }).getByRole('table');
  await table.waitFor();
  return table
    .locator('tr')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? '')),
    );
}

/** A CSV file's rows, as cells (the reports' files hold no quoted commas or line breaks). */
const csvRows = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean)
    .map((line) => line.split(','));

const weeks = {
  2022: [
    '1 Mar 2022 to 6 Mar 2022',
    '7 Mar 2022 to 13 Mar 2022',
    '14 Mar 2022 to 20 Mar 2022',
    '21 Mar 2022 to 27 Mar 2022',
    '28 Mar 2022 to 31 Mar 2022',
  ],
  2021: [
    '1 Mar 2021 to 7 Mar 2021',
    '8 Mar 2021 to 14 Mar 2021',
    '15 Mar 2021 to 21 Mar 2021',
    '22 Mar 2021 to 28 Mar 2021',
    '29 Mar 2021 to 31 Mar 2021',
  ],
};

describe('reports in Chromium', () => {
  // Each width's figures are in a March of their own; the later March is seeded first, so that neither
  // finds the other's subscribers among those it had before the month began.
  for (const [width, year] of [
    [375, 2022],
    [1280, 2021],
  ] as const) {
    it(`shows each report’s figures for a chosen month in a table and a CSV file, and where a visitor came from (${width} px)`, async () => {
      const page = t.page;
      await page.setViewportSize({ width, height: 900 });

      // A visitor arrives from a campaign's link and signs up on the newsletter page. The campaign's
      // name is long and has no space, as any visitor's link may.
      const reader = `campaign.${width}@example.test`;
      const campaign = `Spring${width}${'Campaign'.repeat(10)}`;
      await page.goto(`${t.site.url}/newsletter?utm_source=${campaign}&utm_medium=email&token=not-kept`);
      await page.locator('main form').getByLabel('Email address').fill(reader);
      await page.locator('main form').getByRole('button', { name: 'Subscribe' }).click();
      await page.waitForURL(`${t.site.url}/subscribed`);
      const { id: readerId } = await t.site.db
        .selectFrom('subscribers')
        .select('id')
        .where('email', '=', reader)
        .executeTakeFirstOrThrow();
      expect(
        await t.site.db
          .selectFrom('lead_sources')
          .select(['channel', 'landing_path', 'utm_source', 'utm_medium', 'referrer'])
          .where('lead_kind', '=', 'subscriber')
          .where('lead_id', '=', readerId)
          .executeTakeFirst(),
      ).toEqual({
        channel: campaign.toLowerCase(),
        landing_path: '/newsletter',
        utm_source: campaign,
        utm_medium: 'email',
        referrer: null,
      });

      const email = `reports.${width}@fenwickhale.test`;
      const adviserUserId = await staffMember(t.site, email);
      await seedReportFigures(t.site.db, { year, prefix: `r${width}`, adviserUserId });
      await signIn(page, t.site, email);
      await openSection(page, 'Reports');
      // The last 90 days by default, which hold today's sign-up.
      expect(await tableOf(page, 'Leads by source')).toContainEqual([campaign.toLowerCase(), '0', '0', '1']);
      if (width === 1280) {
        // Its name wraps in its cell: every figure of the table stays in view.
        const last = page.getByRole('columnheader', { name: 'Mailing-list sign-ups' }).first();
        const box = await last.boundingBox();
        expect((box?.x ?? width) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
      }

      await page.getByLabel('From', { exact: true }).pressSequentially(`01/03/${year}`, { delay: 30 });
      await page.waitForURL((url) => url.searchParams.get('from') === `${year}-03-01`);
      await page.getByLabel('To', { exact: true }).pressSequentially(`31/03/${year}`, { delay: 30 });
      await page.waitForURL((url) => url.searchParams.get('to') === `${year}-03-31`);
      await page.getByText(`From 1 Mar ${year} to 31 Mar ${year}, days on the firm’s clocks.`).waitFor();

      const expected: Record<string, string[][]> = {
        'Leads by source': [
          ['Source', 'Leads', 'Moved on from New', 'Mailing-list sign-ups'],
          ['google.com', '2', '1', '0'],
          ['newsletter', '1', '1', '0'],
          ['Direct', '0', '0', '1'],
        ],
        'Conversion by stage': [
          ['Stage', 'Opportunities', 'Of those opened'],
          ['New', '3', '100%'],
          ['Contacted', '2', '67%'],
          ['Qualified', '2', '67%'],
          ['Won', '1', '33%'],
          ['Lost', '1', '33%'],
        ],
        'Time to first reply': [
          ['Waited', 'People'],
          ['Within an hour', '1'],
          ['1 to 4 hours', '0'],
          ['4 to 24 hours', '0'],
          ['1 to 3 days', '1'],
          ['Over 3 days', '0'],
          ['Not replied to yet', '1'],
          ['Median wait of those replied to', '1 day 1 h'],
        ],
        'Calls by adviser': [
          ['Adviser', 'Calls', 'Cancelled'],
          [`Adviser r${width}`, '2', '1'],
        ],
        'Subscribers over time': [
          ['Week', 'Joined', 'Left', 'Subscribed at the end'],
          [weeks[year][0] as string, '1', '0', '2'],
          [weeks[year][1] as string, '1', '0', '3'],
          [weeks[year][2] as string, '0', '1', '2'],
          [weeks[year][3] as string, '0', '0', '2'],
          [weeks[year][4] as string, '0', '0', '2'],
        ],
      };
      for (const [title, rows] of Object.entries(expected)) {
        await expect.poll(() => tableOf(page, title)).toEqual(rows);
        // The CSV file holds the same figures as the table.
        const link = page
          .getByRole('region', { name: title, exact: true })
          .getByRole('link', { name: `Download CSV of ${title.toLowerCase()}` });
        const csv = await page.request.get(new URL((await link.getAttribute('href')) ?? '', t.site.url).href);
        expect(csv.status()).toBe(200);
        expect(csvRows(await csv.text())).toEqual(rows);
      }
      // Each chart is drawn beside its table, out of the screen reader's way.
      await page.waitForFunction(() => {
        const charts = [...document.querySelectorAll('.bo-report-chart')];
        return (
          charts.length === 5 &&
          charts.every(
            (chart) =>
              chart.getAttribute('aria-hidden') === 'true' &&
              chart.querySelector('canvas')?.hasAttribute('width'),
          )
        );
      });

      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(await accessibilityViolations(page)).toEqual([]);
      expect(t.errors).toEqual([]);
    });
  }
});

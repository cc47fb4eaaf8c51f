import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { storageKeys } from '../../src/shared/storage-keys.ts';
import { collectPageErrors, launchBrowser } from '../support/browser.ts';
import { type RunningSite, startSite } from '../support/site.ts';

let site: RunningSite;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];

beforeAll(async () => {
  [site, browser] = await Promise.all([startSite(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});
beforeEach(async () => {
  context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  page = await context.newPage();
  errors = collectPageErrors(page);
});
afterEach(() => context.close());

describe('the public site in Chromium', () => {
  it('renders the home page and hydrates it without a console error', async () => {
    await page.goto(site.url);
    await expect(page.locator('h1').textContent()).resolves.toBe(
      'Accountancy that keeps your business moving',
    );
    await expect(page.title()).resolves.toMatch(/^Fenwick & Hale \| /);
    // Hydration attaches React's listeners; the scroll flag proves the page is live.
    await page.evaluate(() => window.scrollTo(0, 50));
    await page.waitForSelector('header[data-at-top="false"]');
    expect(errors).toEqual([]);
  });

  it('flags the header as off the top above 10 px and back at the top below 4 px', async () => {
    await page.goto(site.url);
    const header = page.locator('header.site-header');
    const scrollTo = async (y: number) => {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await page.waitForFunction((top) => Math.round(window.scrollY) === top, y);
      await page.evaluate(() => new Promise(requestAnimationFrame));
    };
    await expect(header.getAttribute('data-at-top')).resolves.toBe('true');
    await scrollTo(10);
    await expect(header.getAttribute('data-at-top')).resolves.toBe('true');
    await scrollTo(11);
    await page.waitForSelector('header[data-at-top="false"]');
    await scrollTo(4);
    await expect(header.getAttribute('data-at-top')).resolves.toBe('false');
    await scrollTo(3);
    await page.waitForSelector('header[data-at-top="true"]');
    expect(errors).toEqual([]);
  });

  it('shows the cookie banner 2 s after load, and never again once dismissed', async () => {
    await page.clock.install();
    await page.goto(site.url);
    await page.waitForSelector('header[data-at-top]');
    const banner = page.getByRole('region', { name: 'Cookies on this site' });
    await page.clock.runFor(1900);
    await expect(banner.count()).resolves.toBe(0);
    await page.clock.runFor(200);
    await banner.waitFor();
    await banner.getByRole('button', { name: 'OK, got it' }).click();
    await banner.waitFor({ state: 'detached' });
    const stored = await page.evaluate(
      (key) => localStorage.getItem(key),
      storageKeys.cookieConsentDismissed,
    );
    expect(stored).not.toBeNull();

    await page.reload();
    await page.waitForSelector('header[data-at-top]');
    await page.clock.runFor(5000);
    await expect(banner.count()).resolves.toBe(0);
    expect(errors).toEqual([]);
  });

  it('shows the not-found page with status 404 for an unknown path', async () => {
    const response = await page.goto(`${site.url}/no-such-page`);
    expect(response?.status()).toBe(404);
    await expect(page.locator('h1').textContent()).resolves.toBe('Page not found');
    // The browser logs the 404 status of the document itself; nothing else may fail.
    expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
  });
});

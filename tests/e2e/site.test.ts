import { describe, expect, it } from 'vitest';
import { storageKeys } from '#shared/storage-keys.ts';
import { pausePageClock, setUpSiteInBrowser } from '../support/browser.ts';

const t = setUpSiteInBrowser({ viewport: { width: 1280, height: 720 } });

describe('the public site in Chromium', () => {
  it('renders the home page and hydrates it without a console error', async () => {
    await t.page.goto(t.site.url);
    await expect(t.page.locator('h1').textContent()).resolves.toBe(
      'Accountancy that keeps your business moving',
    );
    await expect(t.page.title()).resolves.toMatch(/^Fenwick & Hale \| /);
    // Hydration attaches React's listeners; the scroll flag proves the page is live.
    await t.page.evaluate(() => window.scrollTo(0, 50));
    await t.page.waitForSelector('header[data-at-top="false"]');
    expect(t.errors).toEqual([]);
  });

  it('flags the header as off the top above 10 px and back at the top below 4 px', async () => {
    await t.page.goto(t.site.url);
    const header = t.page.locator('header.site-header');
    const scrollTo = async (y: number) => {
      await t.page.evaluate((top) => window.scrollTo(0, top), y);
      await t.page.waitForFunction((top) => Math.round(window.scrollY) === top, y);
      await t.page.evaluate(() => new Promise(requestAnimationFrame));
    };
    await expect(header.getAttribute('data-at-top')).resolves.toBe('true');
    await scrollTo(10);
    await expect(header.getAttribute('data-at-top')).resolves.toBe('true');
    await scrollTo(11);
    await t.page.waitForSelector('header[data-at-top="false"]');
    await scrollTo(4);
    await expect(header.getAttribute('data-at-top')).resolves.toBe('false');
    await scrollTo(3);
    await t.page.waitForSelector('header[data-at-top="true"]');
    expect(t.errors).toEqual([]);
  });

  it('shows the cookie banner 2 s after load, and never again once dismissed', async () => {
    await pausePageClock(t.page);
    await t.page.goto(t.site.url);
    await t.page.waitForSelector('html[data-hydrated]');
    const banner = t.page.getByRole('region', { name: 'Cookies on this site' });
    await t.page.clock.runFor(1900);
    await expect(banner.count()).resolves.toBe(0);
    await t.page.clock.runFor(200);
    await banner.waitFor();
    await banner.getByRole('button', { name: 'OK, got it' }).click();
    await banner.waitFor({ state: 'detached' });
    const stored = await t.page.evaluate(
      (key) => localStorage.getItem(key),
      storageKeys.cookieConsentDismissed,
    );
    expect(stored).not.toBeNull();

    await t.page.reload();
    await t.page.waitForSelector('html[data-hydrated]');
    await t.page.clock.runFor(5000);
    await expect(banner.count()).resolves.toBe(0);
    expect(t.errors).toEqual([]);
  });

  it('shows the not-found page with status 404 for an unknown path', async () => {
    const response = await t.page.goto(`${t.site.url}/no-such-page`);
    expect(response?.status()).toBe(404);
    await expect(t.page.locator('h1').textContent()).resolves.toBe('Page not found');
    // The browser logs the 404 status of the document itself; nothing else may fail.
    expect(t.errors.filter((e) => !e.includes('404'))).toEqual([]);
  });
});

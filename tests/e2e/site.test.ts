import { describe, expect, it } from 'vitest';
import { storageKeys } from '#shared/storage-keys.ts';
import { setUpSiteInBrowser } from '../support/browser.ts';

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

  it('shows the cookie banner at first paint, before any of the page’s scripts run, until it is dismissed', async () => {
    // No module script loads: what is on the screen is the prerendered page and the gate in <head>.
    await t.page.route('**/*.js', (route) => route.abort());
    await t.page.goto(t.site.url);
    const banner = t.page.getByRole('region', { name: 'Cookies on this site' });
    await expect(banner.isVisible()).resolves.toBe(true);
    await expect(banner.getByRole('button', { name: 'OK, got it' }).isVisible()).resolves.toBe(true);

    // A visitor who has chosen: the gate hides it before the first paint, scripts or not.
    await t.page.evaluate(
      (key) => localStorage.setItem(key, '2026-11-23T10:00:00.000Z'),
      storageKeys.cookieConsentDismissed,
    );
    await t.page.reload();
    await expect(t.page.locator('.cookie-banner').count()).resolves.toBe(1);
    await expect(banner.isVisible()).resolves.toBe(false);
    await expect(t.page.locator('html').getAttribute('data-cookies-dismissed')).resolves.toBe('');
    // The only errors are the scripts this test refused: the inline gate broke no security policy.
    expect(t.errors.filter((error) => !error.includes('net::ERR_FAILED'))).toEqual([]);
  });

  it('never draws the banner for a visitor who has dismissed it, not even for a frame', async () => {
    await t.page.goto(t.site.url);
    await t.page
      .getByRole('region', { name: 'Cookies on this site' })
      .getByRole('button', { name: 'OK, got it' })
      .press('Enter');
    await t.page.locator('.cookie-banner').waitFor({ state: 'detached' });
    // The keyboard goes on from the page's main content, not from the top of the page.
    expect(await t.page.evaluate(() => document.activeElement?.id)).toBe('main');
    const stored = await t.page.evaluate(
      (key) => localStorage.getItem(key),
      storageKeys.cookieConsentDismissed,
    );
    expect(stored).not.toBeNull();

    // Watches every frame from the very start of the next load for a banner with a size on the screen.
    await t.page.addInitScript(() => {
      const seen: number[] = [];
      (window as unknown as { bannerSeen: number[] }).bannerSeen = seen;
      const look = () => {
        const height = document.querySelector('.cookie-banner')?.getBoundingClientRect().height ?? 0;
        if (height > 0) seen.push(height);
        requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    });
    await t.page.reload();
    await t.page.waitForSelector('html[data-hydrated]');
    // The 2 s check then takes the hidden banner out of the page.
    await t.page.locator('.cookie-banner').waitFor({ state: 'detached' });
    await expect(
      t.page.evaluate(() => (window as unknown as { bannerSeen: number[] }).bannerSeen),
    ).resolves.toEqual([]);
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

import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setUpSiteInBrowser } from '../support/browser.ts';

// What a visitor sees of the firm's look, measured in Chromium: the typeface, the form controls, the
// dark bands' buttons, the cookie banner and the newsletter forms.
const t = setUpSiteInBrowser({ viewport: { width: 1280, height: 900 } });

const { paths: publicPaths } = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../dist/sitemap.json'), 'utf8'),
) as { paths: string[] };

async function open(page: Page, url: string) {
  await page.goto(url);
  await page.waitForSelector('html[data-hydrated]');
}

/** WCAG 2.2 contrast ratio of two computed `rgb(…)` colours. */
function contrast(first: string, second: string): number {
  const luminance = (colour: string) => {
    const [r = 0, g = 0, b = 0] = (colour.match(/[\d.]+/g) ?? []).map(Number).map((channel) => {
      const c = channel / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

describe('the typeface', () => {
  it('is preloaded by every page, served as a long-cached woff2, and used for the text', async () => {
    await open(t.page, t.site.url);
    const preloaded = await t.page
      .locator('head link[rel="preload"][as="font"]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    expect(preloaded).toHaveLength(1);
    expect(preloaded[0]).toMatch(/^\/assets\/figtree-latin-wght-normal-[\w-]+\.woff2$/);

    const response = await fetch(`${t.site.url}${preloaded[0]}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('font/woff2');
    expect(response.headers.get('cache-control')).toContain('immutable');
    // Latin only: one small file for every weight.
    expect((await response.arrayBuffer()).byteLength).toBeLessThan(30_000);

    await t.page.evaluate(() => document.fonts.ready);
    const loaded = await t.page.evaluate(() =>
      [...document.fonts].filter((face) => face.status === 'loaded').map((face) => face.family),
    );
    expect(loaded).toContain('Figtree');
    await expect(
      t.page.locator('body').evaluate((body) => getComputedStyle(body).fontFamily),
    ).resolves.toMatch(/^Figtree, "Figtree Fallback"/);
    expect(t.errors).toEqual([]);
  });

  it('does not move the text when it arrives late (metric-matched fallback)', async () => {
    // The font held back for a second: the page is laid out in the fallback first, then in Figtree.
    await t.page.route(/\.woff2$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    await t.page.addInitScript(() => {
      (window as unknown as { shifts: number }).shifts = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) {
          (window as unknown as { shifts: number }).shifts += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    for (const pagePath of ['/', '/contact', '/vat-de-minimis']) {
      await open(t.page, `${t.site.url}${pagePath}`);
      await t.page.evaluate(() => document.fonts.ready);
      await t.page.evaluate(() => new Promise(requestAnimationFrame));
      const shift = await t.page.evaluate(() => (window as unknown as { shifts: number }).shifts);
      expect(shift, pagePath).toBeLessThan(0.01);
    }
  });
});

describe('form controls', () => {
  it('draws every checkbox of the quote form at the same, full size', async () => {
    await open(t.page, `${t.site.url}/quote`);
    const sizes = await t.page.locator('input[type="checkbox"]').evaluateAll((boxes) =>
      boxes.map((box) => {
        const { width, height } = box.getBoundingClientRect();
        return `${Math.round(width)}x${Math.round(height)}`;
      }),
    );
    // The consent boxes and the tax-year boxes alike: none squashed by a text box's padding.
    expect(sizes.length).toBeGreaterThanOrEqual(3);
    expect(new Set(sizes)).toEqual(new Set(['22x22']));
  });
});

describe('text', () => {
  it('balances headings and keeps phone and VAT numbers on one line, even at 320 px', async () => {
    await t.page.setViewportSize({ width: 320, height: 640 });
    await open(t.page, `${t.site.url}/contact`);
    await expect(
      t.page.locator('h1').evaluate((heading) => getComputedStyle(heading).textWrap),
    ).resolves.toBe('balance');
    const footer = (await t.page.locator('footer').textContent()) ?? '';
    expect(footer).toContain('01743\u00a0360\u00a0214');
    expect(footer).toContain('VAT number GB\u00a0312\u00a04567\u00a089');
    const aside = (await t.page.locator('main aside').textContent()) ?? '';
    expect(aside).toContain('01743\u00a0360\u00a0214');
    // Opening hours as the firm writes them, not lower-cased into a sentence.
    expect(aside).toContain('Monday to Friday, 9am to 5pm');
    await expect(t.page.locator('main').textContent()).resolves.not.toContain('monday to friday');
  });
});

describe('the newsletter', () => {
  it('has one sign-up form on every public page, and the newsletter page only its own', async () => {
    for (const pagePath of publicPaths) {
      await open(t.page, `${t.site.url}${pagePath}`);
      await expect(t.page.locator('form[action="/subscribe"]').count(), pagePath).resolves.toBe(1);
    }
    await open(t.page, `${t.site.url}/newsletter`);
    await expect(t.page.locator('main form[action="/subscribe"]').count()).resolves.toBe(1);
  });

  it('shows the footer band’s button clearly against the band, with readable text', async () => {
    await open(t.page, t.site.url);
    const colours = await t.page.locator('footer').evaluate((footer) => {
      const button = footer.querySelector('button[type="submit"]');
      if (!button) throw new Error('no sign-up button in the footer');
      return {
        band: getComputedStyle(footer).backgroundColor,
        button: getComputedStyle(button).backgroundColor,
        text: getComputedStyle(button).color,
      };
    });
    // A control must stand out from what surrounds it by 3:1; its words from the control by 4.5:1.
    expect(contrast(colours.button, colours.band)).toBeGreaterThanOrEqual(3);
    expect(contrast(colours.text, colours.button)).toBeGreaterThanOrEqual(4.5);
  });
});

describe('the cookie banner on a phone', () => {
  it('covers at most a fifth of a 375 by 812 screen', async () => {
    await t.page.setViewportSize({ width: 375, height: 812 });
    await open(t.page, t.site.url);
    const banner = t.page.getByRole('region', { name: 'Cookies on this site' });
    await banner.waitFor();
    const box = await banner.boundingBox();
    expect(box?.height).toBeGreaterThan(0);
    expect(box?.height ?? Infinity).toBeLessThanOrEqual(812 / 5);
    expect(t.errors).toEqual([]);
  });
});

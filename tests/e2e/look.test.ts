import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { cookieList } from '#client/sections/legal/cookie-words.ts';
import { accessibilityViolations } from '../support/accessibility.ts';
import { setUpSiteInBrowser } from '../support/browser.ts';
import { publicPagePaths, renderedPages } from '../support/built-pages.ts';

// What a visitor sees of the firm's look, measured in Chromium: the typeface, the form controls, the
// dark bands' buttons, the cookie banner, the header and the cookie policy on a phone, and the newsletter forms.
const t = setUpSiteInBrowser({ viewport: { width: 1280, height: 900 } });

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
    expect(preloaded[0]).toMatch(/^\/assets\/figtree-[0-9a-f]{8}\.woff2$/);

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
    expect(footer).toContain('VAT number GB\u00a0312\u00a04567\u00a079');
    const aside = (await t.page.locator('main aside').textContent()) ?? '';
    expect(aside).toContain('01743\u00a0360\u00a0214');
    // Opening hours as the firm writes them, not lower-cased into a sentence.
    expect(aside).toContain('Monday to Friday, 9am to 5pm');
    await expect(t.page.locator('main').textContent()).resolves.not.toContain('monday to friday');
  });

  it('writes the opening hours as the firm does on every page, the thank-you page too', () => {
    const pages = renderedPages();
    const html = (pagePath: string) => pages.find((page) => page.path === pagePath)?.html ?? '';
    expect(html('/contact-received')).toContain('Monday to Friday, 9am to 5pm');
    for (const page of ['/', '/contact', '/contact-received', '/about', '/services']) {
      expect(html(page), page).not.toMatch(/monday to friday/);
    }
  });
});

describe('the newsletter', () => {
  it('has one sign-up form on every public page, and the newsletter page only its own', async () => {
    for (const pagePath of publicPagePaths) {
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
  it.each([
    [375, 812],
    [320, 568],
  ])('covers at most a fifth of a %i by %i screen', async (width, height) => {
    await t.page.setViewportSize({ width, height });
    await open(t.page, t.site.url);
    const banner = t.page.getByRole('region', { name: 'Cookies on this site' });
    await banner.waitFor();
    const box = await banner.boundingBox();
    expect(box?.height).toBeGreaterThan(0);
    expect(box?.height ?? Infinity).toBeLessThanOrEqual(height / 5);
    expect(t.errors).toEqual([]);
  });
});

describe('the header on the narrowest phone', () => {
  it('keeps the logo, the name and the Menu button on one row at 320 px', async () => {
    await t.page.setViewportSize({ width: 320, height: 568 });
    for (const pagePath of publicPagePaths) {
      await open(t.page, `${t.site.url}${pagePath}`);
      const header = await t.page.locator('header.site-header').boundingBox();
      const brand = await t.page.locator('.site-header__brand').boundingBox();
      const menu = await t.page.getByRole('button', { name: 'Menu' }).boundingBox();
      if (!header || !brand || !menu) throw new Error(`no header, brand or Menu button on ${pagePath}`);
      // One row: the button sits beside the name rather than below it, and the header is one row high.
      expect(menu.y, pagePath).toBeLessThan(brand.y + brand.height);
      expect(menu.x, pagePath).toBeGreaterThanOrEqual(brand.x + brand.width);
      expect(menu.x + menu.width, pagePath).toBeLessThanOrEqual(320);
      expect(header.height, pagePath).toBeLessThanOrEqual(72);
    }
    expect(t.errors).toEqual([]);
  });
});

describe('the cookie policy on a phone', () => {
  it.each([320, 375])(
    'lists each cookie as a card that fits a %i px screen, with no sideways scroll',
    async (width) => {
      await t.page.setViewportSize({ width, height: 800 });
      await open(t.page, `${t.site.url}/cookies`);
      const list = t.page.getByRole('region', { name: 'What this site stores in your browser' });
      await expect(list.getByRole('table').count()).resolves.toBe(0);
      const cards = list.getByRole('listitem');
      // One card for each thing the site stores, as the cookie policy's words list them.
      await expect(cards.count()).resolves.toBe(cookieList.items.length);
      const first = cards.first();
      await expect(first.getByRole('heading', { level: 3 }).textContent()).resolves.toBe(
        'practice-site.cookie-consent-dismissed',
      );
      await expect(first.getByRole('definition').allTextContents()).resolves.toEqual([
        'Local storage',
        'Remembers that you have closed the cookie message, so it is not shown again.',
        'Until you clear your browser’s storage',
      ]);
      // Nothing is clipped or hidden off to the right: every word of every card is on the screen.
      const overflowing = await list.evaluate((region, screen) => {
        const walker = document.createTreeWalker(region, NodeFilter.SHOW_TEXT);
        const out: string[] = [];
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const range = document.createRange();
          range.selectNodeContents(node);
          const box = range.getBoundingClientRect();
          if (box.width > 0 && (box.left < 0 || box.right > screen)) out.push(node.textContent ?? '');
        }
        return out;
      }, width);
      expect(overflowing).toEqual([]);
      await expect(
        t.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      ).resolves.toBe(0);
      expect(await accessibilityViolations(t.page)).toEqual([]);
      expect(t.errors).toEqual([]);
    },
  );

  it('keeps the table where its four columns fit', async () => {
    await t.page.setViewportSize({ width: 1280, height: 900 });
    await open(t.page, `${t.site.url}/cookies`);
    const table = t.page.getByRole('table', { name: 'What this site stores in your browser' });
    // A row for each thing stored, under the row of column headers.
    await expect(table.getByRole('row').count()).resolves.toBe(cookieList.items.length + 1);
    await expect(t.page.locator('.cookie-list__cards').isVisible()).resolves.toBe(false);
    expect(await accessibilityViolations(t.page)).toEqual([]);
  });
});

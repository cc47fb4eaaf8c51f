import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { emailLogoPath } from '#server/mail/layout.ts';
import { setUpSiteInBrowser } from '../support/browser.ts';

// The firm's pictures, icons and header as a visitor's Chromium gets them, at a laptop's width unless
// a test narrows it to a phone's.
const t = setUpSiteInBrowser({ viewport: { width: 1280, height: 900 } });
const phone = { width: 375, height: 812 };

describe('the home page’s illustration', () => {
  it('fills the right half of the hero on a wide screen', async () => {
    await t.page.goto(t.site.url);
    const art = t.page.locator('.hero .hero-art');
    await expect(art.isVisible()).resolves.toBe(true);
    const box = await art.boundingBox();
    const heading = await t.page.locator('h1').boundingBox();
    expect(box && heading).toBeTruthy();
    if (!box || !heading) return;
    // Beside the heading, in the right half, and a real size.
    expect(box.x).toBeGreaterThanOrEqual(1280 / 2 - 20);
    expect(box.x + box.width).toBeLessThanOrEqual(1280);
    expect(box.width).toBeGreaterThan(400);
    expect(box.y).toBeLessThan(heading.y + heading.height);
    // Inline, so it costs no request that could hold up the first paint.
    await expect(art.evaluate((svg) => svg.closest('img, object') === null)).resolves.toBe(true);
    expect(t.errors).toEqual([]);
  });

  it('follows the buttons on a phone, within the screen’s width', async () => {
    await t.page.setViewportSize(phone);
    await t.page.goto(t.site.url);
    const art = t.page.locator('.hero .hero-art');
    await art.scrollIntoViewIfNeeded();
    const box = await art.boundingBox();
    const button = await t.page.getByRole('button', { name: 'Book an initial call' }).first().boundingBox();
    expect(box && button).toBeTruthy();
    if (!box || !button) return;
    expect(box.y).toBeGreaterThan(button.y + button.height);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(phone.width);
    await expect(t.page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBe(phone.width);
  });
});

describe('images', () => {
  it('every image on the public pages carries its width and height', async () => {
    for (const path of ['/', '/about', '/services', '/contact']) {
      await t.page.goto(`${t.site.url}${path}`);
      const unsized = await t.page
        .locator('img')
        .evaluateAll((images) =>
          images
            .filter((img) => !img.getAttribute('width') || !img.getAttribute('height'))
            .map((img) => img.outerHTML),
        );
      expect(unsized, path).toEqual([]);
    }
  });
});

describe('the team and what clients say', () => {
  it('shows each partner and manager with a monogram of their initials', async () => {
    await t.page.goto(`${t.site.url}/about`);
    const card = t.page
      .getByRole('listitem')
      .filter({ has: t.page.getByRole('heading', { name: 'Helen Fenwick FCA' }) });
    await expect(card.locator('.person__monogram').textContent()).resolves.toBe('HF');
    await expect(card.locator('.person__monogram').isVisible()).resolves.toBe(true);
  });

  it('names each client’s business and town, and the firm’s standing in its own words', async () => {
    await t.page.goto(t.site.url);
    const testimonials = t.page.getByRole('region', { name: 'What our clients say' });
    await expect(testimonials.locator('figure').count()).resolves.toBe(3);
    await expect(
      testimonials.getByText('Director, Owen & Price Joinery, Shrewsbury').isVisible(),
    ).resolves.toBe(true);
    const standing = t.page.getByRole('region', { name: 'Qualified and registered' });
    await expect(standing.getByRole('listitem').allTextContents()).resolves.toEqual([
      'ICAEW Chartered Accountants',
      'Registered with HMRC as a tax agent',
      'Making Tax Digital ready',
      'Supervised for anti-money laundering by the ICAEW',
      'Professional indemnity insurance in line with ICAEW requirements',
      'Xero Gold Partner and QuickBooks ProAdvisor',
    ]);
    // Words, not someone else's logos.
    await expect(standing.locator('img, svg').count()).resolves.toBe(0);
  });
});

describe('the header', () => {
  it('gives the phone number and a Book a call button on a wide screen', async () => {
    await t.page.goto(`${t.site.url}/services`);
    const header = t.page.getByRole('banner');
    const phoneLink = header.getByRole('link', { name: 'Call us on 01743 360 214' });
    await expect(phoneLink.isVisible()).resolves.toBe(true);
    await expect(phoneLink.getAttribute('href')).resolves.toBe('tel:+441743360214');
    const book = header.getByRole('button', { name: 'Book a call' });
    await expect(book.isVisible()).resolves.toBe(true);
    // One row: the button sits level with the navigation.
    const [bookBox, navBox] = await Promise.all([
      book.boundingBox(),
      t.page.getByRole('navigation', { name: 'Main' }).boundingBox(),
    ]);
    expect(
      bookBox && navBox && Math.abs(bookBox.y + bookBox.height / 2 - (navBox.y + navBox.height / 2)),
    ).toBeLessThan(8);

    await book.click();
    const dialog = t.page.getByRole('dialog', { name: 'Book an initial call' });
    await dialog.waitFor();
    await t.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect(book.evaluate((button) => button === document.activeElement)).resolves.toBe(true);
    expect(t.errors).toEqual([]);
  });

  it('leaves them to the page on a phone, and Escape folds the open menu back to its button', async () => {
    await t.page.setViewportSize(phone);
    await t.page.goto(`${t.site.url}/services`);
    const header = t.page.getByRole('banner');
    await expect(header.getByRole('button', { name: 'Book a call' }).isVisible()).resolves.toBe(false);
    const menu = header.getByRole('button', { name: 'Menu' });
    const nav = t.page.getByRole('navigation', { name: 'Main' });
    await t.page.waitForSelector('html[data-hydrated]');

    await menu.click();
    await nav.getByRole('link', { name: 'About us' }).focus();
    await t.page.keyboard.press('Escape');
    await expect(menu.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(nav.getByRole('link', { name: 'About us' }).isVisible()).resolves.toBe(false);
    await expect(menu.evaluate((button) => button === document.activeElement)).resolves.toBe(true);
    expect(t.errors).toEqual([]);
  });
});

describe('icons and the sharing image', () => {
  it('serves favicon.ico and apple-touch-icon.png made from the logo, and links them', async () => {
    await t.page.goto(t.site.url);
    const links = await t.page
      .locator('head link[rel="icon"], head link[rel="apple-touch-icon"]')
      .evaluateAll((elements) => elements.map((link) => link.getAttribute('href')));
    expect(links).toEqual(['/favicon.ico', '/apple-touch-icon.png']);

    const ico = await t.page.request.get(`${t.site.url}/favicon.ico`);
    expect(ico.status()).toBe(200);
    expect(ico.headers()['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)$/);
    const icoBytes = await ico.body();
    // An icon file (type 1) holding 16, 32 and 48 pixel PNGs.
    expect([icoBytes.readUInt16LE(0), icoBytes.readUInt16LE(2), icoBytes.readUInt16LE(4)]).toEqual([0, 1, 3]);
    const sizes = [];
    for (let entry = 0; entry < 3; entry++) {
      const at = 6 + entry * 16;
      const png = icoBytes.subarray(
        icoBytes.readUInt32LE(at + 12),
        icoBytes.readUInt32LE(at + 12) + icoBytes.readUInt32LE(at + 8),
      );
      const { width, height, format } = await sharp(png).metadata();
      sizes.push([format, width, height]);
    }
    expect(sizes).toEqual([
      ['png', 16, 16],
      ['png', 32, 32],
      ['png', 48, 48],
    ]);

    const touch = await t.page.request.get(`${t.site.url}/apple-touch-icon.png`);
    expect(touch.headers()['content-type']).toBe('image/png');
    const touchImage = await sharp(await touch.body()).metadata();
    expect([touchImage.width, touchImage.height, touchImage.hasAlpha]).toEqual([180, 180, false]);
  });

  it('lets an email shown as a web page elsewhere load the logo it takes from the site', async () => {
    const elsewhere = await t.page.context().newPage();
    await elsewhere.setContent(`<img alt="" src="${t.site.url}${emailLogoPath}">`, { waitUntil: 'load' });
    expect(await elsewhere.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(180);
    await elsewhere.close();
  });

  it('keeps the sharing image a page names at 1200 by 630 and at most 100 KB', async () => {
    await t.page.goto(t.site.url);
    const url = await t.page.locator('meta[property="og:image"]').getAttribute('content');
    const shared = await t.page.request.get(new URL(new URL(url ?? '').pathname, t.site.url).href);
    expect(shared.headers()['content-type']).toBe('image/png');
    const bytes = await shared.body();
    expect(bytes.length).toBeLessThanOrEqual(100 * 1024);
    const { width, height } = await sharp(bytes).metadata();
    expect([width, height]).toEqual([1200, 630]);
  });
});

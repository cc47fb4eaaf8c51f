import { beforeAll, describe, expect, it } from 'vitest';
import { buildBookCallPayload, type TimeSlot } from '#shared/booking.ts';
import { accessibilityViolations } from '../support/accessibility.ts';
import { firstBookableDate, postBooking } from '../support/booking.ts';
import { bookingModal } from '../support/booking-modal.ts';
import { hydrated, setUpSiteInBrowser } from '../support/browser.ts';
import { sitePagePaths } from '../support/built-pages.ts';
import { passwordLinkFor, signIn } from '../support/signed-in.ts';
import { linkIn } from '../support/smtp.ts';

const t = setUpSiteInBrowser();
const modal = bookingModal(() => t.page);

const built = sitePagePaths;
/** A phone's width and a laptop's: each page is loaded once and checked at both, resized in between. */
const widths = [1280, 375];

/** Runs `check` at each width, resizing the page already loaded. */
async function atEachWidth(check: (width: number) => Promise<void>) {
  for (const width of widths) {
    await t.page.setViewportSize({ width, height: 800 });
    await check(width);
  }
}

/**
 * Where to find each page: the not-found page at an unknown path, the reset form through a real link, the
 * back office signed in as a member of staff.
 */
let addresses: Record<string, string>;
const staff = 'office.check@fenwickhale.test';
beforeAll(async () => {
  const resetLink = await passwordLinkFor(t.site, 'page.check@fenwickhale.test');
  addresses = Object.fromEntries(
    built.map((page) => [
      page,
      page === '/404'
        ? `${t.site.url}/no-such-page`
        : page === '/reset-password'
          ? resetLink
          : `${t.site.url}${page}`,
    ]),
  );
});

it('builds every page of the site', () => {
  expect(built).toEqual([
    '/',
    '/404',
    '/about',
    '/application',
    '/back-office',
    '/bookings/change',
    '/contact',
    '/contact-received',
    '/cookies',
    '/login',
    '/newsletter',
    '/privacy',
    '/quote',
    '/reset-password',
    '/services',
    '/subscribed',
    '/vat-de-minimis',
  ]);
});

describe('at 1280 and at 375 px wide', () => {
  it.each(built)('%s is accessible, fits the screen and logs no error', async (page) => {
    if (page === '/back-office') await signIn(t.page, t.site, staff);
    const response = await t.page.goto(addresses[page] as string);
    expect(response?.status()).toBe(page === '/404' ? 404 : 200);
    await hydrated(t.page);
    // The back office wears its own staff layout, with its own navigation, not the public one; it draws
    // them once it has loaded who is signed in.
    const navigation =
      page === '/back-office' ? 'nav[aria-label="Back office"]' : 'header nav[aria-label="Main"]';
    await t.page.locator(navigation).waitFor({ state: 'attached' });
    // The back office's heading comes with its first screen's data, after the navigation.
    await t.page.locator('h1').first().waitFor({ state: 'attached' });

    await atEachWidth(async (width) => {
      expect(await t.page.locator('h1').count()).toBe(1);
      expect(await t.page.locator('main#main').count()).toBe(1);
      expect(await t.page.locator(navigation).count()).toBe(1);
      // Nothing wider than the screen: a phone never scrolls sideways.
      expect(await t.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(await accessibilityViolations(t.page), `at ${width} px`).toEqual([]);
    });
    // The browser logs the not-found page's own 404 status; nothing else may fail.
    expect(t.errors.filter((error) => !(page === '/404' && error.includes('404')))).toEqual([]);
  });

  it('the booking modal is accessible, open and with a day and a time chosen', async () => {
    const { date, slots } = await firstBookableDate(t.site.url);
    await t.page.goto(t.site.url);
    // A click before the page is live would be lost: the visitor clicks once it is.
    await hydrated(t.page);
    await t.page.getByRole('button', { name: 'Book an initial call' }).first().click();
    await modal.dialog().getByRole('grid').waitFor();
    await atEachWidth(async (width) => {
      expect(await accessibilityViolations(t.page), `open at ${width} px`).toEqual([]);
    });
    await modal.chooseDayAndTime(date, slots[0] as TimeSlot);
    await atEachWidth(async (width) => {
      expect(await accessibilityViolations(t.page), `chosen at ${width} px`).toEqual([]);
    });
    expect(t.errors).toEqual([]);
  });

  it('the pages the features write are accessible: a call’s cancel page and a newsletter link’s', async () => {
    const email = 'cancel.page@example.com';
    const { date, slots } = await firstBookableDate(t.site.url);
    expect(
      (await postBooking(t.site.url, buildBookCallPayload(date, slots[0] as TimeSlot, email))).status,
    ).toBe(201);
    const booked = await t.site.smtp.waitFor(
      (mail) => mail.to.includes(email) && Boolean(mail.parsed.text?.includes('/bookings/cancel')),
    );
    const accessibleAtEachWidth = (what: string) =>
      atEachWidth(async (width) => {
        expect(await accessibilityViolations(t.page), `${what} at ${width} px`).toEqual([]);
      });
    await t.page.goto(linkIn(booked, '/bookings/cancel'));
    await accessibleAtEachWidth('the cancel page');
    await t.page.getByRole('button', { name: 'Cancel my call' }).click();
    await t.page.waitForLoadState();
    await accessibleAtEachWidth('the call cancelled');
    await t.page.goto(`${t.site.url}/unsubscribe?token=unknown`);
    await accessibleAtEachWidth('an unknown unsubscribe link');
  });

  it('the cookie banner is accessible too', async () => {
    await t.page.goto(t.site.url);
    await t.page.getByRole('region', { name: 'Cookies on this site' }).waitFor();
    await atEachWidth(async (width) => {
      expect(await accessibilityViolations(t.page), `at ${width} px`).toEqual([]);
    });
    expect(t.errors).toEqual([]);
  });
});

describe('the main navigation', () => {
  it('folds behind a Menu button on a phone, which opens and closes it', async () => {
    await t.page.setViewportSize({ width: 375, height: 800 });
    await t.page.goto(`${t.site.url}/services`);
    const menu = t.page.getByRole('button', { name: 'Menu' });
    const nav = t.page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'About us' }).isVisible()).resolves.toBe(false);
    await expect(menu.getAttribute('aria-expanded')).resolves.toBe('false');

    await menu.click();
    await expect(menu.getAttribute('aria-expanded')).resolves.toBe('true');
    await nav.getByRole('link', { name: 'About us' }).waitFor();
    await expect(nav.getByRole('link', { name: 'Services' }).getAttribute('aria-current')).resolves.toBe(
      'page',
    );
    await t.page.keyboard.press('Tab');
    await expect(t.page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Services');

    await menu.click();
    await expect(nav.getByRole('link', { name: 'About us' }).isVisible()).resolves.toBe(false);
    expect(t.errors).toEqual([]);
  });

  it('shows every link and no Menu button on a wide screen', async () => {
    await t.page.goto(`${t.site.url}/about`);
    const nav = t.page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Services', 'About us', 'VAT guide', 'Work with us', 'Contact']) {
      await expect(nav.getByRole('link', { name }).isVisible()).resolves.toBe(true);
    }
    await expect(t.page.getByRole('button', { name: 'Menu' }).isVisible()).resolves.toBe(false);
    await expect(nav.getByRole('link', { name: 'About us' }).getAttribute('aria-current')).resolves.toBe(
      'page',
    );
  });

  it('starts every page with a skip link to the main content', async () => {
    await t.page.goto(`${t.site.url}/cookies`);
    await t.page.keyboard.press('Tab');
    const skip = t.page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip.evaluate((link) => link === document.activeElement)).resolves.toBe(true);
    await t.page.keyboard.press('Enter');
    await expect(t.page.evaluate(() => document.activeElement?.id)).resolves.toBe('main');
  });
});

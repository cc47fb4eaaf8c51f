import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newSinceLastVisit } from '#shared/api/back-office-visits.ts';
import { cookieBannerCheckDelayMs } from '#shared/timings.ts';
import { packageVersion } from '#tests/support/release.ts';
import { accessibilityViolations } from '../support/accessibility.ts';
import { setUpSiteInBrowser } from '../support/browser.ts';
import { contact, post } from '../support/enquiries.ts';
import { demoFirm } from '../support/firms.ts';
import { signIn } from '../support/signed-in.ts';

// The back office's own layout: the firm's name, the sections, who is signed in and signing out, with
// none of the public site around it; on a phone the sections fold behind a Menu button. The navigation
// counts the leads that arrived since the member's last visit.
const t = setUpSiteInBrowser();

const navigation = (page: Page) => page.getByRole('navigation', { name: 'Back office' });
const menuButton = (page: Page) => page.getByRole('button', { name: 'Menu' });
const overviewLink = (page: Page) => navigation(page).getByRole('link', { name: /^Overview/ });
const hydrated = (page: Page) => page.locator('html[data-hydrated]').waitFor({ state: 'attached' });

/** Shows the sections: on a phone, opens the menu. */
async function showSections(page: Page, phone = false) {
  if (phone) await menuButton(page).click();
  await overviewLink(page).waitFor();
}

/** A contact enquiry arrives from `email`. */
async function leadArrives(email: string) {
  const sent = await post(t.site, '/contact-us-send', { ...contact(email), recToken: 'none' });
  expect(sent.status).toBe(201);
}

describe('the staff layout in Chromium', () => {
  it('wears none of the public site, and shows the firm, the sections beside the work and who is signed in', async () => {
    const email = 'shell.1280@fenwickhale.test';
    // The page's own clock, so the cookie banner's check can be run on without waiting for it.
    await t.page.clock.install();
    await signIn(t.page, t.site, email);
    await hydrated(t.page);

    // The page as sent, before any script runs, carries none of the public layout either.
    const html = await (await t.page.request.get(`${t.site.url}/back-office`)).text();
    for (const publicPart of ['site-header', 'site-footer', 'action="/subscribe"', 'Cookies on this site']) {
      expect(html).not.toContain(publicPart);
    }
    // The public pages' cookie banner: not here, not even after its check a moment after load.
    await t.page.clock.runFor(cookieBannerCheckDelayMs + 500);
    await expect(t.page.locator('.site-header, .site-footer, .cookie-banner').count()).resolves.toBe(0);
    await expect(t.page.getByRole('region', { name: 'Cookies on this site' }).count()).resolves.toBe(0);
    await expect(t.page.getByRole('contentinfo').count()).resolves.toBe(0);
    await expect(t.page.getByRole('navigation', { name: 'Main' }).count()).resolves.toBe(0);
    await expect(t.page.getByRole('textbox', { name: /email/i }).count()).resolves.toBe(0);

    const home = t.page.getByRole('banner').getByRole('link', { name: `${demoFirm().name} Back office` });
    expect(await home.getAttribute('href')).toBe('/back-office');

    // Wide: the sections stand in a column beside the work, with no Menu button.
    expect(await menuButton(t.page).isVisible()).toBe(false);
    await t.page.getByText(`Signed in as ${email}`).waitFor();
    const nav = await navigation(t.page).boundingBox();
    const main = await t.page.getByRole('main').boundingBox();
    expect(nav && main && nav.x + nav.width <= main.x).toBe(true);
    expect(main && main.width > 800).toBe(true);
    expect(await accessibilityViolations(t.page)).toEqual([]);
    // A quiet way back to the public site, beside signing out.
    expect(await t.page.getByRole('link', { name: 'View the public site' }).getAttribute('href')).toBe('/');
    // Which version runs, for a partner reporting a problem.
    await t.page.getByText(`practice-site ${packageVersion}`, { exact: true }).waitFor();
    expect(t.errors).toEqual([]);
  });

  it('on a phone, folds the sections and who is signed in behind a Menu button, opened and closed from the keyboard', async () => {
    const email = 'shell.375@fenwickhale.test';
    await t.page.setViewportSize({ width: 375, height: 900 });
    await signIn(t.page, t.site, email);
    await hydrated(t.page);
    const home = t.page.getByRole('banner').getByRole('link', { name: `${demoFirm().name} Back office` });
    expect(await home.getAttribute('href')).toBe('/back-office');
    const overview = overviewLink(t.page);

    // Folded: the sections and the account wait behind the Menu button.
    expect(await overview.isVisible()).toBe(false);
    expect(await menuButton(t.page).getAttribute('aria-expanded')).toBe('false');
    expect(await accessibilityViolations(t.page)).toEqual([]);
    // Opened from the keyboard, it takes focus to the first section; Escape closes it and returns focus.
    await menuButton(t.page).focus();
    await t.page.keyboard.press('Enter');
    expect(await menuButton(t.page).getAttribute('aria-expanded')).toBe('true');
    await expect(overview.evaluate((link) => link === document.activeElement)).resolves.toBe(true);
    await t.page.getByText(`Signed in as ${email}`).waitFor();
    expect(await accessibilityViolations(t.page)).toEqual([]);
    await t.page.keyboard.press('Escape');
    expect(await menuButton(t.page).getAttribute('aria-expanded')).toBe('false');
    await expect(menuButton(t.page).evaluate((button) => button === document.activeElement)).resolves.toBe(
      true,
    );
    expect(await overview.isVisible()).toBe(false);
    // Choosing a section folds the menu and starts the keyboard on the new screen.
    await t.page.keyboard.press('Enter');
    await t.page.keyboard.press('Tab');
    await t.page.keyboard.press('Enter');
    await t.page.waitForURL('**/back-office/tasks');
    expect(await menuButton(t.page).getAttribute('aria-expanded')).toBe('false');
    await expect(t.page.evaluate(() => document.activeElement?.id)).resolves.toBe('main');
    // A quiet way back to the public site, beside signing out, in the menu.
    await menuButton(t.page).click();
    expect(await t.page.getByRole('link', { name: 'View the public site' }).getAttribute('href')).toBe('/');
    expect(t.errors).toEqual([]);
  });

  it('counts the leads new since your last visit, keeps the count on a reload and starts again after signing out', async () => {
    const email = 'visits.1280@fenwickhale.test';
    await signIn(t.page, t.site, email);
    await showSections(t.page);
    const overview = overviewLink(t.page);
    expect(await overview.textContent()).toBe('Overview');

    // A lead arrives; moving to another screen asks again.
    await leadArrives('visitor.1280@example.test');
    await navigation(t.page).getByRole('link', { name: 'Contact enquiries' }).click();
    await t.page.waitForURL('**/back-office/contact-enquiries');
    await navigation(t.page)
      .getByRole('link', { name: 'Overview 1 new since your last visit', exact: true })
      .waitFor();
    expect(await accessibilityViolations(t.page)).toEqual([]);

    // A reload is the same visit: the count stays.
    await t.page.reload();
    await navigation(t.page)
      .getByRole('link', { name: 'Overview 1 new since your last visit', exact: true })
      .waitFor();

    // Signing out works, and the next visit counts from where this one ended.
    await t.page.getByRole('button', { name: 'Sign out' }).click();
    await t.page.waitForURL('**/login?notice=signed-out');
    await t.page.goto(`${t.site.url}/back-office`);
    await t.page.waitForURL('**/login**');
    const counted = t.page.waitForResponse((answer) => answer.url().endsWith(newSinceLastVisit.path));
    await signIn(t.page, t.site, email);
    expect(await (await counted).json()).toMatchObject({ count: 0 });
    await showSections(t.page);
    // The answer drawn: the frame after it shows what it said.
    await t.page.evaluate(() => new Promise(requestAnimationFrame));
    expect(await overview.textContent()).toBe('Overview');
    expect(t.errors).toEqual([]);
  });

  it('on a phone, puts the count of new leads on the Menu button too, in its name', async () => {
    const email = 'visits.375@fenwickhale.test';
    await t.page.setViewportSize({ width: 375, height: 900 });
    await signIn(t.page, t.site, email);
    await showSections(t.page, true);
    await leadArrives('visitor.375@example.test');
    await navigation(t.page).getByRole('link', { name: 'Contact enquiries' }).click();
    await t.page.waitForURL('**/back-office/contact-enquiries');
    await t.page.getByRole('button', { name: 'Menu, 1 new since your last visit', exact: true }).waitFor();
    await showSections(t.page, true);
    await navigation(t.page)
      .getByRole('link', { name: 'Overview 1 new since your last visit', exact: true })
      .waitFor();
    expect(await accessibilityViolations(t.page)).toEqual([]);
    expect(t.errors).toEqual([]);
  });

  it('shows owners what is wrong with the site above every screen, at 375 and 1280 px, and staff nothing', async () => {
    // What the alert watch leaves when mail fails (its checks and emails have their own spec).
    await t.site.db
      .insertInto('site_alerts')
      .values({
        kind: 'mail',
        detail: 'An email could not be sent in the last 24 hours, after every retry.',
        raised_at: '2026-11-29T08:15:00.000Z',
        seen_at: '2026-11-29T08:15:00.000Z',
        cleared_at: null,
        emailed_at: null,
      })
      .execute();
    for (const width of [375, 1280]) {
      await t.page.setViewportSize({ width, height: 900 });
      await signIn(t.page, t.site, `alerts.owner.${width}@fenwickhale.test`);
      const banner = t.page.getByRole('region', { name: 'Problems with the website' });
      await banner.getByText('Emails from the website are not being sent').waitFor();
      expect(await banner.textContent()).toContain('after every retry');
      expect(await accessibilityViolations(t.page)).toEqual([]);
      // It stays on the next screen.
      await t.page.goto(`${t.site.url}/back-office/contact-enquiries`);
      await banner.waitFor();
    }
    await signIn(t.page, t.site, 'alerts.staff@fenwickhale.test', 'staff');
    await hydrated(t.page);
    expect(await t.page.getByRole('region', { name: 'Problems with the website' }).count()).toBe(0);
    await t.site.db.deleteFrom('site_alerts').execute();
    expect(t.errors).toEqual([]);
  });
});

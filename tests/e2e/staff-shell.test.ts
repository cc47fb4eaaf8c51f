import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { firm } from '#content/firm.ts';
import { accessibilityViolations } from '../support/accessibility.ts';
import { addStaffWithPassword, signInOnPage } from '../support/accounts.ts';
import { setUpSiteInBrowser } from '../support/browser.ts';
import { contact, post } from '../support/enquiries.ts';

// The back office's own layout: the firm's name, the sections, who is signed in and signing out, with
// none of the public site around it; on a phone the sections fold behind a Menu button. The navigation
// counts the leads that arrived since the member's last visit.
const t = setUpSiteInBrowser();
const password = 'Ledger2026!';

const navigation = (page: Page) => page.getByRole('navigation', { name: 'Back office' });
const menuButton = (page: Page) => page.getByRole('button', { name: 'Menu' });
const isPhone = (width: number) => width < 600;

/** Shows the sections: on a phone, opens the menu. */
async function showSections(page: Page, width: number) {
  if (isPhone(width)) await menuButton(page).click();
  await navigation(page)
    .getByRole('link', { name: /^Overview/ })
    .waitFor();
}

describe('the staff layout in Chromium', () => {
  for (const width of [375, 1280]) {
    it(`wears none of the public site, and shows the firm, the sections and who is signed in (${width} px)`, async () => {
      const email = `shell.${width}@fenwickhale.test`;
      await addStaffWithPassword(t.site, email, password);
      await t.page.setViewportSize({ width, height: 900 });
      await signInOnPage(t.page, t.site, email, password);
      await t.page.waitForLoadState('networkidle');

      // The page as sent, before any script runs, carries none of the public layout either.
      const html = await (await t.page.request.get(`${t.site.url}/back-office`)).text();
      for (const publicPart of [
        'site-header',
        'site-footer',
        'action="/subscribe"',
        'Cookies on this site',
      ]) {
        expect(html).not.toContain(publicPart);
      }
      // The public pages' cookie banner: not here, not even after its check 2 s after load.
      await t.page.waitForTimeout(2500);
      await expect(t.page.locator('.site-header, .site-footer, .cookie-banner').count()).resolves.toBe(0);
      await expect(t.page.getByRole('region', { name: 'Cookies on this site' }).count()).resolves.toBe(0);
      await expect(t.page.getByRole('contentinfo').count()).resolves.toBe(0);
      await expect(t.page.getByRole('navigation', { name: 'Main' }).count()).resolves.toBe(0);
      await expect(t.page.getByRole('textbox', { name: /email/i }).count()).resolves.toBe(0);

      const home = t.page.getByRole('banner').getByRole('link', { name: `${firm.name} Back office` });
      expect(await home.getAttribute('href')).toBe('/back-office');
      const overview = navigation(t.page).getByRole('link', { name: /^Overview/ });

      if (isPhone(width)) {
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
        await expect(
          menuButton(t.page).evaluate((button) => button === document.activeElement),
        ).resolves.toBe(true);
        expect(await overview.isVisible()).toBe(false);
        // Choosing a section folds the menu and starts the keyboard on the new screen.
        await t.page.keyboard.press('Enter');
        await t.page.keyboard.press('Tab');
        await t.page.keyboard.press('Enter');
        await t.page.waitForURL('**/back-office/pipeline');
        expect(await menuButton(t.page).getAttribute('aria-expanded')).toBe('false');
        await expect(t.page.evaluate(() => document.activeElement?.id)).resolves.toBe('main');
      } else {
        // Wide: the sections stand in a column beside the work, with no Menu button.
        expect(await menuButton(t.page).isVisible()).toBe(false);
        await t.page.getByText(`Signed in as ${email}`).waitFor();
        const nav = await navigation(t.page).boundingBox();
        const main = await t.page.getByRole('main').boundingBox();
        expect(nav && main && nav.x + nav.width <= main.x).toBe(true);
        expect(main && main.width > 800).toBe(true);
        expect(await accessibilityViolations(t.page)).toEqual([]);
      }
      // A quiet way back to the public site, beside signing out.
      if (isPhone(width)) await menuButton(t.page).click();
      const publicSite = t.page.getByRole('link', { name: 'View the public site' });
      expect(await publicSite.getAttribute('href')).toBe('/');
      expect(t.errors).toEqual([]);
    });

    it(`counts the leads new since your last visit, keeps the count on a reload and starts again after signing out (${width} px)`, async () => {
      const email = `visits.${width}@fenwickhale.test`;
      await addStaffWithPassword(t.site, email, password);
      await t.page.setViewportSize({ width, height: 900 });
      await signInOnPage(t.page, t.site, email, password);
      await showSections(t.page, width);
      const overview = navigation(t.page).getByRole('link', { name: /^Overview/ });
      expect(await overview.textContent()).toBe('Overview');

      // A lead arrives; moving to another screen asks again.
      const sent = await post(t.site, '/contact-us-send', {
        ...contact(`visitor.${width}@example.test`),
        recToken: 'none',
      });
      expect(sent.status).toBe(201);
      await navigation(t.page).getByRole('link', { name: 'Contact enquiries' }).click();
      await t.page.waitForURL('**/back-office/contact-enquiries');
      await showSections(t.page, width);
      await navigation(t.page)
        .getByRole('link', { name: 'Overview 1 new since your last visit', exact: true })
        .waitFor();
      // On a phone the Menu button shows the count too, and says it: its name carries it.
      if (isPhone(width)) {
        await t.page
          .getByRole('button', { name: 'Menu, 1 new since your last visit', exact: true })
          .waitFor();
      }
      expect(await accessibilityViolations(t.page)).toEqual([]);

      // A reload is the same visit: the count stays.
      await t.page.reload();
      await showSections(t.page, width);
      await navigation(t.page)
        .getByRole('link', { name: 'Overview 1 new since your last visit', exact: true })
        .waitFor();

      // Signing out works, and the next visit counts from where this one ended.
      await t.page.getByRole('button', { name: 'Sign out' }).click();
      await t.page.waitForURL('**/login?notice=signed-out');
      await t.page.goto(`${t.site.url}/back-office`);
      await t.page.waitForURL('**/login**');
      await signInOnPage(t.page, t.site, email, password);
      await showSections(t.page, width);
      await t.page.waitForLoadState('networkidle');
      expect(await overview.textContent()).toBe('Overview');
      expect(await accessibilityViolations(t.page)).toEqual([]);
      expect(t.errors).toEqual([]);
    });
  }
});

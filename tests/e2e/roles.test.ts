import { describe, expect, it } from 'vitest';
import { backOfficeMessages } from '#shared/back-office.ts';
import { accessibilityViolations } from '../support/accessibility.ts';
import { hydrated, setUpSiteInBrowser } from '../support/browser.ts';
import { signIn, staffMember } from '../support/signed-in.ts';

// A member of staff of the staff role sees the leads, not the owners' sections, at a phone's width and a
// desktop's.
const t = setUpSiteInBrowser();

describe('the staff role in Chromium', () => {
  for (const width of [375, 1280]) {
    it(`shows a staff-role user the leads and their sessions, not Staff, Availability or Data protection (${width} px)`, async () => {
      // The first account is always an owner; this one is added after it.
      await staffMember(t.site, `owner.${width}@fenwickhale.test`, 'owner');
      const email = `sam.${width}@fenwickhale.test`;
      await t.page.setViewportSize({ width, height: 900 });
      await signIn(t.page, t.site, email, 'staff');
      // On a phone the sections are folded behind the Menu button.
      if (width === 375) await t.page.getByRole('button', { name: 'Menu' }).click();
      const nav = t.page.getByRole('navigation', { name: 'Back office' });
      await nav.getByRole('link', { name: 'Your account', exact: true }).waitFor();
      const links = await nav.getByRole('link').allTextContents();
      expect(links).toEqual(expect.arrayContaining(['Overview', 'Contact enquiries', 'Your account']));
      for (const owners of ['Firm details', 'Staff', 'Availability', 'Advisers', 'Data protection'])
        expect(links).not.toContain(owners);
      expect(await accessibilityViolations(t.page)).toEqual([]);

      await nav.getByRole('link', { name: 'Your account', exact: true }).click();
      await t.page.getByRole('row', { name: /This browser/ }).waitFor();
      expect(await accessibilityViolations(t.page)).toEqual([]);

      // They give the name colleagues will see, and the back office says who is signed in by it.
      await hydrated(t.page);
      await t.page.getByRole('textbox', { name: 'Your name' }).fill(`Sam Reid ${width}`);
      await t.page.getByRole('button', { name: 'Save your name' }).click();
      await t.page.getByRole('status').getByText(backOfficeMessages.renamed).waitFor();
      if (width === 375) await t.page.getByRole('button', { name: 'Menu' }).click();
      await t.page.getByText(`Signed in as Sam Reid ${width}`).waitFor();
      expect(await accessibilityViolations(t.page)).toEqual([]);

      // Typing an owner's address by hand shows why there is nothing there.
      await t.page.goto(`${t.site.url}/back-office/staff`);
      await t.page.getByRole('alert').getByText(backOfficeMessages.ownersOnly).waitFor();
      // Under the screen's heading, with a way back; none of the screen itself.
      await t.page.getByRole('heading', { name: 'Staff', level: 1 }).waitFor();
      await t.page.getByRole('main').getByRole('link', { name: 'Back to the overview' }).waitFor();
      await expect(t.page.getByLabel('Invite by email').count()).resolves.toBe(0);
      await expect(t.page.getByRole('table').count()).resolves.toBe(0);
      expect(await accessibilityViolations(t.page)).toEqual([]);
      expect(t.errors).toEqual([]);
    });
  }
});

import { describe, expect, it } from 'vitest';
import { backOfficeMessages, formTokenHeader } from '#shared/back-office.ts';
import { accessibilityViolations } from '../support/accessibility.ts';
import { addStaffWithPassword, signInOnPage } from '../support/accounts.ts';
import { setUpSiteInBrowser } from '../support/browser.ts';
import { contractEntries } from '../support/contract.ts';

// A staff-role session in Chromium, signed in through the login page, is refused every owner route of the
// API contract, and the owners' screens opened by their address say why, at a phone's width and a
// desktop's.
const t = setUpSiteInBrowser();
const password = 'Ledger2026!';

/** A body any owner action would act on, were it let through. */
const actingBody = {
  email: 'olive.owner@fenwickhale.test',
  role: 'staff',
  date: '2031-01-06',
  reason: 'closed by a member of staff',
  timeZone: 'Europe/London',
};

describe('a staff-role session in Chromium', () => {
  for (const width of [375, 1280]) {
    it(`gets 403 from every owner route of the API contract, and the owners' screens say owners only under their heading, with a way back (${width} px)`, async () => {
      const owner = `olive.${width}@fenwickhale.test`;
      await addStaffWithPassword(t.site, owner, password, 'owner');
      const email = `sam.${width}@fenwickhale.test`;
      await addStaffWithPassword(t.site, email, password, 'staff');
      await t.page.setViewportSize({ width, height: 900 });
      await signInOnPage(t.page, t.site, email, password);

      const routes = await contractEntries('owner');
      expect(routes.map((route) => `${route.method} ${route.path}`)).toEqual(
        expect.arrayContaining(['GET /api/back-office/staff', 'POST /api/back-office/staff/role']),
      );
      // Staff accounts (list, invite, disable, re-enable, role), availability and blocked dates, data
      // protection and the audit log: at least these twelve.
      expect(routes.length).toBeGreaterThanOrEqual(12);
      // The browser's own cookies, and the form token the back office sends with every change.
      const { token } = await (await t.page.request.get(`${t.site.url}/api/form-token`)).json();
      for (const route of routes) {
        const url = `${t.site.url}${route.path.replace(/:\w+/g, '2031-01-06')}`;
        const answer = await t.page.request.fetch(url, {
          method: route.method,
          headers: { origin: t.site.url, [formTokenHeader]: token },
          ...(route.method !== 'GET' && { data: { ...actingBody, email: owner } }),
        });
        expect(answer.status(), `${route.method} ${route.path}`).toBe(403);
        expect((await answer.json()).errorMessages, `${route.method} ${route.path}`).toEqual([
          backOfficeMessages.ownersOnly,
        ]);
      }
      // The session is still signed in, and still a member of staff: the refusals were about the role.
      const me = await t.page.request.get(`${t.site.url}/api/back-office/me`);
      expect(await me.json()).toEqual({ email, role: 'staff' });

      const screens = {
        staff: 'Staff',
        availability: 'Availability',
        advisers: 'Advisers',
        'data-protection': 'Data protection',
      };
      for (const [screen, heading] of Object.entries(screens)) {
        await t.page.goto(`${t.site.url}/back-office/${screen}`);
        await t.page.getByRole('alert').getByText(backOfficeMessages.ownersOnly).waitFor();
        // The screen keeps its heading, and offers the way back.
        await t.page.getByRole('heading', { level: 1, name: heading }).waitFor();
        await t.page.getByRole('main').getByRole('link', { name: 'Back to the overview' }).waitFor();
        expect(await accessibilityViolations(t.page), screen).toEqual([]);
      }
      expect(t.errors).toEqual([]);
    });
  }
});

import { describe, expect, it } from 'vitest';
import { backOfficeMessages, formTokenHeader } from '#shared/back-office.ts';
import { accessibilityViolations } from '../support/accessibility.ts';
import { setUpSiteInBrowser } from '../support/browser.ts';
import { contractEntries } from '../support/contract.ts';
import { signIn, staffMember } from '../support/signed-in.ts';

// A staff-role session in Chromium is refused every owner route of the API contract, and the owners'
// screens opened by their address say why, at a desktop's width and a phone's.
const t = setUpSiteInBrowser();

/** A body any owner action would act on, were it let through. */
const actingBody = {
  email: 'olive.owner@fenwickhale.test',
  role: 'staff',
  date: '2031-01-06',
  reason: 'closed by a member of staff',
  timeZone: 'Europe/London',
};

const screens = {
  firm: ['Firm details', backOfficeMessages.ownersOnly],
  staff: ['Staff', backOfficeMessages.ownersOnly],
  availability: ['Availability', backOfficeMessages.availabilityOnly],
  advisers: ['Advisers', backOfficeMessages.ownersOnly],
  'data-protection': ['Data protection', backOfficeMessages.ownersOnly],
} as const;

/**
 * Opens each owners' screen by its address: it says who may use it (Availability: also the staff an
 * owner lets), under its heading, with a way back.
 */
async function expectOwnersOnlyScreens() {
  for (const [screen, [heading, refusal]] of Object.entries(screens)) {
    await t.page.goto(`${t.site.url}/back-office/${screen}`);
    await t.page.getByRole('alert').getByText(refusal).waitFor();
    // The screen keeps its heading, and offers the way back.
    await t.page.getByRole('heading', { level: 1, name: heading }).waitFor();
    await t.page.getByRole('main').getByRole('link', { name: 'Back to the overview' }).waitFor();
    expect(await accessibilityViolations(t.page), screen).toEqual([]);
  }
}

describe('a staff-role session in Chromium', () => {
  it("gets 403 from every owner route of the API contract, and the owners' screens say owners only under their heading, with a way back", async () => {
    const owner = 'olive.1280@fenwickhale.test';
    await staffMember(t.site, owner, 'owner');
    const email = 'sam.1280@fenwickhale.test';
    await signIn(t.page, t.site, email, 'staff');

    const routes = await contractEntries('owner');
    expect(routes.map((route) => `${route.method} ${route.path}`)).toEqual(
      expect.arrayContaining(['GET /api/back-office/staff', 'POST /api/back-office/staff/role']),
    );
    // Staff accounts (list, invite, disable, re-enable, role), availability and blocked dates, data
    // protection and the audit log: at least these twelve.
    expect(routes.length).toBeGreaterThanOrEqual(12);
    // The browser's own cookies, and the form token the back office sends with every change.
    const { token } = await (await t.page.request.get(`${t.site.url}/api/form-token`)).json();
    // The availability routes too, which an owner has not let this member use.
    const availability = await contractEntries('availability');
    expect(availability.map((route) => `${route.method} ${route.path}`)).toContain(
      'POST /api/back-office/blocked-dates',
    );
    for (const route of [...routes, ...availability]) {
      const url = `${t.site.url}${route.path.replace(/:\w+/g, '2031-01-06')}`;
      const answer = await t.page.request.fetch(url, {
        method: route.method,
        headers: { origin: t.site.url, [formTokenHeader]: token },
        ...(route.method !== 'GET' && { data: { ...actingBody, email: owner } }),
      });
      expect(answer.status(), `${route.method} ${route.path}`).toBe(403);
      expect((await answer.json()).errorMessages, `${route.method} ${route.path}`).toEqual([
        route.access === 'owner' ? backOfficeMessages.ownersOnly : backOfficeMessages.availabilityOnly,
      ]);
    }
    // The session is still signed in, and still a member of staff: the refusals were about the role.
    const me = await t.page.request.get(`${t.site.url}/api/back-office/me`);
    expect(await me.json()).toEqual({
      email,
      name: null,
      taskDigest: true,
      role: 'staff',
      managesAvailability: false,
    });

    await expectOwnersOnlyScreens();
    expect(t.errors).toEqual([]);
  });

  it("on a phone, the owners' screens say owners only under their heading, with a way back", async () => {
    await staffMember(t.site, 'olive.375@fenwickhale.test', 'owner');
    await t.page.setViewportSize({ width: 375, height: 900 });
    await signIn(t.page, t.site, 'sam.375@fenwickhale.test', 'staff');
    await expectOwnersOnlyScreens();
    expect(t.errors).toEqual([]);
  });
});

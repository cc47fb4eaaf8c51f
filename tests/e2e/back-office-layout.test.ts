import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { accessibilityViolations } from '../support/accessibility.ts';
import { validApplication } from '../support/applications.ts';
import { setUpSiteInBrowser } from '../support/browser.ts';
import { contact } from '../support/enquiries.ts';
import { send } from '../support/http.ts';
import { signIn, staffApi, staffMember } from '../support/signed-in.ts';

// The back office's screens fit the width they are shown at: on a phone the Staff table and the lists
// become a card a row, with nothing off to the side; on a wide screen a lead page puts the firm's work
// beside what was sent, and headings sit with what follows them.
const t = setUpSiteInBrowser();

const pattern = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

/** The page does not scroll sideways: nothing sticks out past the window's width. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** Whether the element is shown whole inside the window's width (not cut off, not off to the side). */
async function insideWidth(element: Locator, width: number) {
  const box = await element.boundingBox();
  return box !== null && box.width > 0 && box.x >= 0 && box.x + box.width <= width;
}

/** The column name a narrow screen writes before a cell's value ('' when none is shown). */
const shownLabel = (cell: Locator) =>
  cell.evaluate((el) => getComputedStyle(el, '::before').content.replace(/^"|"\s*\/\s*""$|"$/g, ''));

describe('the back office’s layout in Chromium', () => {
  for (const width of [375, 1280]) {
    it(`fits the Staff screen to the window: every row's role and buttons in view, the buttons' column in line (${width} px)`, async () => {
      const owner = `layout.owner.${width}@fenwickhale.test`;
      const colleague = `layout.colleague.${width}@fenwickhale.test`;
      const leaver = `layout.leaver.${width}@fenwickhale.test`;
      for (const email of [colleague, leaver]) await staffMember(t.site, email);
      const api = await staffApi(t.site, owner);
      expect((await api.send('/staff/role', { email: colleague, role: 'staff' })).status).toBe(200);
      expect((await api.send('/staff/disable', { email: leaver })).status).toBe(200);

      const page = t.page;
      await page.setViewportSize({ width, height: 900 });
      await signIn(page, t.site, owner, 'owner', '/back-office/staff');
      // The Staff table's rows (the audit log below names the same people).
      const staffRow = (email: string) =>
        page.getByRole('row').filter({ has: page.getByRole('cell', { name: email, exact: true }) });
      const row = staffRow(colleague);
      await row.waitFor();
      await staffRow(leaver).waitFor();

      expect(await pageWidth(page)).toBeLessThanOrEqual(width);
      for (const button of [
        page.getByRole('button', { name: `Make ${colleague} an owner` }),
        page.getByRole('button', { name: `Disable ${colleague}` }),
        page.getByRole('button', { name: `Re-enable ${leaver}` }),
      ]) {
        expect(await insideWidth(button, width)).toBe(true);
      }
      const role = row.getByRole('cell', { name: 'Staff: leads and drafts' });
      expect(await insideWidth(role, width)).toBe(true);
      // The table is still a table to a screen reader, with its column headers.
      await expect(page.getByRole('columnheader', { name: 'Role' }).count()).resolves.toBe(1);

      const cells = row.getByRole('cell');
      if (width === 375) {
        // A card a row: each value under its column's name, one under another.
        expect(await shownLabel(role)).toBe('Role');
        const [first, second] = [await cells.nth(0).boundingBox(), await cells.nth(1).boundingBox()];
        expect(second?.y).toBeGreaterThan(first?.y ?? 0);
      } else {
        // One line a row: the buttons' cell starts and ends with the others, so the borders line up.
        const boxes = await Promise.all((await cells.all()).map((cell) => cell.boundingBox()));
        for (const box of boxes) {
          expect(box?.y).toBe(boxes[0]?.y);
          expect(box?.height).toBe(boxes[0]?.height);
        }
        expect(await shownLabel(role)).toBe('none');
      }

      // Controls sized for work: each button and field of the screen between 24 px (what a finger or a
      // pointer needs) and 40 px tall. (A box to tick is reached by its label, a larger target.)
      const controls = page.getByRole('main').locator('button, select, input:not([type="checkbox"])');
      for (const control of await controls.all()) {
        const box = await control.boundingBox();
        if (!box) continue; // a control of a folded part
        expect(box.height).toBeGreaterThanOrEqual(24);
        expect(box.height).toBeLessThanOrEqual(40);
      }

      // A section's heading has more room above it than below.
      for (const name of ['Your sessions', 'Audit log']) {
        const margins = await page
          .getByRole('heading', { name, level: 2 })
          .evaluate((el) =>
            [getComputedStyle(el).marginTop, getComputedStyle(el).marginBottom].map(parseFloat),
          );
        expect(margins[0]).toBeGreaterThan((margins[1] ?? 0) * 2);
      }
      expect(await accessibilityViolations(page)).toEqual([]);
      expect(t.errors).toEqual([]);
    });

    it(`shows every field of a list's rows without sideways scrolling (${width} px)`, async () => {
      const email = `layout.list.${width}@example.test`;
      const sent = await send(t.site, '/contact-us-send', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...contact(email), recToken: 'none' }),
      });
      expect(sent.status).toBe(201);
      const staff = `layout.lists.${width}@fenwickhale.test`;

      const page = t.page;
      await page.setViewportSize({ width, height: 900 });
      await signIn(
        page,
        t.site,
        staff,
        'owner',
        `/back-office/contact-enquiries?q=${encodeURIComponent(email)}`,
      );
      const row = page.getByRole('row', { name: pattern(email) });
      await row.waitFor();

      expect(await pageWidth(page)).toBeLessThanOrEqual(width);
      const headers = ['Name', 'Email', 'Organisation', 'Stage', 'Received'];
      const cells = await row.getByRole('cell').all();
      expect(cells).toHaveLength(headers.length);
      for (const [index, cell] of cells.entries()) {
        expect(await cell.isVisible()).toBe(true);
        expect(await insideWidth(cell, width)).toBe(true);
        expect(await shownLabel(cell)).toBe(width === 375 ? headers[index] : 'none');
      }
      await row.getByRole('cell', { name: email }).waitFor();
      await expect(page.getByRole('columnheader').allTextContents()).resolves.toEqual(headers);
      expect(await accessibilityViolations(page)).toEqual([]);
      expect(t.errors).toEqual([]);
    });

    it(`puts a lead's stage, notes and timeline beside its details on a wide screen, and does not repeat the visitor's details among the answers (${width} px)`, async () => {
      const email = `layout.applicant.${width}@example.test`;
      const sent = await send(t.site, '/forms/application-form', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...validApplication, emailAddress: email }),
      });
      expect(sent.status).toBe(201);
      const staff = `layout.leads.${width}@fenwickhale.test`;
      const api = await staffApi(t.site, staff);
      const [application] = (await api.json(`/applications?q=${encodeURIComponent(email)}`)).items;

      const page = t.page;
      await page.setViewportSize({ width, height: 900 });
      await signIn(page, t.site, staff, 'owner', `/back-office/applications/${application.reference}`);
      await page.getByRole('heading', { name: `Application from ${validApplication.yourName}` }).waitFor();
      expect(await pageWidth(page)).toBeLessThanOrEqual(width);

      const answers = page.getByRole('region', { name: 'Answers' });
      await answers.getByText(validApplication.biggestFrustration).waitFor();
      for (const asked of ['Your name', 'Email address', 'Business name', 'Website (optional)']) {
        await expect(answers.getByText(asked).count()).resolves.toBe(0);
      }
      // The website is with the visitor's other details at the top, under a plain label.
      await page.getByRole('definition').filter({ hasText: validApplication.website }).waitFor();

      const details = await page.getByText(validApplication.businessName, { exact: true }).boundingBox();
      const stage = await page.getByLabel('Stage').boundingBox();
      const timeline = await page.getByRole('heading', { name: 'Timeline' }).boundingBox();
      const answersBox = await answers.boundingBox();
      if (width === 1280) {
        // Beside: the stage starts to the right of the details, at the top, not under all the answers.
        expect(stage?.x).toBeGreaterThan((details?.x ?? 0) + 300);
        expect(stage?.y).toBeLessThan((answersBox?.y ?? 0) + (answersBox?.height ?? 0));
        expect(timeline?.x).toBe(stage?.x);
      } else {
        expect(stage?.y).toBeGreaterThan((answersBox?.y ?? 0) + (answersBox?.height ?? 0));
      }
      expect(await accessibilityViolations(page)).toEqual([]);
      expect(t.errors).toEqual([]);
    });
  }

  it('shows who is signed in on the Staff screen as a card each on a phone, with nothing off to the side (375 px)', async () => {
    const owner = 'layout.overview.with.a.long.address@fenwickhale-and-partners.test';
    const page = t.page;
    await page.setViewportSize({ width: 375, height: 900 });
    await signIn(page, t.site, owner, 'owner', '/back-office/staff');
    const signedIn = page.getByRole('region', { name: 'Signed in now' });
    const row = signedIn.getByRole('row').filter({ has: page.getByRole('cell', { name: owner }) });
    await row.waitFor();

    expect(await pageWidth(page)).toBeLessThanOrEqual(375);
    // Nothing to scroll inside the box either: the whole row is in view.
    expect(await signedIn.evaluate((box) => box.scrollWidth <= box.clientWidth)).toBe(true);
    const cells = await row.getByRole('cell').all();
    for (const cell of cells) expect(await insideWidth(cell, 375)).toBe(true);
    expect(await Promise.all(cells.map(shownLabel))).toEqual(['Who', 'Since', 'Last active', 'Remembered']);
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(t.errors).toEqual([]);
  });

  for (const width of [375, 1280]) {
    it(`fits a subscriber with a long address to the window: heading, buttons and consent record (${width} px)`, async () => {
      const owner = `layout.subscribers.${width}@fenwickhale.test`;
      const subscriber = `a.very.long.address.for.the.newsletter.${width}@example-dental-practice.co.uk`;
      const signedUp = await fetch(`${t.site.url}/subscribe`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ emailAddress: subscriber, submitMethod: '2' }),
      });
      expect(signedUp.status).toBe(200);

      const page = t.page;
      await page.setViewportSize({ width, height: 900 });
      await signIn(
        page,
        t.site,
        owner,
        'owner',
        `/back-office/subscribers/${encodeURIComponent(subscriber)}`,
      );
      await page.getByRole('heading', { level: 1, name: subscriber }).waitFor();

      expect(await pageWidth(page)).toBeLessThanOrEqual(width);
      expect(await insideWidth(page.getByRole('button', { name: `Unsubscribe ${subscriber}` }), width)).toBe(
        true,
      );
      const signUp = page.getByRole('row').filter({ hasText: 'Signed up' });
      for (const cell of await signUp.getByRole('cell').all())
        expect(await insideWidth(cell, width)).toBe(true);
      if (width === 375) expect(await shownLabel(signUp.getByRole('cell').last())).toBe('Who, from where');
      expect(await accessibilityViolations(page)).toEqual([]);
      expect(t.errors).toEqual([]);
    });
  }
});

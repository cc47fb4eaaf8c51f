import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultAvailabilitySettings } from '#shared/booking-settings.ts';
import { accessibilityViolations } from '../support/accessibility.ts';
import { setUpSiteInBrowser } from '../support/browser.ts';
import { signIn, staffApi } from '../support/signed-in.ts';

// The working hours by keyboard on the Availability screen: adding or removing a period moves the focus
// to where the work goes on, and a refusal of a whole day marks the periods it is about, the refusals
// listed in the order of the week; on a phone, the same focus and refusals.
const t = setUpSiteInBrowser();

/** Signs `email` in as an owner on the Availability screen, whose settings go back to the defaults after. */
async function openAvailability(page: Page, email: string) {
  const api = await staffApi(t.site, email);
  const restore = () => api.send('/availability', defaultAvailabilitySettings, 'PUT');
  await signIn(page, t.site, email, 'owner', '/back-office/availability');
  await page.getByRole('heading', { name: 'Availability', level: 1 }).waitFor();
  return restore;
}

/** Presses `name`'s button from the keyboard. */
async function press(page: Page, name: string) {
  await page.getByRole('button', { name, exact: true }).focus();
  await page.keyboard.press('Enter');
}

/** The accessible name of the control that has the keyboard focus. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return 'the page itself';
    return (element.closest('label')?.textContent ?? element.textContent ?? '').trim();
  });

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

describe('working hours by keyboard in Chromium', () => {
  let restore: (() => Promise<unknown>) | undefined;
  afterEach(async () => {
    await restore?.();
    restore = undefined;
  });

  it("moves the focus to the new period's start, and after a removal to the period before or the day's Add button", async () => {
    restore = await openAvailability(t.page, 'focus.1280@fenwickhale.test');

    await press(t.page, 'Add a period to Monday');
    expect(await focused(t.page)).toBe('Monday, second period, Start');
    await press(t.page, 'Add a period to Monday');
    expect(await focused(t.page)).toBe('Monday, third period, Start');
    expect(await accessibilityViolations(t.page)).toEqual([]);

    await press(t.page, 'Remove Monday, third period');
    expect(await focused(t.page)).toBe('Remove Monday, second period');
    await press(t.page, 'Remove Monday, first period');
    // The first gone, the period that is now first has the focus.
    expect(await focused(t.page)).toBe('Remove Monday, first period');
    await press(t.page, 'Remove Monday, first period');
    expect(await focused(t.page)).toBe('Add a period to Monday');
    await expect(field(t.page, 'Monday Closed').isChecked()).resolves.toBe(true);
    expect(await accessibilityViolations(t.page)).toEqual([]);
    expect(t.errors).toEqual([]);
  });

  it('marks the periods a refusal of the whole day is about, and lists the refusals by weekday', async () => {
    restore = await openAvailability(t.page, 'refusals.1280@fenwickhale.test');

    // Monday 09:00–17:00 and 16:00–18:00 overlap; Tuesday's period ends before it starts.
    await press(t.page, 'Add a period to Monday');
    await field(t.page, 'Monday, second period, Start').fill('16:00');
    await field(t.page, 'Monday, second period, End').fill('18:00');
    await field(t.page, 'Tuesday, first period, Start').fill('17:00');
    await field(t.page, 'Tuesday, first period, End').fill('09:00');
    await field(t.page, 'Wednesday, first period, End').fill('');
    await t.page.getByRole('button', { name: 'Save availability' }).click();

    const alert = t.page.getByRole('alert').filter({ has: t.page.getByRole('list') });
    await alert.waitFor();
    expect(await alert.getByRole('listitem').allTextContents()).toEqual([
      'Monday: the periods 09:00–17:00 and 16:00–18:00 overlap',
      'Tuesday: each period must end after it starts',
      'Wednesday, first period: use a time like 09:00 for its end',
    ]);
    for (const label of [
      'Monday, first period, Start',
      'Monday, second period, End',
      'Tuesday, first period, Start',
      'Tuesday, first period, End',
      'Wednesday, first period, End',
    ]) {
      expect(await field(t.page, label).getAttribute('aria-invalid'), label).toBe('true');
    }
    expect(await field(t.page, 'Thursday, first period, Start').getAttribute('aria-invalid')).toBeNull();
    expect(await accessibilityViolations(t.page)).toEqual([]);
    expect(t.errors.filter((error) => !error.includes('422'))).toEqual([]);
  });

  it('on a phone, moves the focus to a new period and lists a refusal, with nothing wider than the screen', async () => {
    await t.page.setViewportSize({ width: 375, height: 900 });
    restore = await openAvailability(t.page, 'focus.375@fenwickhale.test');
    await press(t.page, 'Add a period to Monday');
    expect(await focused(t.page)).toBe('Monday, second period, Start');
    await press(t.page, 'Remove Monday, second period');
    expect(await focused(t.page)).toBe('Remove Monday, first period');

    await field(t.page, 'Tuesday, first period, Start').fill('17:00');
    await field(t.page, 'Tuesday, first period, End').fill('09:00');
    await t.page.getByRole('button', { name: 'Save availability' }).click();
    const alert = t.page.getByRole('alert').filter({ has: t.page.getByRole('list') });
    await alert.waitFor();
    expect(await alert.getByRole('listitem').allTextContents()).toEqual([
      'Tuesday: each period must end after it starts',
    ]);
    expect(await field(t.page, 'Tuesday, first period, End').getAttribute('aria-invalid')).toBe('true');
    expect(await t.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await accessibilityViolations(t.page)).toEqual([]);
    expect(t.errors.filter((error) => !error.includes('422'))).toEqual([]);
  });
});

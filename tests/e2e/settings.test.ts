import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { longDay } from '#client/features/back-office/format.ts';
import { dayLabel } from '#shared/availability-words.ts';
import { defaultAvailabilitySettings } from '#shared/booking-settings.ts';
import {
  addDays,
  type CalendarDate,
  formatDayMonthYear,
  formatLongDate,
  todayIn,
  toIsoDate,
  weekdayName,
} from '#shared/calendar.ts';
import { accessibilityViolations } from '../support/accessibility.ts';
import { firstBookableDate, timesFor } from '../support/booking.ts';
import { bookingModal } from '../support/booking-modal.ts';
import { hydrated, setUpSiteInBrowser } from '../support/browser.ts';
import { contact } from '../support/enquiries.ts';
import { signedInApi, signIn } from '../support/signed-in.ts';
import { backOfficeClient } from '../support/staff.ts';

// The settings a partner sets on the Availability screen: working hours with time controls, closing a
// day, the time zone from a list, and the site's own date picker in the blocked dates and in a list's
// date filters; the screens, their refusals and the picker at a phone's width once.
const t = setUpSiteInBrowser();
const { dialog, dayButton, showMonthOf } = bookingModal(() => t.page);

/** An owner signed in for the API, as the screens' own calls are, to put the settings back. */
const ownersApi = async (email: string) => backOfficeClient(t.site, await signedInApi(t.site, email));

async function openScreen(page: Page, width: number, email: string, screen: string, heading: string) {
  await page.setViewportSize({ width, height: 900 });
  await signIn(page, t.site, email, 'owner', `/back-office/${screen}`);
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
}

const save = async (page: Page) => {
  await page.getByRole('button', { name: 'Save availability' }).click();
  await page.getByRole('status').getByText('Saved. The calendar offers the new times at once.').waitFor();
};

/** What the server says about a control, read as a screen reader would: its description. */
const descriptionOf = (page: Page, label: string) =>
  page.getByLabel(label, { exact: true }).evaluate((control) =>
    (control.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );

const publicCalendar = async () => (await fetch(`${t.site.url}/api/booking-settings`)).json();
const minutes = (slots: { startHour: number; startMinute: number }[]) =>
  slots.map((slot) => slot.startHour * 60 + slot.startMinute);
const british = (date: CalendarDate) => formatDayMonthYear(date);

describe('settings in the back office in Chromium', () => {
  // The settings are the site's own: each test leaves them as it found them.
  let restore: (() => Promise<unknown>) | undefined;
  afterEach(async () => {
    await restore?.();
    restore = undefined;
  });

  const width = 1280;
  it(`sets a weekday's two periods with time controls, then closes the day, which the public calendar blocks (${width} px)`, async () => {
    const email = `hours.${width}@fenwickhale.test`;
    const api = await ownersApi(email);
    restore = () => api.send('/availability', defaultAvailabilitySettings, 'PUT');
    // A week after the first day offered: none of its times are too soon to book.
    const date = addDays((await firstBookableDate(t.site.url)).date, 7);
    const day = dayLabel(weekdayName(date));
    await openScreen(t.page, width, email, 'availability', 'Availability');
    expect(await accessibilityViolations(t.page)).toEqual([]);

    await t.page.getByLabel(`${day}, first period, Start`, { exact: true }).fill('09:00');
    await t.page.getByLabel(`${day}, first period, End`, { exact: true }).fill('11:00');
    await t.page.getByRole('button', { name: `Add a period to ${day}` }).click();
    await t.page.getByLabel(`${day}, second period, Start`, { exact: true }).fill('14:00');
    await t.page.getByLabel(`${day}, second period, End`, { exact: true }).fill('15:00');
    await save(t.page);
    expect(minutes(await timesFor(t.site.url, date))).toEqual([540, 570, 600, 630, 840, 870]);

    // A time left out is named in words beside its control.
    await t.page.getByLabel(`${day}, second period, End`, { exact: true }).fill('');
    await t.page.getByRole('button', { name: 'Save availability' }).click();
    const problem = `${day}, second period: use a time like 09:00 for its end`;
    await t.page.getByRole('alert').getByText(problem).waitFor();
    expect(await descriptionOf(t.page, `${day}, second period, End`)).toContain(problem);
    expect(await accessibilityViolations(t.page)).toEqual([]);
    await t.page.getByRole('button', { name: `Remove ${day}, second period` }).click();

    await t.page.getByLabel(`${day} Closed`, { exact: true }).check();
    await expect(t.page.getByLabel(`${day}, first period, Start`).count()).resolves.toBe(0);
    await save(t.page);
    expect(await timesFor(t.site.url, date)).toEqual([]);
    expect((await publicCalendar()).ignoreDays).toContain(weekdayName(date));
    expect(await accessibilityViolations(t.page)).toEqual([]);

    // The visitor's calendar offers that weekday no more, that week or the next.
    for (const closed of [date, addDays(date, 7)]) {
      await t.page.goto(t.site.url);
      // A click before the page is live would be lost: the visitor clicks once it is.
      await hydrated(t.page);
      await t.page.getByRole('button', { name: 'Book an initial call' }).first().click();
      await dialog().getByRole('grid').waitFor();
      await showMonthOf(closed);
      await expect(dayButton(closed).getAttribute('aria-disabled')).resolves.toBe('true');
    }
    expect(t.errors.filter((e) => !e.includes('422'))).toEqual([]);
  });

  it(`picks the time zone from a list (${width} px)`, async () => {
    const email = `zone.${width}@fenwickhale.test`;
    const api = await ownersApi(email);
    restore = () => api.send('/availability', defaultAvailabilitySettings, 'PUT');
    await openScreen(t.page, width, email, 'availability', 'Availability');
    const zone = t.page.getByRole('combobox', { name: 'Time zone' });
    expect(await zone.inputValue()).toBe('Europe/London');
    // The firm's likely zones first, each by its city, its zone and its offset; no old names.
    const labels = await zone.locator('option').allTextContents();
    expect(labels.slice(0, 2)).toEqual([
      expect.stringMatching(/^London \(Europe\/London\), GMT\+[01]$/),
      expect.stringMatching(/^Dublin \(Europe\/Dublin\), GMT\+[01]$/),
    ]);
    expect(labels).toContainEqual(expect.stringMatching(/^Kyiv \(Europe\/Kyiv\), GMT\+[23]$/));
    expect(labels.filter((label) => /Asmera|Calcutta|Kiev/.test(label))).toEqual([]);
    await zone.selectOption({ label: labels.find((label) => label.startsWith('New York (')) ?? '' });
    await save(t.page);
    expect((await publicCalendar()).timeZone).toBe('America/New_York');
    await t.page.reload();
    expect(await zone.inputValue()).toBe('America/New_York');
    // The screen as it loads is checked by axe in the test above and on a phone.
    expect(t.errors).toEqual([]);
  });

  it(`uses the site's date picker, dates written the British way, in a list filter (${width} px)`, async () => {
    const email = `dates.${width}@fenwickhale.test`;
    const enquirer = `dates.${width}@example.test`;
    const sent = await fetch(`${t.site.url}/contact-us-send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...contact(enquirer), recToken: 'none' }),
    });
    expect(sent.status).toBe(201);
    const today = todayIn('Europe/London');
    const tomorrow = addDays(today, 1);

    // A list's From filter: typed as day/month/year, then chosen from its calendar.
    await openScreen(t.page, width, email, `contact-enquiries?q=${enquirer}`, 'Contact enquiries');
    await t.page.getByRole('link', { name: 'Amira Shah' }).waitFor();
    const from = t.page.getByRole('textbox', { name: 'From', exact: true });
    await from.fill(british(tomorrow));
    await from.press('Tab');
    await t.page.waitForURL((url) => url.searchParams.get('from') === toIsoDate(tomorrow));
    await t.page.getByText('Nothing matches these filters.').waitFor();
    expect(await from.inputValue()).toBe(british(tomorrow));
    expect(await accessibilityViolations(t.page)).toEqual([]);

    await t.page.getByRole('button', { name: /^Change From, / }).click();
    const fromCalendar = t.page.getByRole('dialog', { name: 'Choose From' });
    await fromCalendar.waitFor();
    expect(await accessibilityViolations(t.page)).toEqual([]);
    await t.page.keyboard.press('ArrowLeft');
    await t.page.keyboard.press('Enter');
    await fromCalendar.waitFor({ state: 'hidden' });
    await t.page.waitForURL((url) => url.searchParams.get('from') === toIsoDate(today));
    await t.page.getByRole('link', { name: 'Amira Shah' }).waitFor();
    expect(await from.inputValue()).toBe(british(today));
    expect(t.errors).toEqual([]);
  });

  it(`uses the site's date picker, dates written the British way, in blocked dates (${width} px)`, async () => {
    const email = `blocks.${width}@fenwickhale.test`;
    const api = await ownersApi(email);
    const today = todayIn('Europe/London');
    const tomorrow = addDays(today, 1);

    // Blocked dates: a past day is refused in the field; a typed day and a chosen one are blocked.
    await openScreen(t.page, width, email, 'availability', 'Availability');
    restore = async () => {
      for (const day of [1, 2, 3, 4, 5].map((n) => addDays(today, n))) {
        await api.send(`/blocked-dates/${toIsoDate(day)}`, undefined, 'DELETE');
      }
    };
    const dateToBlock = t.page.getByRole('textbox', { name: 'Date to block' });
    // What cannot be blocked is said in the field and above the form, the British way, never as
    // YYYY-MM-DD: a past day, a day that does not exist, and words.
    const yesterday = formatLongDate(addDays(today, -1));
    const refusals: [string, string][] = [
      [british(addDays(today, -1)), `Date to block: ${yesterday} has passed; choose today or a later date`],
      ['31/02/2027', 'Date to block must be a date written as day/month/year, for example 23/11/2026'],
      ['tomorrow', 'Date to block must be a date written as day/month/year, for example 23/11/2026'],
    ];
    for (const [typed, message] of refusals) {
      await dateToBlock.fill(typed);
      await dateToBlock.press('Tab');
      await t.page.locator('.field__error').getByText(message).waitFor();
      await t.page.getByRole('button', { name: 'Block date' }).click();
      expect(await t.page.getByRole('alert').textContent()).toBe(message);
      expect(await t.page.getByRole('alert').textContent()).not.toMatch(/YYYY/);
    }
    expect(await accessibilityViolations(t.page)).toEqual([]);

    await dateToBlock.fill(british(tomorrow));
    await t.page.getByLabel('Reason (optional)').fill('Team training');
    await t.page.getByRole('button', { name: 'Block date' }).click();
    const blocked = (date: CalendarDate) =>
      t.page.getByRole('button', { name: `Unblock ${longDay(toIsoDate(date))}`, exact: true });
    await blocked(tomorrow).waitFor();
    await t.page.getByText('(Team training)', { exact: false }).waitFor();
    expect(await dateToBlock.inputValue()).toBe('');

    await t.page.getByRole('button', { name: 'Choose Date to block' }).click();
    const calendar = t.page.getByRole('dialog', { name: 'Choose Date to block' });
    await calendar.waitFor();
    await t.page.keyboard.press('ArrowRight');
    await t.page.keyboard.press('ArrowRight');
    await t.page.keyboard.press('Enter');
    await calendar.waitFor({ state: 'hidden' });
    expect(await dateToBlock.inputValue()).toBe(british(addDays(today, 2)));
    await t.page.getByRole('button', { name: 'Block date' }).click();
    await blocked(addDays(today, 2)).waitFor();
    expect(await timesFor(t.site.url, addDays(today, 2))).toEqual([]);

    // Several days in one go: the first and the last.
    await dateToBlock.fill(british(addDays(today, 3)));
    await t.page
      .getByRole('textbox', { name: 'Until (optional, for several days)' })
      .fill(british(addDays(today, 5)));
    await t.page.getByRole('button', { name: 'Block date' }).click();
    await t.page
      .getByRole('status')
      .getByText(
        `Blocked ${longDay(toIsoDate(addDays(today, 3)))} to ${longDay(toIsoDate(addDays(today, 5)))}.`,
      )
      .waitFor();
    for (const n of [3, 4, 5]) await blocked(addDays(today, n)).waitFor();
    expect(await accessibilityViolations(t.page)).toEqual([]);
    expect(t.errors).toEqual([]);
  });

  it('shows the Availability screen and its refusals on a phone (375 px)', async () => {
    const email = 'phone.settings@fenwickhale.test';
    const day = dayLabel(weekdayName(addDays((await firstBookableDate(t.site.url)).date, 7)));
    await openScreen(t.page, 375, email, 'availability', 'Availability');
    await t.page.getByRole('combobox', { name: 'Time zone' }).waitFor();
    expect(await accessibilityViolations(t.page)).toEqual([]);

    // Refusals beside their controls, and nothing saved: the settings stay as they were.
    await t.page.getByLabel(`${day}, first period, End`, { exact: true }).fill('');
    await t.page.getByRole('button', { name: 'Save availability' }).click();
    const problem = `${day}, first period: use a time like 09:00 for its end`;
    await t.page.getByRole('alert').getByText(problem).waitFor();
    const dateToBlock = t.page.getByRole('textbox', { name: 'Date to block' });
    await dateToBlock.fill('tomorrow');
    await dateToBlock.press('Tab');
    await t.page.locator('.field__error').getByText('Date to block must be a date').waitFor();
    expect(await accessibilityViolations(t.page)).toEqual([]);
    await t.page.getByRole('button', { name: 'Block date' }).click();
    await t.page.getByRole('alert').getByText('Date to block must be a date').waitFor();
    expect(t.errors.filter((e) => !e.includes('422'))).toEqual([]);
  });

  it('shows a list’s date filter with its calendar open on a phone (375 px)', async () => {
    await openScreen(t.page, 375, 'phone.filter@fenwickhale.test', 'contact-enquiries', 'Contact enquiries');
    await t.page.getByRole('button', { name: 'Choose From', exact: true }).click();
    await t.page.getByRole('dialog', { name: 'Choose From' }).waitFor();
    expect(await accessibilityViolations(t.page)).toEqual([]);
    expect(t.errors).toEqual([]);
  });
});

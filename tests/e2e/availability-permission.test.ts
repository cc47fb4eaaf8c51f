import { describe, expect, it } from 'vitest';
import { longDay } from '#client/features/back-office/format.ts';
import { backOfficeMessages } from '#shared/back-office.ts';
import { addDays, formatDayMonthYear, toIsoDate } from '#shared/calendar.ts';
import { accessibilityViolations } from '../support/accessibility.ts';
import { firstBookableDate, timesFor } from '../support/booking.ts';
import { hydrated, setUpSiteInBrowser } from '../support/browser.ts';
import { signIn, staffMember } from '../support/signed-in.ts';

// A partner lets the receptionist keep the calendar's availability from the Staff screen; the
// receptionist then blocks a run of days and part of another, which the public calendar stops offering.
const t = setUpSiteInBrowser();

describe('availability kept by a member of staff an owner lets, in Chromium', () => {
  for (const [index, width] of [1280, 375].entries()) {
    it(`lets a receptionist block a range of dates and part of a day once an owner allows it (${width} px)`, async () => {
      const page = t.page;
      await page.setViewportSize({ width, height: 900 });
      const receptionist = `reception.${width}@fenwickhale.test`;
      const name = `Rhea Desk ${width}`;
      const id = await staffMember(t.site, receptionist, 'staff');
      await t.site.db.updateTable('users').set({ name }).where('id', '=', id).execute();

      // The owner's Staff screen: the permission is a button in the receptionist's row, named for them.
      await signIn(page, t.site, `partner.${width}@fenwickhale.test`, 'owner', '/back-office/staff');
      const row = page.getByRole('row', { name: new RegExp(name) });
      await row.waitFor();
      await hydrated(page);
      await row.getByRole('button', { name: `Let ${name} manage availability` }).click();
      await page.getByRole('status').getByText(backOfficeMessages.availabilityAllowed).waitFor();
      await row.getByText('Staff: leads, drafts and availability').waitFor();
      expect(await accessibilityViolations(page)).toEqual([]);

      // The receptionist now has Availability among their sections.
      await signIn(page, t.site, receptionist, 'staff');
      if (width === 375) await page.getByRole('button', { name: 'Menu' }).click();
      await page
        .getByRole('navigation', { name: 'Back office' })
        .getByRole('link', { name: 'Availability' })
        .click();
      await page.getByRole('heading', { name: 'Availability', level: 1 }).waitFor();
      await hydrated(page);

      // Days the calendar offers calls on (the first bookable one's weekday, a week and a fortnight on),
      // apart for each width: part of one day, and three days in a row from the week after.
      const { date } = await firstBookableDate(t.site.url);
      const partDay = addDays(date, 14 * index);
      const first = addDays(partDay, 7);
      const last = addDays(first, 2);
      const before = await timesFor(t.site.url, partDay);
      expect(await timesFor(t.site.url, first)).not.toEqual([]);
      await page.getByRole('textbox', { name: 'Date to block' }).fill(formatDayMonthYear(first));
      await page
        .getByRole('textbox', { name: 'Until (optional, for several days)' })
        .fill(formatDayMonthYear(last));
      await page.getByLabel('Reason (optional)').fill('Office move');
      await page.getByRole('button', { name: 'Block date' }).click();
      const range = `Blocked ${longDay(toIsoDate(first))} to ${longDay(toIsoDate(last))}.`;
      await page.getByRole('status').getByText(range).waitFor();
      for (const n of [0, 1, 2]) {
        const day = addDays(first, n);
        await page.getByRole('button', { name: `Unblock ${longDay(toIsoDate(day))}`, exact: true }).waitFor();
        expect(await timesFor(t.site.url, day)).toEqual([]);
      }

      // A morning: the calls it would have run into are no longer offered.
      const after = partDay;
      await page.getByRole('textbox', { name: 'Date to block' }).fill(formatDayMonthYear(after));
      await page.getByLabel('From (optional, for part of the day)').fill('09:00');
      await page.getByLabel('To', { exact: true }).fill('12:00');
      await page.getByRole('button', { name: 'Block date' }).click();
      const morning = `${longDay(toIsoDate(after))}, 09:00 to 12:00`;
      await page.getByRole('status').getByText(`Blocked ${morning}.`).waitFor();
      await page.getByRole('button', { name: `Unblock ${morning}`, exact: true }).waitFor();
      const offered = await timesFor(t.site.url, after);
      expect(before.some((slot) => slot.startHour < 12)).toBe(true);
      expect(offered).toEqual(before.filter((slot) => slot.startHour >= 12));
      expect(offered.every((slot) => slot.startHour >= 12)).toBe(true);
      expect(await accessibilityViolations(page)).toEqual([]);
      expect(t.errors).toEqual([]);
    });
  }
});

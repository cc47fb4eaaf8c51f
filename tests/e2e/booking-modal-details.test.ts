import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { TimeSlot } from '#shared/booking.ts';
import { type CalendarDate, formatLongDate, formatTime, todayIn, toIsoDate } from '#shared/calendar.ts';
import { firstBookableDate, timesFor } from '../support/booking.ts';
import { bookingModal } from '../support/booking-modal.ts';
import { hydrated, setUpSiteInBrowser, whenTextShows } from '../support/browser.ts';

// Neither Zoom nor MEETING_URL: the firm emails the video link later, and the page says so.
const t = setUpSiteInBrowser({ env: { MEETING_URL: '' } });

const { dialog, dayButton, status, showMonthOf, settledGrid, chooseDayAndTime } = bookingModal(() => t.page);

async function openModal() {
  await t.page.goto(t.site.url);
  // A click before the page is live would be lost: the visitor clicks once it is.
  await hydrated(t.page);
  await t.page.getByRole('button', { name: 'Book an initial call' }).first().click();
  await dialog().waitFor();
}

const failOnce = (pattern: string) =>
  t.page.route(pattern, (route) => route.fulfill({ status: 500, body: 'down' }), { times: 1 });

describe('the booking modal’s details in Chromium', () => {
  it('says when the times could not be loaded, logs it, and loads them on Try again', async () => {
    const { date, slots } = await firstBookableDate(t.site.url);
    await openModal();
    await showMonthOf(date);
    await failOnce('**/api/gettimesfordate');
    await dayButton(date).click();
    const problem = dialog().getByRole('alert');
    await problem.waitFor();
    await expect(problem.locator('p').textContent()).resolves.toBe(
      "We couldn't load the times. Please try again.",
    );
    await expect(dialog().getByText('No times are free', { exact: false }).count()).resolves.toBe(0);
    expect(t.errors.filter((e) => !e.includes('500'))).toEqual(['Internal server error']);

    await problem.getByRole('button', { name: 'Try again' }).click();
    const first = slots[0] as TimeSlot;
    await dialog().getByText(formatTime(first.startHour, first.startMinute), { exact: true }).waitFor();
    await expect(dialog().getByRole('alert').count()).resolves.toBe(0);
  });

  it('offers no day when the month’s free days could not be loaded, says so, and asks again on Try again', async () => {
    const { date } = await firstBookableDate(t.site.url);
    await t.page.goto(t.site.url);
    await failOnce('**/api/getdaysformonth');
    // A click before the page is live would be lost: the visitor clicks once it is.
    await hydrated(t.page);
    await t.page.getByRole('button', { name: 'Book an initial call' }).first().click();
    const problem = dialog().getByRole('alert');
    await problem.waitFor();
    await expect(problem.locator('p').textContent()).resolves.toBe(
      "We couldn't load the days. Please try again.",
    );
    await expect(dialog().locator('.calendar__day:not([aria-disabled="true"])').count()).resolves.toBe(0);
    expect(t.errors.filter((e) => !e.includes('500'))).toEqual(['Internal server error']);

    await problem.getByRole('button', { name: 'Try again' }).click();
    await settledGrid().waitFor();
    await expect(dialog().getByRole('alert').count()).resolves.toBe(0);
    await showMonthOf(date);
    await expect(dayButton(date).getAttribute('aria-disabled')).resolves.toBe('false');
  });

  it('says when the calendar could not be loaded, and shows it on Try again', async () => {
    await t.page.goto(t.site.url);
    await failOnce('**/api/booking-settings');
    // A click before the page is live would be lost: the visitor clicks once it is.
    await hydrated(t.page);
    await t.page.getByRole('button', { name: 'Book an initial call' }).first().click();
    const problem = dialog().getByRole('alert');
    await problem.waitFor();
    await expect(problem.locator('p').textContent()).resolves.toBe(
      "We couldn't load the calendar. Please try again.",
    );
    await problem.getByRole('button', { name: 'Try again' }).click();
    await settledGrid().waitFor();
    await expect(dialog().getByText('Loading the calendar…').count()).resolves.toBe(0);
  });

  it('never offers a day whose times are all taken, asking once per month shown', async () => {
    const { date: full } = await firstBookableDate(t.site.url);
    // One call across the whole day leaves it no free time. Thirteen hours either side of noon UTC span
    // the London day in winter and in summer, and no working hour of the days either side.
    const db = new Database(path.join(t.site.dataDir, 'site.db'));
    const noon = Date.UTC(full.year, full.month, full.day, 12);
    db.prepare(
      `insert into bookings (reference, email, starts_at, ends_at, local_date, local_time, time_zone, status,
        cancel_token_hash, created_at) values ('FULL-DAY', 'all.day@example.com', ?, ?, ?, '00:00',
        'Europe/London', 'confirmed', 'not-a-token-hash', ?)`,
    ).run(
      new Date(noon - 13 * 3_600_000).toISOString(),
      new Date(noon + 13 * 3_600_000).toISOString(),
      toIsoDate(full),
      new Date().toISOString(),
    );
    db.close();
    expect(await timesFor(t.site.url, full)).toEqual([]);

    const asked: string[] = [];
    t.page.on('request', (request) => {
      if (request.url().endsWith('/api/getdaysformonth')) asked.push(request.postData() ?? '');
    });
    await openModal();
    await showMonthOf(full);
    await expect(dayButton(full).getAttribute('aria-disabled')).resolves.toBe('true');
    await expect(dayButton(full).getAttribute('aria-label')).resolves.toBe(
      `${formatLongDate(full)}, not available`,
    );
    await dayButton(full).click({ force: true });
    await expect(dialog().locator('legend').textContent()).resolves.toBe('Choose a day to see the times');
    // Once for each month shown: the modal opens on this month, then the test turns to the full day's.
    const today = todayIn('Europe/London');
    const monthsShown = (full.year - today.year) * 12 + full.month - today.month + 1;
    expect(asked).toEqual(
      Array.from({ length: monthsShown }, (_, index) => {
        const month = today.month + index;
        return JSON.stringify({
          year: today.year + Math.floor(month / 12),
          month: (month % 12) + 1,
          apptType: 'initial',
        });
      }),
    );
  });

  it("shows 'Please select a time' for 2 s, and clears it once a time is chosen", async () => {
    const { date, slots } = await firstBookableDate(t.site.url);
    const slot = slots[0] as TimeSlot;
    await t.page.clock.install();
    await openModal();
    await showMonthOf(date);
    await dayButton(date).click();
    await dialog().getByText(formatTime(slot.startHour, slot.startMinute), { exact: true }).waitFor();
    const asked = await whenTextShows(t.page, 'dialog [role=status]', 'Please select a time');
    await dialog().getByRole('button', { name: 'Book my call' }).click();
    await asked.pauseAfter(1900);
    await expect(status().textContent()).resolves.toBe('Please select a time');
    await t.page.clock.runFor(200);
    await expect(status().textContent()).resolves.toBe('');

    await dialog().getByRole('button', { name: 'Book my call' }).click();
    await expect(status().textContent()).resolves.toBe('Please select a time');
    await dialog().getByText(formatTime(slot.startHour, slot.startMinute), { exact: true }).click();
    await expect(status().textContent()).resolves.toBe('');
  });

  it('does not ask for a time on a day that has none: the times area says so instead', async () => {
    const { date } = await firstBookableDate(t.site.url);
    await openModal();
    await showMonthOf(date);
    // Taken since the month was asked about: the day is offered, but its times are gone.
    await t.page.route('**/api/gettimesfordate', (route) => route.fulfill({ json: [] }), { times: 1 });
    await dayButton(date).click();
    await dialog().getByText('No times are free on this day. Please choose another day.').waitFor();
    await dialog().getByRole('button', { name: 'Book my call' }).click();
    await expect(status().textContent()).resolves.toBe('');
    await expect(dialog().getByText('Please select a time').count()).resolves.toBe(0);
  });

  it('puts the calendar’s one tab stop on the first day that can be chosen, never on a closed today', async () => {
    await openModal();
    await settledGrid().waitFor();
    // Today is never offered: the firm asks for a day's notice. Late on a month's last working days, the
    // month has no day left to choose: the next one is where the calendar has days to offer.
    const firstOffered = dialog().locator('.calendar__day:not([aria-disabled="true"])').first();
    if ((await firstOffered.count()) === 0) {
      await dialog().getByRole('button', { name: 'Next month' }).click();
      await settledGrid().waitFor();
    }
    const expected = await firstOffered.getAttribute('data-date');
    await dialog().getByRole('button', { name: 'Next month' }).focus();
    await t.page.keyboard.press('Tab');
    const landed = () =>
      t.page.evaluate(() => ({
        date: document.activeElement?.getAttribute('data-date'),
        disabled: document.activeElement?.getAttribute('aria-disabled'),
      }));
    await expect(landed()).resolves.toEqual({ date: expected, disabled: 'false' });

    // A month turned by its button starts again at its own first day that can be chosen.
    await dialog().getByRole('button', { name: 'Next month' }).click();
    await settledGrid().waitFor();
    const nextExpected = await firstOffered.getAttribute('data-date');
    await t.page.keyboard.press('Tab');
    await expect(landed()).resolves.toEqual({ date: nextExpected, disabled: 'false' });
  });

  it('keeps its top edge still when the times arrive', async () => {
    const { date } = await firstBookableDate(t.site.url);
    await openModal();
    await showMonthOf(date);
    const top = () => dialog().evaluate((modal) => modal.getBoundingClientRect().top);
    const before = await top();
    await dayButton(date).click();
    await dialog().locator('.slot').first().waitFor();
    await expect(top()).resolves.toBe(before);
  });

  it('keeps Tab inside the dialog, which sits on <body> with valid grid cells', async () => {
    await openModal();
    await settledGrid().waitFor();
    for (let i = 0; i < 30; i++) {
      await t.page.keyboard.press(i % 10 === 9 ? 'Shift+Tab' : 'Tab');
      const inside = await t.page.evaluate(
        () => document.activeElement?.closest('dialog') !== null && document.activeElement !== document.body,
      );
      expect(inside).toBe(true);
    }
    const placement = await t.page.evaluate(() => {
      const modal = document.querySelector('dialog.modal');
      return { parent: modal?.parentElement?.tagName, inParagraph: modal?.closest('p') !== null };
    });
    expect(placement).toEqual({ parent: 'BODY', inParagraph: false });
    await expect(dialog().locator('td[role]').count()).resolves.toBe(0);
    await expect(dialog().locator('td[aria-selected]').count()).resolves.toBeGreaterThan(27);
  });

  it('moves focus to the confirmation, which says the video link will be emailed', async () => {
    const { date, slots } = await firstBookableDate(t.site.url, 6);
    await openModal();
    await chooseDayAndTime(date, slots[0] as TimeSlot);
    await dialog().getByLabel('Email address').fill('later.link@example.com');
    await dialog().getByRole('button', { name: 'Book my call' }).click();
    await dialog().locator('.booking-done').waitFor();
    await t.page.waitForFunction(() => document.activeElement?.classList.contains('booking-done'));
    await expect(dialog().locator('.booking-done').textContent()).resolves.toContain(
      "We'll email you the video link",
    );
    await expect(dialog().getByText('Zoom', { exact: false }).count()).resolves.toBe(0);
    expect(t.errors).toEqual([]);
  });
});

describe('the booking modal at 320 px', () => {
  it('shows every weekday column, Sunday whole, without scrolling sideways', async () => {
    await t.page.setViewportSize({ width: 320, height: 640 });
    await openModal();
    await settledGrid().waitFor();
    const fits = await t.page.evaluate(() => {
      const modal = document.querySelector('dialog.modal') as HTMLElement;
      const box = modal.getBoundingClientRect();
      const sundays = [...modal.querySelectorAll('tbody tr td:nth-child(7) button, thead th:nth-child(7)')];
      return {
        modalInside: box.left >= 0 && box.right <= 320,
        noSidewaysScroll: modal.scrollWidth <= modal.clientWidth,
        sundaysInside: sundays.every((cell) => {
          const r = cell.getBoundingClientRect();
          return r.width > 20 && r.left >= box.left && r.right <= box.right;
        }),
      };
    });
    expect(fits).toEqual({ modalInside: true, noSidewaysScroll: true, sundaysInside: true });
  });

  /** Whether the first time and the chosen day are both within the dialog's visible part. */
  const inSight = (date: CalendarDate) =>
    dialog().evaluate(
      (modal, iso) => {
        const view = modal.getBoundingClientRect();
        const within = (element: Element | null) => {
          const box = element?.getBoundingClientRect();
          return box !== undefined && box.top >= view.top && box.bottom <= view.bottom;
        };
        return {
          firstTime: within(modal.querySelector('.slot')),
          chosenDay: within(modal.querySelector(`button[data-date="${iso}"]`)),
        };
      },
      `${date.year}-${date.month + 1}-${date.day}`,
    );

  it('brings the times into sight once a day is chosen, at once when less motion is asked for', async () => {
    const { date } = await firstBookableDate(t.site.url);
    await t.page.setViewportSize({ width: 320, height: 640 });
    await t.page.emulateMedia({ reducedMotion: 'reduce' });
    await openModal();
    await showMonthOf(date);
    await expect(inSight(date)).resolves.toEqual({ firstTime: false, chosenDay: true });
    await dayButton(date).click();
    await dialog().locator('.slot').first().waitFor();
    await expect(inSight(date)).resolves.toEqual({ firstTime: true, chosenDay: true });
  });

  it('glides the times into sight otherwise', async () => {
    const { date } = await firstBookableDate(t.site.url);
    await t.page.setViewportSize({ width: 320, height: 640 });
    await openModal();
    await showMonthOf(date);
    await dayButton(date).click();
    await dialog().locator('.slot').first().waitFor();
    await t.page.waitForFunction(
      () => {
        const modal = document.querySelector('dialog.modal') as HTMLElement;
        const slot = modal.querySelector('.slot') as HTMLElement;
        return slot.getBoundingClientRect().bottom <= modal.getBoundingClientRect().bottom;
      },
      undefined,
      { timeout: 5000 },
    );
    await expect(inSight(date)).resolves.toEqual({ firstTime: true, chosenDay: true });
  });
});

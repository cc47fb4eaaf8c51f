import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { bankHolidays } from '#server/features/booking/bank-holidays.ts';
import { bookingMessages, buildBookCallPayload, type TimeSlot } from '#shared/booking.ts';
import { defaultAvailabilitySettings } from '#shared/booking-settings.ts';
import { botCheckActions } from '#shared/bot-check.ts';
import {
  type CalendarDate,
  formatLongDate,
  formatTime,
  parseIsoDate,
  todayIn,
  toIsoDate,
} from '#shared/calendar.ts';
import { firstBookableDate, postBooking, timesFor } from '../support/booking.ts';
import { bookingModal } from '../support/booking-modal.ts';
import { altchaToken, watchBotCheckWorkers } from '../support/bot-check.ts';
import { hydrated, setUpSiteInBrowser, whenTextShows } from '../support/browser.ts';

// The default bot check, ALTCHA: the modal solves its challenge in Web Workers while the visitor chooses.
const t = setUpSiteInBrowser({ env: { CAPTCHA_PROVIDER: 'altcha' } });

/** Books a call as another visitor would, with a solved challenge of its own. */
const bookElsewhere = async (payload: object) =>
  postBooking(t.site.url, { ...payload, recToken: await altchaToken(t.site.url, botCheckActions.booking) });

const { dialog, dayButton, status, showMonthOf, chooseDayAndTime } = bookingModal(() => t.page);

/** Changes the running site's SQLite database as the back office would: the site reads it on each request. */
function changeDatabase(change: (db: Database.Database) => void) {
  const db = new Database(path.join(t.site.dataDir, 'site.db'));
  try {
    db.pragma('busy_timeout = 5000');
    change(db);
  } finally {
    db.close();
  }
}

async function openModal() {
  await t.page.goto(t.site.url);
  // A click before the page is live would be lost: the visitor clicks once it is.
  await hydrated(t.page);
  await t.page.getByRole('button', { name: 'Book an initial call' }).first().click();
  await dialog().waitFor();
  await dialog().getByRole('grid').waitFor();
}

describe('booking an initial call in Chromium', () => {
  it('walks months within the offered range, with weekends and past days blocked', async () => {
    await openModal();
    const today = todayIn('Europe/London');
    const headers = await dialog().locator('th').allTextContents();
    expect(headers).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    await expect(dialog().getByRole('button', { name: 'Previous month' }).isDisabled()).resolves.toBe(true);
    // 60 days ahead reaches at most into the second or third month from now.
    const next = dialog().getByRole('button', { name: 'Next month' });
    let steps = 0;
    while (await next.isEnabled()) {
      await next.click();
      steps++;
    }
    expect(steps).toBeGreaterThanOrEqual(1);
    expect(steps).toBeLessThanOrEqual(2);
    await expect(dialog().getByRole('button', { name: 'Previous month' }).isEnabled()).resolves.toBe(true);

    for (let i = 0; i < steps; i++) await dialog().getByRole('button', { name: 'Previous month' }).click();
    const saturdays = dialog().locator('tbody tr td:nth-child(6) button');
    for (const saturday of await saturdays.all()) {
      await expect(saturday.getAttribute('aria-disabled')).resolves.toBe('true');
    }
    if (today.day > 1) {
      await expect(dayButton({ ...today, day: 1 }).getAttribute('aria-disabled')).resolves.toBe('true');
    }
    expect(t.errors).toEqual([]);
  });

  it('disables the days that have no times: a blocked date and a bank holiday cannot be chosen', async () => {
    const today = todayIn('Europe/London');
    const { date: blocked } = await firstBookableDate(t.site.url);
    // A year ahead, so that a bank holiday falls within the days offered whatever the date today.
    const holiday = parseIsoDate(
      [...bankHolidays(today.year), ...bankHolidays(today.year + 1)]
        .sort()
        .find((day) => day > toIsoDate(today)) as string,
    ) as CalendarDate;
    const at = new Date().toISOString();
    changeDatabase((db) => {
      db.prepare('insert into booking_settings (id, settings, updated_at) values (1, ?, ?)').run(
        JSON.stringify({ ...defaultAvailabilitySettings, maxDaysOffered: 366 }),
        at,
      );
      db.prepare('insert into blocked_dates (date, reason, created_at) values (?, ?, ?)').run(
        toIsoDate(blocked),
        'Training',
        at,
      );
    });
    try {
      const open = await firstBookableDate(t.site.url);
      await openModal();
      await showMonthOf(open.date);
      await expect(dayButton(open.date).getAttribute('aria-disabled')).resolves.toBe('false');

      await openModal();
      await showMonthOf(blocked);
      await expect(dayButton(blocked).getAttribute('aria-disabled')).resolves.toBe('true');
      await expect(dayButton(blocked).getAttribute('aria-label')).resolves.toBe(
        `${formatLongDate(blocked)}, not available`,
      );
      // Clicked all the same (Playwright would wait for an aria-disabled button to be enabled): nothing is chosen.
      await dayButton(blocked).click({ force: true });
      await expect(dialog().locator('legend').textContent()).resolves.toBe('Choose a day to see the times');

      await openModal();
      await showMonthOf(holiday);
      await expect(dayButton(holiday).getAttribute('aria-disabled')).resolves.toBe('true');
      await dayButton(holiday).click({ force: true });
      await expect(
        dialog().getByText('No times are free on this day', { exact: false }).count(),
      ).resolves.toBe(0);
      expect(t.errors).toEqual([]);
    } finally {
      changeDatabase((db) => {
        db.prepare('delete from booking_settings').run();
        db.prepare('delete from blocked_dates').run();
      });
    }
  });

  it('moves between days with the arrow keys, and Escape closes it and returns focus', async () => {
    await openModal();
    const today = todayIn('Europe/London');
    await dayButton(today).focus();
    await t.page.keyboard.press('ArrowRight');
    const focusedLabel = await t.page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    const tomorrow = new Date(Date.UTC(today.year, today.month, today.day + 1));
    expect(focusedLabel).toContain(`${tomorrow.getUTCDate()} `);
    await t.page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });
    const focused = await t.page.evaluate(() => document.activeElement?.textContent);
    expect(focused).toBe('Book an initial call');
  });

  it('books a call: asks for a time, confirms for 3 s, fires call-booked, emails an invitation', async () => {
    const { date, slots } = await firstBookableDate(t.site.url);
    const slot = slots.at(-1) as TimeSlot;
    await t.page.clock.install();
    const botCheck = watchBotCheckWorkers(t.page);
    await openModal();
    await t.page.evaluate(() => {
      window.addEventListener('call-booked', (event) => {
        (window as unknown as { booked: unknown }).booked = (event as CustomEvent).detail;
      });
    });
    await showMonthOf(date);
    await dayButton(date).click();
    await dialog().getByRole('button', { name: 'Book my call' }).click();
    await expect(status().textContent()).resolves.toBe('Please select a time');

    await dialog().getByText(formatTime(slot.startHour, slot.startMinute), { exact: true }).click();
    await dialog().getByLabel('Email address').fill('e2e.visitor@example.com');
    await botCheck.solved();
    const thanks = await whenTextShows(t.page, 'dialog [role=status]', 'Thanks for booking your call.');
    const sent = t.page.waitForRequest('**/forms/book-call-form');
    await dialog().getByRole('button', { name: 'Book my call' }).click();
    await thanks.pauseAfter(2900);
    // The booking payload (docs/behaviour/booking.md#sending-a-booking), and the bot-check token for 'bookcall'
    // that the page's workers solved.
    const payload = (await sent).postDataJSON();
    expect(Object.keys(payload).sort()).toEqual(
      [
        ...Object.keys(buildBookCallPayload(date, slot, 'x@example.com')),
        'recToken',
        // Added to the SPEC's payload, both optional: where the visit began (docs/behaviour/back-office.md#reports).
        'landingPage',
        'referrer',
      ].sort(),
    );
    const token = JSON.parse(Buffer.from(payload.recToken, 'base64').toString('utf8'));
    expect(token.challenge.parameters.data).toEqual({ action: 'bookcall' });
    const time = formatTime(slot.startHour, slot.startMinute);
    expect(await t.page.evaluate(() => (window as unknown as { booked: unknown }).booked)).toEqual({
      date: formatLongDate(date),
      time,
      email: 'e2e.visitor@example.com',
      videoLink: 'room', // MEETING_URL is set
    });
    await expect(status().textContent()).resolves.toBe('Thanks for booking your call.');
    await t.page.clock.runFor(200);
    await expect(status().textContent()).resolves.toBe('');

    const mail = await t.site.smtp.waitFor((m) => m.to.includes('e2e.visitor@example.com'));
    expect(mail.parsed.subject).toBe(`Your call with Fenwick & Hale on ${formatLongDate(date)} at ${time}`);
    expect(mail.raw).toContain('METHOD:REQUEST');
    expect(await timesFor(t.site.url, date)).not.toContainEqual(slot);
    expect(t.errors).toEqual([]);
  });

  it('says when the time was just taken, and offers the remaining times', async () => {
    const { date, slots } = await firstBookableDate(t.site.url);
    const slot = slots[0] as TimeSlot;
    await openModal();
    await chooseDayAndTime(date, slot);
    // Someone else books the same time meanwhile.
    expect((await bookElsewhere(buildBookCallPayload(date, slot, 'faster@example.com'))).status).toBe(201);
    await dialog().getByLabel('Email address').fill('slower@example.com');
    await dialog().getByRole('button', { name: 'Book my call' }).click();
    await t.page.waitForFunction(() =>
      document.querySelector('dialog [role=status]')?.textContent?.startsWith('Sorry'),
    );
    await expect(status().textContent()).resolves.toBe(
      'Sorry, that time has just been taken. Please choose another time.',
    );
    await expect(
      dialog().getByText(formatTime(slot.startHour, slot.startMinute), { exact: true }).count(),
    ).resolves.toBe(0);
    // The browser logs the 409 answer itself, and the fetch helper logs it as docs/behaviour/errors-and-messages.md#how-the-pages-show-answers says.
    expect(t.errors.filter((e) => !e.includes('409') && e !== 'Some error occured')).toEqual([]);
  });

  it('says when the email address already holds as many calls as it may', async () => {
    const { date, slots } = await firstBookableDate(t.site.url, 5);
    for (const slot of slots.slice(0, 2)) {
      expect((await bookElsewhere(buildBookCallPayload(date, slot, 'busy@example.com'))).status).toBe(201);
    }
    await openModal();
    await chooseDayAndTime(date, slots[2] as TimeSlot);
    await dialog().getByLabel('Email address').fill('Busy@Example.com');
    await dialog().getByRole('button', { name: 'Book my call' }).click();
    await t.page.waitForFunction(() =>
      document.querySelector('dialog [role=status]')?.textContent?.startsWith('This email address'),
    );
    await expect(status().textContent()).resolves.toBe(bookingMessages.tooManyUpcoming);
    await expect(dialog().getByRole('button', { name: 'Book my call' }).isEnabled()).resolves.toBe(true);
    expect(t.errors.filter((e) => !e.includes('429') && e !== 'Some error occured')).toEqual([]);
  });

  it('thanks the visitor for any 2xx, whether its body is empty or not JSON', async () => {
    const { date, slots } = await firstBookableDate(t.site.url);
    for (const answer of [
      { status: 200 },
      { status: 201, contentType: 'text/html', body: '<p>Booked</p>' },
    ]) {
      await t.page.unrouteAll();
      await t.page.route('**/forms/book-call-form', (route) => route.fulfill(answer));
      await openModal();
      await chooseDayAndTime(date, slots[0] as TimeSlot);
      await dialog().getByLabel('Email address').fill('odd.answer@example.com');
      await dialog().getByRole('button', { name: 'Book my call' }).click();
      await t.page.waitForFunction(() => document.querySelector('dialog [role=status]')?.textContent);
      await expect(status().textContent()).resolves.toBe(bookingMessages.booked);
    }
  });

  it('shows the connection problem for 2 s when the request fails', async () => {
    const { date, slots } = await firstBookableDate(t.site.url);
    await t.page.clock.install();
    await openModal();
    await chooseDayAndTime(date, slots[1] as TimeSlot);
    await dialog().getByLabel('Email address').fill('offline@example.com');
    await t.page.route('**/forms/book-call-form', (route) => route.abort('internetdisconnected'));
    const problem = await whenTextShows(t.page, 'dialog [role=status]', 'There was a connection problem.');
    await dialog().getByRole('button', { name: 'Book my call' }).click();
    await problem.pauseAfter(1900);
    await expect(status().textContent()).resolves.toBe('There was a connection problem. Please try again.');
    await t.page.clock.runFor(200);
    await expect(status().textContent()).resolves.toBe('');
  });
});

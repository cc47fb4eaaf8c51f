import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { applicationQuestions, type QuestionName, questionNames } from '#shared/application.ts';
import type { TimeSlot } from '#shared/booking.ts';
import { formatLongDate, formatTime } from '#shared/calendar.ts';
import { storageKeys } from '#shared/storage-keys.ts';
import { accessibilityViolations } from '../support/accessibility.ts';
import { validApplication } from '../support/applications.ts';
import { firstBookableDate } from '../support/booking.ts';
import { bookingModal } from '../support/booking-modal.ts';
import { watchBotCheckWorkers } from '../support/bot-check.ts';
import { hydrated, setUpSiteInBrowser, whenTextShows } from '../support/browser.ts';

// ALTCHA, the default bot check: the questionnaire and then the booking modal each solve a challenge.
const t = setUpSiteInBrowser({ env: { CAPTCHA_PROVIDER: 'altcha' } });
const modal = bookingModal(() => t.page);
const arrangeButton = () => t.page.getByRole('button', { name: 'Arrange an initial chat' });

/** Answers a question the way a visitor would: typing, or picking one of the choices. */
async function answer(name: QuestionName, value: string | number) {
  const question = applicationQuestions[name];
  const form = t.page.locator('form.application');
  if (question.kind === 'choice') {
    await form.getByRole('radio', { name: String(value), exact: true }).check();
  } else {
    await form.getByLabel(question.label, { exact: true }).fill(String(value));
  }
}

describe('the application questionnaire in Chromium', () => {
  it('names every unanswered question, then stores the answers and books a call linked to them', async () => {
    await t.page.clock.install();
    await t.page.goto(`${t.site.url}/application`);
    await arrangeButton().click();
    const summary = t.page.getByRole('alert');
    await expect(summary.getByRole('heading').textContent()).resolves.toBe('There is a problem');
    await expect(summary.getByRole('link').count()).resolves.toBe(questionNames.length - 1);
    await expect(summary.getByRole('link', { name: 'Please enter your name' }).count()).resolves.toBe(1);
    expect(await t.page.evaluate(() => document.activeElement?.classList.contains('error-summary'))).toBe(
      true,
    );
    expect(await accessibilityViolations(t.page)).toEqual([]);
    await summary.getByRole('link', { name: 'Please enter your business name' }).click();
    expect(await t.page.evaluate(() => document.activeElement?.id)).toBe('application-businessName');

    for (const name of questionNames) await answer(name, validApplication[name]);
    await expect(summary.count()).resolves.toBe(0);
    const stored = t.page.waitForRequest('**/forms/application-form');
    const modalBotCheck = watchBotCheckWorkers(t.page);
    await arrangeButton().click();
    const { recToken } = (await stored).postDataJSON();
    const token = JSON.parse(Buffer.from(recToken, 'base64').toString('utf8'));
    expect(token.challenge.parameters.data).toEqual({ action: 'application' });

    // The booking modal opens with the email from the questionnaire.
    await modal.dialog().getByRole('grid').waitFor();
    await expect(modal.dialog().getByLabel('Email address').inputValue()).resolves.toBe(
      'priya@example.co.uk',
    );
    const { date, slots } = await firstBookableDate(t.site.url);
    const slot = slots[0] as TimeSlot;
    await modal.chooseDayAndTime(date, slot);
    await modalBotCheck.solved();
    const thanks = await whenTextShows(t.page, 'dialog [role=status]', 'Thanks for booking your call.');
    await modal.dialog().getByRole('button', { name: 'Book my call' }).click();
    await thanks.pauseAfter(2900);

    const dateText = formatLongDate(date);
    const timeText = formatTime(slot.startHour, slot.startMinute);
    const booked = t.page.getByText(`You've booked a call on ${dateText} at ${timeText}`, { exact: true });
    await expect(modal.dialog().isVisible()).resolves.toBe(true);
    await expect(booked.count()).resolves.toBe(0);
    await t.page.clock.runFor(200);
    await t.page.clock.resume();
    await modal.dialog().waitFor({ state: 'detached' });
    await expect(booked.isVisible()).resolves.toBe(true);
    await expect(
      // MEETING_URL is set (the firm's own room, not a Zoom meeting per call): its link comes by email.
      t.page.getByText("You'll get the video link sent to priya@example.co.uk", { exact: true }).isVisible(),
    ).resolves.toBe(true);
    const saved = await t.page.evaluate((key) => sessionStorage.getItem(key), storageKeys.applicationAnswers);
    expect(saved).toBeNull();
    expect(await accessibilityViolations(t.page)).toEqual([]);

    // Stored, and linked: the booking points at the application the call was booked from.
    const db = new Database(path.join(t.site.dataDir, 'site.db'), { readonly: true });
    try {
      const application = db
        .prepare('select id, your_name, answers from applications where email = ?')
        .get('priya@example.co.uk') as { id: number; your_name: string; answers: string };
      expect(application.your_name).toBe('Priya Shah');
      expect(JSON.parse(application.answers)).toMatchObject({
        howManyClients: 40,
        howKeepTrack: 'Spreadsheets',
      });
      const booking = db
        .prepare('select application_id, local_date from bookings where email = ?')
        .get('priya@example.co.uk') as { application_id: number; local_date: string };
      expect(booking.application_id).toBe(application.id);
    } finally {
      db.close();
    }
    const notice = await t.site.smtp.waitFor((m) => (m.parsed.subject ?? '').startsWith('New call booked'));
    expect(notice.parsed.text).toContain('What is your biggest frustration in the business right now?');
    expect(t.errors).toEqual([]);
  });

  it('keeps the answers through a reload while the visitor is still filling it in', async () => {
    await t.page.goto(`${t.site.url}/application`);
    await answer('yourName', 'Sam Jones');
    await answer('howManyClients', 12);
    await answer('howDoingMarketing', 'Regularly, done in-house');
    // Kept once the form is live (what was typed before is handed to it then).
    await hydrated(t.page);
    await t.page.reload();
    const yourName = t.page.getByLabel('Your name', { exact: true });
    await t.page.waitForFunction(
      () => (document.getElementById('application-yourName') as HTMLInputElement)?.value,
    );
    await expect(yourName.inputValue()).resolves.toBe('Sam Jones');
    await expect(t.page.getByLabel(applicationQuestions.howManyClients.label).inputValue()).resolves.toBe(
      '12',
    );
    await expect(t.page.getByRole('radio', { name: 'Regularly, done in-house' }).isChecked()).resolves.toBe(
      true,
    );
    expect(t.errors).toEqual([]);
  });

  it('says so when the answers cannot be sent, and keeps them', async () => {
    await t.page.goto(`${t.site.url}/application`);
    for (const name of questionNames) await answer(name, validApplication[name]);
    await t.page.route('**/forms/application-form', (route) => route.abort('internetdisconnected'));
    await arrangeButton().click();
    const summary = t.page.getByRole('alert');
    await summary.waitFor();
    await expect(
      summary.getByText('There was a connection problem. Please try again.').count(),
    ).resolves.toBe(1);
    await expect(modal.dialog().count()).resolves.toBe(0);
    const saved = await t.page.evaluate((key) => sessionStorage.getItem(key), storageKeys.applicationAnswers);
    expect(JSON.parse(saved ?? '{}').yourName).toBe('Priya Shah');
  });
});

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { buildBookCallPayload } from '#shared/booking.ts';
import { formatLongDate, parseIsoDate } from '#shared/calendar.ts';
import { accessibilityViolations } from '../support/accessibility.ts';
import { openSection } from '../support/back-office-nav.ts';
import { firstBookableDate, postBooking } from '../support/booking.ts';
import { setUpSiteInBrowser } from '../support/browser.ts';
import { contact } from '../support/enquiries.ts';
import { send } from '../support/http.ts';
import { seedOpportunities } from '../support/opportunities.ts';
import { signedInApi, signIn } from '../support/signed-in.ts';
import { backOfficeClient } from '../support/staff.ts';

// The leads as a board of stages, moved by keyboard, by a card's Stage list and by drag; the calls as an
// agenda by day and as a week. Each flow at a desktop's width; what a phone shows differently (the board
// within the screen, the week's days one under another) in tests of its own.

const t = setUpSiteInBrowser();
const staffEmail = 'pipeline@fenwickhale.test';

/** Sends a contact enquiry from `name`, and answers its reference as the back office lists it. */
async function enquiryFrom(name: string, email: string) {
  const sent = await send(t.site, '/contact-us-send', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...contact(email), name, recToken: 'none' }),
  });
  expect(sent.status).toBe(201);
  const api = backOfficeClient(t.site, await signedInApi(t.site, staffEmail));
  const listed = await api.json(`/contact-enquiries?q=${encodeURIComponent(email)}`);
  return { api, reference: listed.items[0].reference as string };
}

async function openBoard(page: Page, width: number) {
  await page.setViewportSize({ width, height: 900 });
  await signIn(page, t.site, staffEmail);
  await openSection(page, 'Pipeline');
  await page.getByRole('heading', { name: 'Pipeline', level: 1 }).waitFor();
}

const column = (page: Page, stage: string) => page.getByRole('region', { name: new RegExp(`^${stage} \\(`) });
const announced = (page: Page, text: string) =>
  page.getByRole('status').filter({ hasText: text }).waitFor({ state: 'attached' });

/**
 * Books a call (the first bookable day's `slotIndex`th time) for `email`, checks it on the agenda by day
 * (with axe), then opens the week view on the call's day: the call's day and its link there.
 */
async function callInTheWeek(page: Page, width: number, slotIndex: number, email: string) {
  const { date, slots } = await firstBookableDate(t.site.url);
  const slot = (slots[slotIndex] ?? slots[0]) as (typeof slots)[number];
  expect((await postBooking(t.site.url, buildBookCallPayload(date, slot, email))).status).toBe(201);
  const api = backOfficeClient(t.site, await signedInApi(t.site, staffEmail));
  const [booked] = (await api.json(`/bookings?q=${encodeURIComponent(email)}`)).items;

  await page.setViewportSize({ width, height: 900 });
  await signIn(page, t.site, staffEmail, 'owner', '/back-office/bookings');
  const day = formatLongDate(parseIsoDate(booked.localDate) ?? date);
  const heading = page.getByRole('table').getByText(day, { exact: true });
  await heading.waitFor();
  await page
    .getByRole('row', { name: new RegExp(`${booked.localTime} ${email.replaceAll('.', '\\.')}`) })
    .waitFor();
  expect(await accessibilityViolations(page)).toEqual([]);

  await page.getByRole('link', { name: 'Week view' }).click();
  const weekHeading = page.getByRole('heading', { name: /^Calls in the week of / });
  // The week's calls, once they have loaded.
  const weekShown = page.getByRole('list', { name: /calls? this week$/ });
  await weekShown.waitFor();
  const dayTitle = day.replace(/ \d{4}$/, '');
  const dayRegion = page.getByRole('region', { name: dayTitle, exact: true });
  for (let weeks = 0; (await dayRegion.count()) === 0; weeks++) {
    expect(weeks).toBeLessThan(5);
    const before = (await weekHeading.textContent()) ?? '';
    await page.getByRole('link', { name: 'Next week' }).click();
    await weekHeading.filter({ hasNotText: before }).waitFor();
    await weekShown.waitFor();
  }
  const call = dayRegion.getByRole('link', { name: `${booked.localTime} ${email}` });
  await call.waitFor();
  expect(parseIsoDate(booked.localDate)).toEqual(date);
  const monday = await page.getByRole('region', { name: /^Monday / }).boundingBox();
  return { booked, dayTitle, dayRegion, call, monday };
}

describe('the pipeline and the calendar of calls in Chromium', () => {
  const width = 1280;

  it(`moves a lead to another stage from the keyboard, announced; its page and timeline show who moved it (${width} px)`, async () => {
    const page = t.page;
    const name = `Ann Smith ${width}`;
    const { api, reference } = await enquiryFrom(name, `ann.${width}@example.test`);
    await openBoard(page, width);
    const card = column(page, 'New').getByRole('listitem').filter({ hasText: name });
    await card.getByRole('link', { name }).waitFor();
    // The card names its kind as a word ("Enquiry"); the announcements say it mid-sentence.
    await expect(card.locator('.bo-card-kind').textContent()).resolves.toBe('Enquiry');
    expect(await accessibilityViolations(page)).toEqual([]);

    const move = card.getByRole('button', { name: `Move ${name}’s enquiry` });
    await move.focus();
    await page.keyboard.press('Space');
    await announced(page, `Picked up ${name}’s enquiry in New.`);
    await page.keyboard.press('ArrowRight');
    await announced(page, `${name}’s enquiry is over Contacted.`);
    await page.keyboard.press('ArrowRight');
    await announced(page, `${name}’s enquiry is over Qualified.`);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.keyboard.press('Enter');
    await announced(page, `Moved ${name}’s enquiry to Qualified.`);

    const moved = column(page, 'Qualified').getByRole('listitem').filter({ hasText: name });
    await moved.waitFor();
    expect(await column(page, 'New').getByRole('listitem').filter({ hasText: name }).count()).toBe(0);
    // The keyboard stays on the card, in its new column.
    await expect(
      moved
        .getByRole('button', { name: `Move ${name}’s enquiry` })
        .evaluate((el) => el === document.activeElement),
    ).resolves.toBe(true);
    // Escape puts a picked-up card back where it was.
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Escape');
    await announced(page, `Cancelled. ${name}’s enquiry stays in Qualified.`);

    // The server has it: the lead's own answer, and its page's stage and timeline.
    expect((await api.json(`/enquiries/${reference}`)).stage).toBe('qualified');
    await page.reload();
    await column(page, 'Qualified').getByRole('link', { name }).click();
    await page.getByRole('heading', { name: `Contact enquiry from ${name}` }).waitFor();
    await expect(page.getByLabel('Stage').inputValue()).resolves.toBe('qualified');
    const entry = page
      .getByRole('region', { name: 'Timeline' })
      .getByRole('listitem')
      .filter({ hasText: `Stage by ${staffEmail}` });
    await expect(entry.textContent()).resolves.toContain('Qualified');
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(t.errors).toEqual([]);
  });

  it(`shows the agenda by day, and a booked call on its day and at its time in the week (${width} px)`, async () => {
    const page = t.page;
    const email = `week.${width}@example.test`;
    const { booked, dayTitle, dayRegion, call, monday } = await callInTheWeek(page, width, 1, email);

    // Seven days side by side on a wide screen (one under another on a phone: below); a later call
    // sits lower.
    const box = await dayRegion.boundingBox();
    expect(box?.width).toBeLessThan(200);
    if (dayTitle.startsWith('Monday')) expect(box?.x).toBe(monday?.x);
    else expect(box?.x).toBeGreaterThan(monday?.x ?? 0);
    const [hours = 0, minutes = 0] = booked.localTime.split(':').map(Number);
    const list = await dayRegion.getByRole('list').boundingBox();
    const placed = await dayRegion.getByRole('listitem').filter({ hasText: email }).boundingBox();
    // 4rem an hour, from 9am at the latest.
    const offset = (placed?.y ?? 0) - (list?.y ?? 0);
    expect(Math.abs(offset - ((hours * 60 + minutes - 9 * 60) / 60) * 64)).toBeLessThan(3);
    // The hours are labelled down the side, each level with the line where its hour starts.
    for (const [hour, after] of [
      ['09:00', 0],
      ['12:00', 3],
      ['16:00', 7],
    ] as const) {
      const label = await page.locator('li > span', { hasText: new RegExp(`^${hour}$`) }).boundingBox();
      const line = (list?.y ?? 0) + after * 64;
      expect(label?.x).toBeLessThan(monday?.x ?? 0);
      expect(Math.abs((label?.y ?? 0) + (label?.height ?? 0) / 2 - line)).toBeLessThan(8);
    }
    // The call's text is shown whole, wrapped, not cut off.
    const shownWhole = await dayRegion
      .getByRole('listitem')
      .filter({ hasText: email })
      .evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight);
    expect(shownWhole).toBe(true);
    // A day without calls has the same grid of hours, and says it has none.
    const empty = page
      .getByRole('region', { name: /^[A-Z][a-z]+day \d/ })
      .filter({ hasText: 'No calls' })
      .first();
    const emptyGrid = await empty.getByText('No calls').locator('..').boundingBox();
    expect(emptyGrid?.height).toBe(list?.height);
    expect(emptyGrid?.y).toBe(list?.y);
    expect(await accessibilityViolations(page)).toEqual([]);
    await call.click();
    await page.getByRole('heading', { level: 1, name: /^Call on / }).waitFor();
    await page.getByRole('link', { name: email }).waitFor();
    expect(t.errors).toEqual([]);
  });

  it(`moves a lead with its card's Stage list, the way a touch screen can, announced (${width} px)`, async () => {
    const page = t.page;
    const name = `Cara Lee ${width}`;
    const { api, reference } = await enquiryFrom(name, `cara.${width}@example.test`);
    // One word longer than any column is wide is cut to its card, not widen every card.
    const longName = `Wolfeschlegelsteinhausenbergerdorff-Featherstonehaugh-${width}`;
    await enquiryFrom(longName, `long.${width}@example.test`);
    // A touch screen: a wide one too cannot drag a card, so its Stage list is shown.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 });
    await openBoard(page, width);
    const newColumn = await column(page, 'New').boundingBox();
    for (const box of await column(page, 'New')
      .getByRole('listitem')
      .evaluateAll((cards) => cards.map((card) => card.getBoundingClientRect().toJSON()))) {
      expect(box.right).toBeLessThanOrEqual((newColumn?.x ?? 0) + (newColumn?.width ?? 0) + 0.5);
    }
    const card = column(page, 'New').getByRole('listitem').filter({ hasText: name });
    const stage = card.getByRole('combobox', { name: `Stage of ${name}’s enquiry` });
    await expect(stage.inputValue()).resolves.toBe('new');
    expect(await accessibilityViolations(page)).toEqual([]);

    await stage.selectOption({ label: 'Won' });
    await announced(page, `Moved ${name}’s enquiry to Won.`);
    const moved = column(page, 'Won').getByRole('listitem').filter({ hasText: name });
    await moved.getByRole('link', { name }).waitFor();
    expect(await column(page, 'New').getByRole('listitem').filter({ hasText: name }).count()).toBe(0);
    const movedStage = moved.getByRole('combobox', { name: `Stage of ${name}’s enquiry` });
    await expect(movedStage.inputValue()).resolves.toBe('won');
    await expect(movedStage.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    expect((await api.json(`/enquiries/${reference}`)).stage).toBe('won');

    // Nothing sticks out of a phone's width. On a wide screen the five columns fit side by side, each
    // wide enough for an ordinary email address on one line.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect((await column(page, 'Won').boundingBox())?.width).toBeGreaterThanOrEqual(184);
    const board = column(page, 'Won').locator('..');
    await expect(board.evaluate((el) => el.scrollWidth <= el.clientWidth)).resolves.toBe(true);
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(t.errors).toEqual([]);
  });

  it('fits fifteen cards of a column on a laptop’s screen, each saying who, what, when and its value (1280×800 px)', async () => {
    const page = t.page;
    await seedOpportunities(t.site.db, { count: 16, stage: 'qualified', prefix: 'laptop' });
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, t.site, staffEmail, 'owner', '/back-office/pipeline');
    const cards = column(page, 'Qualified').getByRole('listitem');
    await cards.filter({ hasText: 'Applicant 15' }).waitFor();
    const bottoms = await cards.evaluateAll((items) =>
      items.map((item) => item.getBoundingClientRect().bottom),
    );
    expect(bottoms.filter((bottom) => bottom <= 800).length).toBeGreaterThanOrEqual(15);
    // The newest: who, its value, what they asked for, how long ago (said in words to a screen reader),
    // and the first words of what they wrote.
    const newest = cards.first();
    await newest.getByRole('link', { name: 'Applicant 0' }).waitFor();
    const line = await newest.getByRole('paragraph').innerText();
    expect(line).toMatch(/^£1,200 · Application · today\s*today\s*· laptop Ltd, bookkeeping and payroll/);
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(t.errors).toEqual([]);
  });

  it('moves a lead by dragging its card to another column (1280 px)', async () => {
    const page = t.page;
    const name = 'Bob Jones';
    const { api, reference } = await enquiryFrom(name, 'bob.drag@example.test');
    await openBoard(page, 1280);
    const card = column(page, 'New').getByRole('listitem').filter({ hasText: name });
    await card.dragTo(column(page, 'Contacted'));
    await announced(page, `Moved ${name}’s enquiry to Contacted.`);
    await column(page, 'Contacted').getByRole('link', { name }).waitFor();
    expect((await api.json(`/enquiries/${reference}`)).stage).toBe('contacted');
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(t.errors).toEqual([]);
  });
  it('keeps the board within a phone’s screen, long names cut to the card, and moves a lead with its Stage list (375 px)', async () => {
    const page = t.page;
    const name = 'Cara Lee 375';
    await enquiryFrom(name, 'cara.375@example.test');
    await enquiryFrom('Wolfeschlegelsteinhausenbergerdorff-Featherstonehaugh-375', 'long.375@example.test');
    await openBoard(page, 375);
    const newColumn = await column(page, 'New').boundingBox();
    for (const box of await column(page, 'New')
      .getByRole('listitem')
      .evaluateAll((cards) => cards.map((card) => card.getBoundingClientRect().toJSON()))) {
      expect(box.right).toBeLessThanOrEqual((newColumn?.x ?? 0) + (newColumn?.width ?? 0) + 0.5);
    }
    expect(await accessibilityViolations(page)).toEqual([]);

    const stage = column(page, 'New')
      .getByRole('listitem')
      .filter({ hasText: name })
      .getByRole('combobox', { name: `Stage of ${name}’s enquiry` });
    await stage.selectOption({ label: 'Won' });
    await announced(page, `Moved ${name}’s enquiry to Won.`);
    const moved = column(page, 'Won').getByRole('listitem').filter({ hasText: name });
    await expect(
      moved
        .getByRole('combobox', { name: `Stage of ${name}’s enquiry` })
        .evaluate((el) => el === document.activeElement),
    ).resolves.toBe(true);
    // Nothing sticks out of a phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await accessibilityViolations(page)).toEqual([]);

    // The lead's page, with its timeline, on a phone.
    await moved.getByRole('link', { name }).click();
    await page.getByRole('heading', { name: `Contact enquiry from ${name}` }).waitFor();
    await page
      .getByRole('region', { name: 'Timeline' })
      .getByRole('listitem')
      .filter({ hasText: `Stage by ${staffEmail}` })
      .waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(t.errors).toEqual([]);
  });

  it('shows the agenda, and the week’s days one under another, on a phone (375 px)', async () => {
    const { dayTitle, dayRegion, monday } = await callInTheWeek(t.page, 375, 0, 'week.375@example.test');
    const box = await dayRegion.boundingBox();
    expect(box?.width).toBeGreaterThan(300);
    if (!dayTitle.startsWith('Monday')) expect(box?.y).toBeGreaterThan(monday?.y ?? 0);
    expect(await accessibilityViolations(t.page)).toEqual([]);
    expect(t.errors).toEqual([]);
  });
});

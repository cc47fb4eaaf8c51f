import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accessibilityViolations } from '../support/accessibility.ts';
import { collectPageErrors, sharedBrowser } from '../support/browser.ts';
import { type ComponentServer, startComponentServer } from '../support/components.ts';

// The generic date picker on its own fixture page: weekdays only, no past dates, 60 days ahead,
// with today fixed at Monday 23 November 2026 in London.
let server: ComponentServer;
let browser: Browser;
let page: Page;
let errors: string[];

beforeAll(async () => {
  [server, browser] = await Promise.all([startComponentServer('date-picker'), sharedBrowser()]);
});
afterAll(async () => {
  await server?.close();
});
beforeEach(async () => {
  const context = await browser.newContext({ timezoneId: 'Europe/London' });
  page = await context.newPage();
  errors = await collectPageErrors(page);
  await page.clock.setFixedTime(new Date('2026-11-23T10:00:00Z'));
  await page.goto(server.url('date-picker'));
  await field().waitFor();
  return () => context.close();
});

const field = () => page.getByRole('textbox', { name: 'Date to block' });
const calendar = () => page.getByRole('dialog', { name: 'Choose Date to block' });
const value = () => page.getByTestId('value').textContent();
const focusedLabel = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
const error = () => page.locator('.field__error').textContent();

describe('the generic date picker in Chromium', () => {
  it('opens from its button on today, moves by keyboard, and Enter fills the field and returns focus', async () => {
    await field().focus();
    await page.keyboard.press('Tab');
    expect(await focusedLabel()).toBe('Choose Date to block');
    await page.keyboard.press('Enter');
    await calendar().waitFor();
    expect(await calendar().getByRole('heading').textContent()).toBe('November 2026');
    expect(await focusedLabel()).toBe('Monday 23 November 2026');
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    expect(await focusedLabel()).toBe('Tuesday 1 December 2026');
    expect(await calendar().getByRole('heading').textContent()).toBe('December 2026');
    await page.keyboard.press('Enter');

    await calendar().waitFor({ state: 'hidden' });
    expect(await field().inputValue()).toBe('01/12/2026');
    expect(await value()).toBe('2026-12-01');
    expect(await focusedLabel()).toBe('Change Date to block, Tuesday 1 December 2026');

    // Opening again starts on the chosen day; Escape leaves the value as it was.
    await page.keyboard.press('Enter');
    await calendar().waitFor();
    expect(await focusedLabel()).toBe('Tuesday 1 December 2026');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Escape');
    await calendar().waitFor({ state: 'hidden' });
    expect(await value()).toBe('2026-12-01');
    expect(await focusedLabel()).toBe('Change Date to block, Tuesday 1 December 2026');
    expect(errors).toEqual([]);
  });

  it('keeps to the allowed months and refuses weekends and past days', async () => {
    await page.getByRole('button', { name: 'Choose Date to block' }).click();
    await calendar().waitFor();
    const previous = calendar().getByRole('button', { name: 'Previous month' });
    const next = calendar().getByRole('button', { name: 'Next month' });
    expect(await previous.isDisabled()).toBe(true);
    await next.click();
    await next.click();
    // 60 days from 23 November is 22 January: February cannot be reached.
    expect(await calendar().getByRole('heading').textContent()).toBe('January 2027');
    expect(await next.isDisabled()).toBe(true);
    expect(await calendar().getByRole('button', { name: 'Friday 22 January 2027' }).count()).toBe(1);
    expect(
      await calendar().getByRole('button', { name: 'Monday 25 January 2027, not available' }).count(),
    ).toBe(1);

    await previous.click();
    await previous.click();
    // Playwright will not click an aria-disabled button unless forced; a visitor's mouse can.
    for (const name of [
      'Saturday 28 November 2026, not available',
      'Friday 20 November 2026, not available',
    ]) {
      await calendar().getByRole('button', { name }).click({ force: true });
    }
    expect(await calendar().isVisible()).toBe(true);
    expect(await value()).toBe('');

    await calendar().getByRole('button', { name: 'Wednesday 25 November 2026' }).click();
    await calendar().waitFor({ state: 'hidden' });
    expect(await value()).toBe('2026-11-25');
    expect(errors).toEqual([]);
  });

  it('takes a typed date, and names the field when the date is not real or cannot be chosen', async () => {
    await field().fill('31/02/2027');
    await field().press('Tab');
    expect(await error()).toBe(
      'Error: Date to block must be a date written as day/month/year, for example 23/11/2026',
    );
    expect(await field().getAttribute('aria-invalid')).toBe('true');
    expect(await value()).toBe('');
    expect(await accessibilityViolations(page)).toEqual([]);

    await field().fill('28.11.2026');
    await field().press('Enter');
    expect(await error()).toBe('Error: Date to block: Saturday 28 November 2026 cannot be chosen');
    expect(await page.getByTestId('submitted').textContent()).toBe('');

    await field().fill('3/12/2026');
    await field().press('Tab');
    expect(await page.locator('.field__error').count()).toBe(0);
    expect(await field().getAttribute('aria-invalid')).toBeNull();
    expect(await value()).toBe('2026-12-03');
    expect(await field().inputValue()).toBe('03/12/2026');

    await page.getByRole('button', { name: 'Save' }).click();
    expect(JSON.parse((await page.getByTestId('submitted').textContent()) ?? '')).toEqual({
      blockedDate: '2026-12-03',
    });
    expect(errors).toEqual([]);
  });

  it('closes when the backdrop is clicked, without choosing', async () => {
    await page.getByRole('button', { name: 'Choose Date to block' }).click();
    await calendar().waitFor();
    await page.mouse.click(5, 5);
    await calendar().waitFor({ state: 'hidden' });
    expect(await value()).toBe('');
    expect(errors).toEqual([]);
  });
});

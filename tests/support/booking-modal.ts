import type { Page } from 'playwright-core';
import type { TimeSlot } from '#shared/booking.ts';
import { type CalendarDate, formatTime, todayIn } from '#shared/calendar.ts';

/**
 * The book-a-call modal as a visitor finds it on a page: its parts, and the steps of choosing a time.
 * `page` is read at each step, so one set of helpers serves every test's fresh page.
 */
export function bookingModal(page: () => Page) {
  const dialog = () => page().getByRole('dialog', { name: 'Book an initial call' });
  const dayButton = (date: CalendarDate) =>
    page().locator(`button[data-date="${date.year}-${date.month + 1}-${date.day}"]`);

  /** The calendar once it knows which days of the month shown have times (it asks once per month). */
  const settledGrid = () => dialog().locator('[role=grid]:not([aria-busy])');

  async function showMonthOf(date: CalendarDate) {
    const today = todayIn('Europe/London');
    for (let i = 0; i < (date.year - today.year) * 12 + date.month - today.month; i++) {
      await dialog().getByRole('button', { name: 'Next month' }).click();
    }
    await settledGrid().waitFor();
  }

  return {
    dialog,
    dayButton,
    status: () => dialog().getByRole('status'),
    showMonthOf,
    settledGrid,
    async chooseDayAndTime(date: CalendarDate, slot: TimeSlot) {
      await showMonthOf(date);
      await dayButton(date).click();
      await dialog().getByText(formatTime(slot.startHour, slot.startMinute), { exact: true }).click();
    },
  };
}

import { type TimeSlot, timesForDateRequestSchema } from '#shared/booking.ts';
import { addDays, type CalendarDate, todayIn } from '#shared/calendar.ts';

/** The free times of `date`, of every adviser or of the one asked for. */
export async function timesFor(baseUrl: string, date: CalendarDate, adviser?: number): Promise<TimeSlot[]> {
  const body = timesForDateRequestSchema.parse({
    year: date.year,
    month: date.month + 1,
    day: date.day,
    apptType: 'initial',
    adviser,
  });
  const response = await fetch(`${baseUrl}/api/gettimesfordate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`gettimesfordate answered ${response.status}`);
  return (await response.json()) as TimeSlot[];
}

/** The first day from `after` days ahead that the site offers slots on (weekends and holidays vary). */
export async function firstBookableDate(
  baseUrl: string,
  after = 3,
): Promise<{ date: CalendarDate; slots: TimeSlot[] }> {
  const today = todayIn('Europe/London');
  for (let offset = after; offset < after + 14; offset++) {
    const date = addDays(today, offset);
    const slots = await timesFor(baseUrl, date);
    if (slots.length > 0) return { date, slots };
  }
  throw new Error('No bookable date in the next two weeks');
}

/** `count` free slots, day after day from `after` days ahead, as payloads for `email`s to fill in. */
export async function freeSlots(
  baseUrl: string,
  count: number,
  after = 3,
): Promise<{ date: CalendarDate; slot: TimeSlot }[]> {
  const found: { date: CalendarDate; slot: TimeSlot }[] = [];
  const today = todayIn('Europe/London');
  for (let offset = after; found.length < count && offset < after + 60; offset++) {
    const date = addDays(today, offset);
    for (const slot of await timesFor(baseUrl, date)) found.push({ date, slot });
  }
  if (found.length < count) throw new Error(`Only ${found.length} free slots, not ${count}`);
  return found.slice(0, count);
}

/**
 * Posts a booking as the modal does. Without a `recToken` of its own the payload gets 'none', which the
 * test sites' CAPTCHA_PROVIDER=none accepts; a site with ALTCHA needs a real one (support/bot-check.ts).
 */
export function postBooking(baseUrl: string, payload: object, headers: Record<string, string> = {}) {
  return fetch(`${baseUrl}/forms/book-call-form`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ recToken: 'none', ...payload }),
  });
}

import { type TimeSlot, timesForDateRequestSchema } from '../../src/shared/booking.ts';
import { addDays, type CalendarDate, todayIn } from '../../src/shared/calendar.ts';

export async function timesFor(baseUrl: string, date: CalendarDate): Promise<TimeSlot[]> {
  const body = timesForDateRequestSchema.parse({
    year: date.year,
    month: date.month + 1,
    day: date.day,
    apptType: 'initial',
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

export function postBooking(baseUrl: string, payload: unknown) {
  return fetch(`${baseUrl}/forms/book-call-form`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });
}

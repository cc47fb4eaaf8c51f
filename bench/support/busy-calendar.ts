import { addDays, type CalendarDate, toIsoDate } from '#shared/calendar.ts';
import { icalendar, londonTimeZone } from '#tests/support/icalendar.ts';

/**
 * An adviser's calendar as a busy firm's would be: `count` events over the next three months, a fifth of
 * them weekly meetings that recur (some with a week left out), the rest one-off meetings in London time,
 * written as a VCALENDAR with its VTIMEZONE.
 */
export function busyCalendar(owner: string, from: CalendarDate, count = 500): string {
  const stamp = '20260101T000000Z';
  const local = (date: CalendarDate, hour: number, minute: number) =>
    `${toIsoDate(date).replaceAll('-', '')}T${String(hour).padStart(2, '0')}${String(minute).padStart(2, '0')}00`;
  const events: string[] = [];
  for (let i = 0; i < count; i++) {
    const date = addDays(from, i % 90);
    const hour = 8 + (i % 9);
    const minute = (i % 4) * 15;
    const lines = [
      'BEGIN:VEVENT',
      `UID:${owner}-${i}@bench.example.com`,
      `DTSTAMP:${stamp}`,
      `DTSTART;TZID=Europe/London:${local(date, hour, minute)}`,
      `DTEND;TZID=Europe/London:${local(date, hour + 1, minute)}`,
      `SUMMARY:Meeting ${i}`,
    ];
    if (i % 5 === 0) {
      lines.push('RRULE:FREQ=WEEKLY;COUNT=12');
      if (i % 10 === 0) lines.push(`EXDATE;TZID=Europe/London:${local(addDays(date, 14), hour, minute)}`);
    }
    lines.push('END:VEVENT');
    events.push(...lines);
  }
  return icalendar(londonTimeZone, events);
}

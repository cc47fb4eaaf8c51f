import type { AdviserSummary } from '#shared/api/back-office-advisers.ts';
import type { BookingDetail } from '#shared/api/back-office-bookings.ts';
import type { AvailabilitySettings } from '#shared/booking-settings.ts';
import { weekdayNames } from '#shared/calendar.ts';
import { when } from './format.ts';

// An adviser's settings and calendar in the words the Advisers screen shows them.

type Hours = AvailabilitySettings['workingHours'];
type Calendar = NonNullable<AdviserSummary['calendar']>;

/** Whether the calendar offers them: a disabled staff account keeps them off it even when active. */
export function offeredWords(adviser: Pick<AdviserSummary, 'active' | 'accountDisabled'>): string {
  if (adviser.accountDisabled) return 'No (their staff account is disabled)';
  return adviser.active ? 'Yes (active)' : 'No (inactive)';
}

/** "Mon 09:00–12:00, 13:00–17:00; Tue closed; …" */
export function hoursInWords(hours: Hours): string {
  return weekdayNames
    .map((day) => {
      const periods = hours[day];
      const name = `${day[0]?.toUpperCase()}${day.slice(1, 3)}`;
      return `${name} ${periods.length === 0 ? 'closed' : periods.map((p) => `${p.start}–${p.end}`).join(', ')}`;
    })
    .join('; ');
}

/** "5 minutes ago", "just now", or the time itself once it is more than a day old. */
export function sinceWords(iso: string, now: Date): string {
  const minutes = Math.round((now.getTime() - new Date(iso).getTime()) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'} ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} hour${hours === 1 ? '' : 's'} ago`;
  return `on ${when(iso)}`;
}

/** A read records its attempt when it starts and its success when it ends. */
const lastReadSucceeded = (calendar: Calendar) =>
  calendar.lastReadAt !== null &&
  calendar.lastAttemptAt !== null &&
  calendar.lastReadAt >= calendar.lastAttemptAt;

export const calendarKindLabel = (kind: Calendar['kind']) =>
  kind === 'caldav' ? 'CalDAV calendar' : 'ICS feed';

/**
 * The calendar's state, each line a sentence: when it was last read, why the last read failed (or what a
 * read that succeeded could not follow), if stale.
 */
export function calendarState(
  calendar: Calendar,
  now: Date,
): { read: string; error?: string; stale?: string } {
  return {
    read: calendar.lastReadAt ? `Last read ${sinceWords(calendar.lastReadAt, now)}` : 'Not read yet',
    ...(calendar.lastError && {
      error: lastReadSucceeded(calendar) ? calendar.lastError : `The last read failed: ${calendar.lastError}`,
    }),
    ...(calendar.stale && {
      stale: `Not offering times: the calendar has not been read since ${
        calendar.lastReadAt ? when(calendar.lastReadAt) : `it was connected (${when(calendar.connectedAt)})`
      }.`,
    }),
  };
}

const calls = (count: number) => `${count} call${count === 1 ? '' : 's'}`;

/**
 * What has not reached the adviser's calendar, each a sentence; none when everything has: "2 calls are
 * waiting to be written into their calendar (tried again automatically)."
 */
export function diaryWritesWords(writes: AdviserSummary['diaryWrites']): string[] {
  const lines: string[] = [];
  if (writes.waiting > 0)
    lines.push(
      `${calls(writes.waiting)} ${writes.waiting === 1 ? 'is' : 'are'} waiting to be written into (or taken out of) their calendar; it is tried again automatically.`,
    );
  if (writes.failed > 0)
    lines.push(
      `${calls(writes.failed)} could not be written into (or taken out of) their calendar, and ${writes.failed === 1 ? 'is' : 'are'} no longer tried.`,
    );
  if (lines.length > 0 && writes.lastError) lines.push(`The last error: ${writes.lastError}`);
  return lines;
}

/** Whether a call is in its adviser's calendar, in words. */
export function diaryWords(diary: NonNullable<BookingDetail['diary']>): string {
  const into = diary.action === 'add' ? 'written into' : 'taken out of';
  const done = diary.action === 'add' ? 'In their calendar' : 'Taken out of their calendar';
  const why = diary.error ? ` The last error: ${diary.error}` : '';
  if (diary.status === 'written') return done;
  if (diary.status === 'waiting')
    return `Waiting to be ${into} their calendar; it is tried again automatically.${why}`;
  return `Could not be ${into} their calendar, and is no longer tried.${why}`;
}

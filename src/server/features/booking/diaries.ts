import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import {
  adviserBlockedDatesBetween,
  advisersForBooking,
  calendarBusyBetween,
} from '#server/features/advisers/index.ts';
import { adviserSettings } from '#shared/advisers.ts';
import type { AvailabilitySettings } from '#shared/booking-settings.ts';
import type { BusyPeriod } from './availability.ts';
import * as repository from './repository.ts';

// The diaries the calendar offers times from. Each adviser has one, cut by their own settings (the firm's
// where they have none of their own), closed on the firm's blocked dates and their own, and busy with their
// calls and whatever their own calendar shows. Until the firm makes anyone an adviser, the calendar offers
// the firm's own hours as one diary, busy with every call, as it did before there were advisers.

type Db = Kysely<Database>;

export interface Diary {
  /** Null for the firm's own diary, before it has advisers. */
  adviserId: number | null;
  adviserName: string | null;
  settings: AvailabilitySettings;
  /**
   * Their calendar has not been read successfully for too long (or ever): offering their times could
   * clash with a meeting it holds, so they offer none until it is read again.
   */
  stale: boolean;
}

export async function loadDiaries(
  db: Db,
  firm: AvailabilitySettings,
  now: Date,
  staleMinutes: number,
): Promise<Diary[]> {
  const advisers = await advisersForBooking(db);
  // A firm that never had advisers offers its own hours; advisers who are all inactive offer nothing.
  if (advisers.length === 0) return [{ adviserId: null, adviserName: null, settings: firm, stale: false }];
  const freshSince = now.getTime() - staleMinutes * 60_000;
  return advisers
    .filter((adviser) => adviser.active)
    .map((adviser) => ({
      adviserId: adviser.id,
      adviserName: adviser.displayName,
      settings: adviserSettings(firm, adviser.overrides),
      stale:
        adviser.calendarReadAt !== undefined &&
        (adviser.calendarReadAt === null || adviser.calendarReadAt.getTime() < freshSince),
    }));
}

/** The dates closed to each diary from `from` to `to` (ISO, both included): the firm's and their own. */
export async function blockedDatesByDiary(db: Db, diaries: readonly Diary[], from: string, to: string) {
  const [firmDates, own] = await Promise.all([
    repository.blockedDatesBetween(db, from, to),
    diaries.some((d) => d.adviserId !== null) ? adviserBlockedDatesBetween(db, from, to) : new Map(),
  ]);
  return (diary: Diary): ReadonlySet<string> => {
    const theirs = diary.adviserId === null ? undefined : own.get(diary.adviserId);
    return theirs ? new Set([...firmDates, ...theirs]) : firmDates;
  };
}

/** What keeps each diary busy within a window: its calls, and the times its own calendar shows. */
export async function busyByDiary(db: Db, diaries: readonly Diary[], from: Date, to: Date) {
  const [calls, calendar] = await Promise.all([
    repository.callsBetween(db, from, to),
    diaries.some((d) => d.adviserId !== null) ? calendarBusyBetween(db, from, to) : [],
  ]);
  return (diary: Diary): BusyPeriod[] => {
    const mine = <T extends { adviser_id: number | null; starts_at: string; ends_at: string }>(rows: T[]) =>
      rows
        .filter((row) => diary.adviserId === null || row.adviser_id === diary.adviserId)
        .map((row) => ({ start: new Date(row.starts_at), end: new Date(row.ends_at) }));
    return [...mine(calls), ...mine(calendar)];
  };
}

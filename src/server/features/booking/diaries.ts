import { type Kysely, sql } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import { parseOverrides } from '#server/features/advisers/index.ts';
import { settingsFromStored } from '#server/features/availability/index.ts';
import { adviserSettings } from '#shared/advisers.ts';
import type { AvailabilitySettings } from '#shared/booking-settings.ts';
import type { BusyPeriod } from './availability.ts';

// The diaries the calendar offers times from. Each adviser has one, cut by their own settings (the firm's
// where they have none of their own), closed on the firm's blocked dates and their own, and busy with their
// calls and whatever their own calendar shows. Until the firm makes anyone an adviser, the calendar offers
// the firm's own hours as one diary, busy with every call, as it did before there were advisers.

type Db = Kysely<Database>;

export interface Diary {
  /** Null for the firm's own diary, before it has advisers. */
  adviserId: number | null;
  adviserName: string | null;
  /** Their one-line introduction, which the visitor's confirmation shows beside their name. */
  adviserIntroduction: string;
  settings: AvailabilitySettings;
  /**
   * Their calendar has not been read successfully for too long (or ever): offering their times could
   * clash with a meeting it holds, so they offer none until it is read again.
   */
  stale: boolean;
  /**
   * How far ahead their calendar was read: later times are not offered, since nothing is known of them
   * (the firm may have just offered more days ahead). Undefined without a calendar.
   */
  knownUntil: Date | undefined;
}

/**
 * The firm's settings and every adviser, in one query: one row holding the settings, or one for each
 * adviser with the settings repeated. The settings' text is parsed once and remembered
 * (availability/repository.ts).
 */
async function firmAndAdvisers(db: Db) {
  const rows = await db
    .selectFrom(sql<{ one: number }>`(select 1 as one)`.as('base'))
    .leftJoin('booking_settings', (join) => join.on('booking_settings.id', '=', 1))
    .leftJoin('advisers', (join) => join.onTrue())
    .leftJoin('users', 'users.id', 'advisers.user_id')
    .leftJoin('adviser_calendars', 'adviser_calendars.adviser_id', 'advisers.id')
    .select([
      'booking_settings.settings',
      'advisers.id',
      'advisers.display_name',
      'advisers.introduction',
      'advisers.overrides',
      'advisers.status',
      'users.status as account_status',
      'adviser_calendars.adviser_id as calendar',
      'adviser_calendars.last_success_at',
      'adviser_calendars.read_until',
    ])
    .orderBy('advisers.id')
    .execute();
  const firm = settingsFromStored(rows[0]?.settings);
  const advisers = rows.flatMap((row) =>
    row.id === null
      ? []
      : [
          {
            id: row.id,
            displayName: row.display_name ?? '',
            introduction: row.introduction ?? '',
            // Takes calls: the adviser and their staff account are both active.
            active: row.status === 'active' && row.account_status === 'active',
            overrides: parseOverrides(row.overrides ?? '{}'),
            // When their calendar was last read successfully; undefined without a calendar connected.
            calendarReadAt:
              row.calendar === null
                ? undefined
                : row.last_success_at === null
                  ? null
                  : new Date(row.last_success_at),
            calendarReadUntil: row.read_until === null ? undefined : new Date(row.read_until),
          },
        ],
  );
  return { firm, advisers };
}

/**
 * The firm's settings and the diaries they and the advisers make, read at once: the firm's own diary while
 * it never had advisers, else each active adviser's, and which of those offer times (not stale). With
 * `adviser`, only that adviser's diary (none if they do not take calls).
 */
export async function loadDiaries(db: Db, now: Date, staleMinutes: number, adviser?: number) {
  const { firm, advisers } = await firmAndAdvisers(db);
  // A firm that never had advisers offers its own hours; advisers who are all inactive offer nothing.
  const freshSince = now.getTime() - staleMinutes * 60_000;
  const diaries: Diary[] =
    advisers.length === 0
      ? [
          {
            adviserId: null,
            adviserName: null,
            adviserIntroduction: '',
            settings: firm,
            stale: false,
            knownUntil: undefined,
          },
        ]
      : advisers
          .filter((adviser) => adviser.active)
          .map((adviser) => ({
            adviserId: adviser.id,
            adviserName: adviser.displayName,
            adviserIntroduction: adviser.introduction,
            settings: adviserSettings(firm, adviser.overrides),
            stale:
              adviser.calendarReadAt !== undefined &&
              (adviser.calendarReadAt === null || adviser.calendarReadAt.getTime() < freshSince),
            knownUntil: adviser.calendarReadUntil,
          }));
  const all = adviser === undefined ? diaries : diaries.filter((diary) => diary.adviserId === adviser);
  return { firm, all, offering: all.filter((diary) => !diary.stale) };
}

/**
 * The dates closed to each diary from `from` to `to` (ISO, both included): the firm's blocked dates and
 * their own, in one query.
 */
export async function blockedDatesByDiary(db: Db, from: string, to: string) {
  const rows = await db
    .selectFrom('blocked_dates')
    .select([sql<number | null>`null`.as('adviser_id'), 'date'])
    .where('date', '>=', from)
    .where('date', '<=', to)
    .unionAll(
      db
        .selectFrom('adviser_blocked_dates')
        .select(['adviser_id', 'date'])
        .where('date', '>=', from)
        .where('date', '<=', to),
    )
    .execute();
  const firmDates = new Set(rows.filter((row) => row.adviser_id === null).map((row) => row.date));
  const own = new Map<number, Set<string>>();
  for (const row of rows) {
    if (row.adviser_id === null) continue;
    own.set(row.adviser_id, (own.get(row.adviser_id) ?? new Set(firmDates)).add(row.date));
  }
  return (diary: Diary): ReadonlySet<string> =>
    (diary.adviserId === null ? undefined : own.get(diary.adviserId)) ?? firmDates;
}

/**
 * What keeps each diary busy within a window, in one query: its confirmed calls, the times its own
 * calendar showed at the last sync, and the parts of days the firm blocked (every diary's). The firm's own
 * diary is busy with every call (it is offered only while the firm has no advisers, so no calendar's busy
 * times are stored).
 */
export async function busyByDiary(db: Db, fromMs: number, toMs: number, ignoring?: number) {
  const [start, end] = [new Date(fromMs).toISOString(), new Date(toMs).toISOString()];
  let calls = db
    .selectFrom('bookings')
    .select(['adviser_id', 'starts_at', 'ends_at', sql<number>`0`.as('everyone')])
    .where('status', '=', 'confirmed');
  // A call being moved does not keep its own diary busy.
  if (ignoring !== undefined) calls = calls.where('id', '!=', ignoring);
  const rows = await calls
    .where('starts_at', '<', end)
    .where('ends_at', '>', start)
    .unionAll(
      db
        .selectFrom('adviser_busy')
        .select(['adviser_id', 'starts_at', 'ends_at', sql<number>`0`.as('everyone')])
        .where('starts_at', '<', end)
        .where('ends_at', '>', start),
    )
    .unionAll(
      db
        .selectFrom('blocked_times')
        .select([
          sql<number | null>`null`.as('adviser_id'),
          'starts_at',
          'ends_at',
          sql<number>`1`.as('everyone'),
        ])
        .where('starts_at', '<', end)
        .where('ends_at', '>', start),
    )
    .execute();
  // Read once into periods; each diary then takes its own and everyone's (the firm's own diary takes all).
  const periods = rows.map((row) => ({
    adviserId: row.adviser_id,
    everyone: Number(row.everyone) === 1,
    start: new Date(row.starts_at),
    end: new Date(row.ends_at),
  }));
  return (diary: Diary): BusyPeriod[] =>
    diary.adviserId === null
      ? periods
      : periods.filter((period) => period.everyone || period.adviserId === diary.adviserId);
}

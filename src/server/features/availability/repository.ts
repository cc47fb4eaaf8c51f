import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import type { BlockedDate } from '#shared/api/back-office-settings.ts';
import {
  type AvailabilitySettings,
  defaultAvailabilitySettings,
  storedAvailabilitySettingsSchema,
} from '#shared/booking-settings.ts';

// The firm's availability as stored: its settings (working hours, call length, buffer, notice, days ahead)
// and the dates it closes. The booking calendar offers times from them, the advisers' calendars are read
// as far ahead as they offer days, and the articles' dates are shown in their time zone.

type Db = Kysely<Database>;

export async function loadSettings(db: Db): Promise<AvailabilitySettings> {
  const row = await db
    .selectFrom('booking_settings')
    .select('settings')
    .where('id', '=', 1)
    .executeTakeFirst();
  return settingsFromStored(row?.settings);
}

/** The firm's settings from their stored text; the defaults while none are saved. */
export function settingsFromStored(json: string | null | undefined): AvailabilitySettings {
  return json == null ? defaultAvailabilitySettings : parseSettings(json);
}

// The last settings read and what they parsed to: every request for times reads them, and they change
// only when staff save them. Shared by every caller, so frozen.
let lastParsed: { json: string; settings: AvailabilitySettings } | undefined;

function parseSettings(json: string): AvailabilitySettings {
  if (lastParsed?.json !== json) {
    // Settings saved by an older version may lack newer fields (the defaults fill them in) or break a newer
    // rule (overlapping periods, which the slot engine merges), so they are read with the stored shape only.
    const settings = storedAvailabilitySettingsSchema.parse({
      ...defaultAvailabilitySettings,
      ...JSON.parse(json),
    });
    for (const periods of Object.values(settings.workingHours)) {
      for (const period of periods) Object.freeze(period);
      Object.freeze(periods);
    }
    Object.freeze(settings.workingHours);
    lastParsed = { json, settings: Object.freeze(settings) };
  }
  return lastParsed.settings;
}

/** Saves the calendar's availability; pass the transaction that records who changed it. */
export async function saveSettings(db: Db, settings: AvailabilitySettings, now: Date) {
  const at = now.toISOString();
  const saved = JSON.stringify(settings);
  await db
    .insertInto('booking_settings')
    .values({ id: 1, settings: saved, updated_at: at })
    .onConflict((oc) => oc.column('id').doUpdateSet({ settings: saved, updated_at: at }))
    .execute();
}

/**
 * Blocked dates and parts of days from a day on (YYYY-MM-DD), with their reasons, soonest first: a whole
 * day before the parts of it, and parts by their start.
 */
export async function blockedDatesFrom(db: Db, from: string): Promise<BlockedDate[]> {
  const [days, times] = await Promise.all([
    db.selectFrom('blocked_dates').select(['date', 'reason']).where('date', '>=', from).execute(),
    db
      .selectFrom('blocked_times')
      .select(['id', 'date', 'from_time', 'to_time', 'reason'])
      .where('date', '>=', from)
      .execute(),
  ]);
  const sortKey = (entry: BlockedDate) => `${entry.date} ${entry.hours?.from ?? ''}`;
  return [
    ...days.map((day) => ({ ...day, hours: null })),
    ...times.map(({ id, date, from_time, to_time, reason }) => ({
      date,
      reason,
      hours: { id, from: from_time, to: to_time },
    })),
  ].sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : 1));
}

/** Blocks a part of a day: the calendar offers no call that overlaps `startsAt` to `endsAt`. */
export async function blockTime(
  db: Db,
  part: { date: string; from: string; to: string; startsAt: Date; endsAt: Date; reason: string | null },
  now: Date,
) {
  await db
    .insertInto('blocked_times')
    .values({
      date: part.date,
      from_time: part.from,
      to_time: part.to,
      starts_at: part.startsAt.toISOString(),
      ends_at: part.endsAt.toISOString(),
      reason: part.reason,
      created_at: now.toISOString(),
    })
    .execute();
}

/** Opens a blocked part of a day again; answers what it was, or undefined when there was none. */
export function unblockTime(db: Db, id: number) {
  return db
    .deleteFrom('blocked_times')
    .where('id', '=', id)
    .returning(['date', 'from_time', 'to_time'])
    .executeTakeFirst();
}

/** Blocks a date, or changes the reason of one already blocked. */
export async function blockDate(db: Db, date: string, reason: string | null, now: Date) {
  await db
    .insertInto('blocked_dates')
    .values({ date, reason, created_at: now.toISOString() })
    .onConflict((oc) => oc.column('date').doUpdateSet({ reason }))
    .execute();
}

/** Unblocks a date; answers whether it was blocked. */
export async function unblockDate(db: Db, date: string): Promise<boolean> {
  const removed = await db.deleteFrom('blocked_dates').where('date', '=', date).executeTakeFirst();
  return Number(removed.numDeletedRows) > 0;
}

export async function blockedDatesBetween(db: Db, from: string, to: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('blocked_dates')
    .select('date')
    .where('date', '>=', from)
    .where('date', '<=', to)
    .execute();
  return new Set(rows.map((r) => r.date));
}

import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import { type AdviserOverrides, adviserOverridesSchema } from '#shared/advisers.ts';

// The advisers table and what hangs off it, as the booking calendar and the back office read it.

type Db = Kysely<Database>;

export interface NewAdviser {
  userId: number;
  displayName: string;
  introduction: string;
}

/**
 * Makes a member of staff an adviser. The first adviser takes over the calls booked before the firm had
 * any, so those calls keep counting against someone's diary.
 */
export async function insertAdviser(trx: Db, adviser: NewAdviser, now: Date): Promise<number> {
  const at = now.toISOString();
  const hadAny = await trx.selectFrom('advisers').select('id').limit(1).executeTakeFirst();
  const { id } = await trx
    .insertInto('advisers')
    .values({
      user_id: adviser.userId,
      display_name: adviser.displayName,
      introduction: adviser.introduction,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (!hadAny)
    await trx.updateTable('bookings').set({ adviser_id: id }).where('adviser_id', 'is', null).execute();
  return id;
}

// Every request for times reads each adviser's overrides: each stored text is checked once and remembered
// (bounded, as advisers are few and their overrides rarely change).
const parsedOverrides = new Map<string, AdviserOverrides>();

/** Reads stored overrides; any an older version saved that no longer fit are dropped for the firm's. */
export function parseOverrides(json: string): AdviserOverrides {
  let overrides = parsedOverrides.get(json);
  if (!overrides) {
    const parsed = adviserOverridesSchema.safeParse(JSON.parse(json));
    overrides = parsed.success ? parsed.data : {};
    if (parsedOverrides.size >= 1_000) parsedOverrides.clear();
    parsedOverrides.set(json, overrides);
  }
  return overrides;
}

/** How a call's emails name its adviser: none for calls from before the firm had advisers. */
export async function adviserForMail(
  db: Db,
  adviserId: number | null,
): Promise<{ adviserName: string | null; adviserIntroduction: string }> {
  const row =
    adviserId === null
      ? undefined
      : await db
          .selectFrom('advisers')
          .select(['display_name', 'introduction'])
          .where('id', '=', adviserId)
          .executeTakeFirst();
  return { adviserName: row?.display_name ?? null, adviserIntroduction: row?.introduction ?? '' };
}

/**
 * For each adviser with any, the writes into their CalDAV calendar that have not got there: those still
 * being retried, those given up for calls not yet over, and the latest failure's words.
 */
export async function unwrittenCalls(db: Db, now: Date) {
  const rows = await db
    .selectFrom('calendar_writes')
    .innerJoin('bookings', 'bookings.id', 'calendar_writes.booking_id')
    .select(['calendar_writes.adviser_id', 'calendar_writes.status', 'calendar_writes.last_error'])
    .where((eb) =>
      eb.or([
        eb('calendar_writes.status', '=', 'pending'),
        eb.and([eb('calendar_writes.status', '=', 'failed'), eb('bookings.ends_at', '>', now.toISOString())]),
      ]),
    )
    .orderBy('calendar_writes.id')
    .execute();
  const byAdviser = new Map<number, { waiting: number; failed: number; lastError: string | null }>();
  for (const row of rows) {
    const entry = byAdviser.get(row.adviser_id) ?? { waiting: 0, failed: 0, lastError: null };
    if (row.status === 'pending') entry.waiting += 1;
    else entry.failed += 1;
    if (row.last_error) entry.lastError = row.last_error;
    byAdviser.set(row.adviser_id, entry);
  }
  return byAdviser;
}

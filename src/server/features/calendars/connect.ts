import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import { adviserMessages } from '#shared/adviser-messages.ts';
import type { CalendarSource, SecretBox } from './secret-box.ts';

// Connecting an adviser's calendar stores where it is and how to read it, sealed, and asks the sync to
// read it at once; disconnecting forgets both the calendar and the busy times read from it, so nothing
// it said keeps blocking that adviser's times.

type Db = Kysely<Database>;

/** What is wrong with a calendar source, in words; undefined when it can be stored. */
export function calendarSourceProblem(source: CalendarSource): string | undefined {
  let url: URL;
  try {
    url = new URL(source.url);
  } catch {
    return adviserMessages.calendarUrl;
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !url.hostname) {
    return adviserMessages.calendarUrl;
  }
  if (source.kind === 'caldav' && (!source.username || !source.password)) {
    return adviserMessages.calendarCredentials;
  }
  return undefined;
}

export class CalendarSourceError extends Error {}

/**
 * Connects (or replaces) an adviser's calendar: only its host name is kept readable, to show staff.
 * Throws CalendarSourceError, in words, for a source that cannot be read from.
 */
export async function connectCalendar(
  db: Db,
  box: SecretBox,
  adviserId: number,
  source: CalendarSource,
  now: Date,
): Promise<{ displayHost: string }> {
  const problem = calendarSourceProblem(source);
  if (problem) throw new CalendarSourceError(problem);
  const displayHost = new URL(source.url).hostname;
  const at = now.toISOString();
  // A new source's busy times replace the old one's, which the next sync will read afresh.
  await disconnectCalendar(db, adviserId);
  await db
    .insertInto('adviser_calendars')
    .values({
      adviser_id: adviserId,
      kind: source.kind,
      display_host: displayHost,
      sealed_source: box.seal(source),
      next_sync_at: at,
      created_at: at,
    })
    .execute();
  return { displayHost };
}

/** Forgets an adviser's calendar and the busy times read from it; answers whether there was one. */
export async function disconnectCalendar(db: Db, adviserId: number): Promise<boolean> {
  await db.deleteFrom('adviser_busy').where('adviser_id', '=', adviserId).execute();
  const deleted = await db
    .deleteFrom('adviser_calendars')
    .where('adviser_id', '=', adviserId)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows) > 0;
}

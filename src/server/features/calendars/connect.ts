import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import { adviserMessages } from '#shared/adviser-messages.ts';
import { reachesPrivateHost } from './private-hosts.ts';
import type { CalendarSource, SecretBox } from './secret-box.ts';

// Connecting and disconnecting an adviser's calendar, for the back office and the adviser:* commands.
//
//   connectCalendar(db, box, adviserId, source, now, { refusePrivateHosts }) -> { displayHost }
//     `db` may be a transaction (to record the audit entry with it); `box` is secretBox(CALENDAR_SECRET_KEY);
//     `source` is { kind: 'caldav', url, username, password } or { kind: 'ics', url }. Replaces any calendar
//     the adviser had, drops the busy times read from it, and makes the new one due at once (call
//     CalendarSync.syncNow(adviserId) afterwards to read it without waiting for the next pass). Throws
//     CalendarSourceError, whose message is for the person who typed the source, when it is not usable
//     (in production, also when its host is or resolves to a private address: private-hosts.ts).
//   disconnectCalendar(db, adviserId) -> boolean
//     Removes the calendar and its busy times; false when the adviser had none.

/** Why a calendar source cannot be connected, in words for the person who entered it. */
export class CalendarSourceError extends Error {
  readonly field: 'url' | 'username' | 'password';
  constructor(field: CalendarSourceError['field'], message: string) {
    super(message);
    this.field = field;
  }
}

const maxUrlLength = 2000;
const maxCredentialLength = 500;

/** Checks a source as typed and answers it trimmed, with the host name staff may be shown. */
export function validateCalendarSource(source: CalendarSource): {
  source: CalendarSource;
  displayHost: string;
} {
  const text = source.url.trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new CalendarSourceError('url', adviserMessages.calendarAddress);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new CalendarSourceError('url', adviserMessages.calendarUrl);
  if (text.length > maxUrlLength)
    throw new CalendarSourceError('url', adviserMessages.calendarAddressTooLong);
  if (url.username || url.password)
    throw new CalendarSourceError('url', adviserMessages.calendarCredentialsInAddress);
  if (source.kind === 'ics') return { source: { kind: 'ics', url: url.href }, displayHost: url.hostname };

  const username = source.username.trim();
  if (username === '') throw new CalendarSourceError('username', adviserMessages.calendarUsername);
  if (source.password === '') throw new CalendarSourceError('password', adviserMessages.calendarPassword);
  if (username.length > maxCredentialLength || source.password.length > maxCredentialLength)
    throw new CalendarSourceError('password', adviserMessages.calendarCredentialsTooLong);
  return {
    source: { kind: 'caldav', url: url.href, username, password: source.password },
    displayHost: url.hostname,
  };
}

export async function connectCalendar(
  db: Kysely<Database>,
  box: SecretBox,
  adviserId: number,
  source: CalendarSource,
  now: Date,
  { refusePrivateHosts = false }: { refusePrivateHosts?: boolean } = {},
): Promise<{ displayHost: string }> {
  const checked = validateCalendarSource(source);
  if (refusePrivateHosts && (await reachesPrivateHost(checked.source.url)))
    throw new CalendarSourceError('url', adviserMessages.calendarPrivateHost);
  const at = now.toISOString();
  const row = {
    kind: checked.source.kind,
    display_host: checked.displayHost,
    sealed_source: box.seal(checked.source),
    etag: null,
    last_modified: null,
    read_until: null,
    last_attempt_at: null,
    last_success_at: null,
    last_error: null,
    next_sync_at: at,
    locked_until: null,
    created_at: at,
  };
  // The new source first: a read of the old one finishing meanwhile then finds its source gone and
  // stores nothing (calendars/repository.ts), so no busy time of the old calendar outlives this.
  await inTransaction(db, async (trx) => {
    await trx
      .insertInto('adviser_calendars')
      .values({ adviser_id: adviserId, ...row })
      .onConflict((conflict) => conflict.column('adviser_id').doUpdateSet(row))
      .execute();
    await trx.deleteFrom('adviser_busy').where('adviser_id', '=', adviserId).execute();
  });
  return { displayHost: checked.displayHost };
}

export async function disconnectCalendar(db: Kysely<Database>, adviserId: number): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const removed = await trx
      .deleteFrom('adviser_calendars')
      .where('adviser_id', '=', adviserId)
      .executeTakeFirst();
    await trx.deleteFrom('adviser_busy').where('adviser_id', '=', adviserId).execute();
    return Number(removed.numDeletedRows) > 0;
  });
}

/** Runs in the caller's transaction when given one, else in a transaction of its own. */
function inTransaction<T>(db: Kysely<Database>, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

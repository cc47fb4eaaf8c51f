import type { Kysely } from 'kysely';
import { type AuditAction, recordAudit } from '#server/audit/log.ts';
import type { Database } from '#server/db/schema.ts';
import {
  type CalendarSource,
  CalendarSourceError,
  connectCalendar,
  disconnectCalendar,
  secretBox,
} from '#server/features/calendars/index.ts';
import type { Clock } from '#server/time/clock.ts';
import { adviserMessages } from '#shared/adviser-messages.ts';
import type { AdviserOverrides } from '#shared/advisers.ts';
import { adviserHoursSchema } from '#shared/api/back-office-advisers.ts';
import { firmTimeZone } from '#shared/site-firm.ts';
import { insertAdviser, parseOverrides, unwrittenCalls } from './repository.ts';

// Making members of staff advisers and looking after what is theirs: the name and introduction visitors
// see, their own hours, call length and buffer, their blocked dates, and the calendar their busy times are
// read from. Each change and its audit entry are stored together. The back office and `npm run adviser:*`
// both come through here, so both refuse the same things in the same words.

type Db = Kysely<Database>;

/** A change refused, with the HTTP status the back office answers it with and the words it says. */
export class AdviserRefusal extends Error {
  readonly status: 404 | 409 | 422;
  constructor(status: 404 | 409 | 422, message: string) {
    super(message);
    this.status = status;
  }
}

/** Who made a change: a signed-in member of staff, or null for the command line. */
type Actor = number | null;

export interface AdviserCalendarView {
  kind: 'caldav' | 'ics';
  /** The calendar server's host name: never its path or credentials. */
  host: string;
  connectedAt: string;
  lastReadAt: string | null;
  lastAttemptAt: string | null;
  lastError: string | null;
  /** Its last good read is older than CALENDAR_STALE_MINUTES (or there was none): no times are offered. */
  stale: boolean;
}

/** The calls queued to go into (or come out of) a CalDAV adviser's calendar that have not got there. */
export interface DiaryWritesView {
  /** Still being tried (the calendar server was down or refused). */
  waiting: number;
  /** Given up, for calls not yet over: they are not in the adviser's calendar. */
  failed: number;
  /** Why the latest of those failed, in words; null when none failed yet. */
  lastError: string | null;
}

export interface AdviserView {
  id: number;
  email: string;
  displayName: string;
  introduction: string;
  active: boolean;
  /** Their staff account is disabled: they are not offered for calls whatever `active` says. */
  accountDisabled: boolean;
  overrides: AdviserOverrides;
  blockedDates: { date: string; reason: string | null }[];
  calendar: AdviserCalendarView | null;
  diaryWrites: DiaryWritesView;
}

export interface AdviserDetails {
  displayName: string;
  introduction: string;
}

export interface AdviserServiceOptions {
  db: Db;
  /** CALENDAR_SECRET_KEY: without it no calendar can be connected. */
  calendarSecretKey: string | undefined;
  /** CALENDAR_STALE_MINUTES. */
  staleMinutes: number;
  /** Refuse calendar addresses on private networks (production). */
  refusePrivateCalendarHosts?: boolean;
  /** Reads an adviser's calendar now, in the background, rather than at the sync's next pass. */
  readCalendarNow?: (adviserId: number) => void;
  now: Clock;
}

const isOneLine = (text: string) => !/[\r\n\p{Cc}]/u.test(text);

function checkDetails(details: AdviserDetails): AdviserDetails {
  const displayName = details.displayName.trim();
  const introduction = details.introduction.trim();
  if (!displayName || displayName.length > 80 || !isOneLine(displayName))
    throw new AdviserRefusal(422, adviserMessages.displayName);
  if (introduction.length > 200 || !isOneLine(introduction))
    throw new AdviserRefusal(422, adviserMessages.introduction);
  return { displayName, introduction };
}

export type AdviserService = ReturnType<typeof createAdviserService>;

export function createAdviserService({
  db,
  calendarSecretKey,
  staleMinutes,
  readCalendarNow,
  refusePrivateCalendarHosts = false,
  now,
}: AdviserServiceOptions) {
  const today = () => now().toLocaleDateString('en-CA', { timeZone: firmTimeZone });

  const audit = (
    trx: Db,
    actor: Actor,
    action: AuditAction,
    subject: string,
    detail: Record<string, unknown>,
    at: Date,
  ) =>
    recordAudit(
      trx,
      {
        userId: actor,
        action,
        subject,
        detail: { ...detail, ...(actor === null && { via: 'command line' }) },
      },
      at,
    );

  /** The adviser and their email, or a refusal: the page may show one removed since. */
  async function adviser(trx: Db, id: number) {
    const row = await trx
      .selectFrom('advisers')
      .innerJoin('users', 'users.id', 'advisers.user_id')
      .select(['advisers.id', 'users.email', 'advisers.overrides'])
      .where('advisers.id', '=', id)
      .executeTakeFirst();
    if (!row) throw new AdviserRefusal(404, adviserMessages.noSuchAdviser);
    return row;
  }

  async function list(): Promise<AdviserView[]> {
    const rows = await db
      .selectFrom('advisers')
      .innerJoin('users', 'users.id', 'advisers.user_id')
      .leftJoin('adviser_calendars', 'adviser_calendars.adviser_id', 'advisers.id')
      .select([
        'advisers.id',
        'users.email',
        'advisers.display_name',
        'advisers.introduction',
        'advisers.status',
        'users.status as account_status',
        'advisers.overrides',
        'adviser_calendars.kind',
        'adviser_calendars.display_host',
        'adviser_calendars.created_at as connected_at',
        'adviser_calendars.last_success_at',
        'adviser_calendars.last_attempt_at',
        'adviser_calendars.last_error',
      ])
      .orderBy('advisers.display_name')
      .orderBy('advisers.id')
      .execute();
    const blocked = await db
      .selectFrom('adviser_blocked_dates')
      .select(['adviser_id', 'date', 'reason'])
      .where('date', '>=', today())
      .orderBy('date')
      .execute();
    const writes = await unwrittenCalls(db, now());
    const staleBefore = now().getTime() - staleMinutes * 60_000;
    return rows.map((row) => ({
      id: row.id,
      email: row.email,
      displayName: row.display_name,
      introduction: row.introduction,
      active: row.status === 'active',
      accountDisabled: row.account_status !== 'active',
      overrides: parseOverrides(row.overrides),
      blockedDates: blocked
        .filter((entry) => entry.adviser_id === row.id)
        .map(({ date, reason }) => ({ date, reason })),
      calendar:
        row.kind && row.display_host && row.connected_at
          ? {
              kind: row.kind,
              host: row.display_host,
              connectedAt: row.connected_at,
              lastReadAt: row.last_success_at,
              lastAttemptAt: row.last_attempt_at,
              lastError: row.last_error,
              stale: row.last_success_at === null || new Date(row.last_success_at).getTime() < staleBefore,
            }
          : null,
      diaryWrites: writes.get(row.id) ?? { waiting: 0, failed: 0, lastError: null },
    }));
  }

  /** Active accounts that are not advisers yet, by email: whom the back office offers to add. */
  async function staffWhoAreNotAdvisers(): Promise<string[]> {
    const rows = await db
      .selectFrom('users')
      .leftJoin('advisers', 'advisers.user_id', 'users.id')
      .select('users.email')
      .where('users.status', '=', 'active')
      .where('advisers.id', 'is', null)
      .orderBy('users.email')
      .execute();
    return rows.map((row) => row.email);
  }

  /** The adviser an email address belongs to, for the command line. */
  async function idOf(email: string): Promise<number> {
    const address = email.trim().toLowerCase();
    const row = await db
      .selectFrom('users')
      .leftJoin('advisers', 'advisers.user_id', 'users.id')
      .select('advisers.id')
      .where('users.email', '=', address)
      .executeTakeFirst();
    if (!row) throw new AdviserRefusal(404, adviserMessages.noSuchStaff(address));
    if (row.id === null) throw new AdviserRefusal(404, adviserMessages.notAnAdviser(address));
    return row.id;
  }

  async function add(actor: Actor, email: string, details: AdviserDetails): Promise<number> {
    const address = email.trim().toLowerCase();
    const checked = checkDetails(details);
    return db.transaction().execute(async (trx) => {
      const user = await trx
        .selectFrom('users')
        .leftJoin('advisers', 'advisers.user_id', 'users.id')
        .select(['users.id', 'users.status', 'advisers.id as adviser'])
        .where('users.email', '=', address)
        .executeTakeFirst();
      if (!user) throw new AdviserRefusal(404, adviserMessages.noSuchStaff(address));
      if (user.status !== 'active') throw new AdviserRefusal(409, adviserMessages.disabledAccount(address));
      if (user.adviser !== null) throw new AdviserRefusal(409, adviserMessages.alreadyAdviser(address));
      const at = now();
      const id = await insertAdviser(trx, { userId: user.id, ...checked }, at);
      await audit(trx, actor, 'adviser.added', address, { name: checked.displayName }, at);
      return id;
    });
  }

  async function edit(actor: Actor, id: number, details: AdviserDetails) {
    const checked = checkDetails(details);
    await db.transaction().execute(async (trx) => {
      const { email } = await adviser(trx, id);
      const at = now();
      await trx
        .updateTable('advisers')
        .set({
          display_name: checked.displayName,
          introduction: checked.introduction,
          updated_at: at.toISOString(),
        })
        .where('id', '=', id)
        .execute();
      await audit(trx, actor, 'adviser.changed', email, { name: checked.displayName }, at);
    });
  }

  /** Their own hours, call length and buffer; any left out are the firm's. */
  async function setOverrides(actor: Actor, id: number, given: AdviserOverrides) {
    // The back office's schema has refused anything wrong in words already; this keeps any other caller
    // from storing hours the slot engine would have to second-guess.
    const checked = adviserHoursSchema.safeParse(given);
    if (!checked.success) throw new AdviserRefusal(422, checked.error.issues.map((i) => i.message).join(' '));
    const overrides = checked.data;
    await db.transaction().execute(async (trx) => {
      const { email } = await adviser(trx, id);
      const at = now();
      await trx
        .updateTable('advisers')
        .set({ overrides: JSON.stringify(overrides), updated_at: at.toISOString() })
        .where('id', '=', id)
        .execute();
      await audit(trx, actor, 'adviser.hours-changed', email, { overrides }, at);
    });
  }

  async function setActive(actor: Actor, id: number, active: boolean) {
    await db.transaction().execute(async (trx) => {
      const { email } = await adviser(trx, id);
      const at = now();
      await trx
        .updateTable('advisers')
        .set({ status: active ? 'active' : 'inactive', updated_at: at.toISOString() })
        .where('id', '=', id)
        .execute();
      await audit(trx, actor, active ? 'adviser.activated' : 'adviser.deactivated', email, {}, at);
    });
  }

  async function blockDate(actor: Actor, id: number, date: string, reason: string | null) {
    // A day already gone offers no calls anyway; blocking it could only be a slip of the date.
    if (date < today()) throw new AdviserRefusal(422, adviserMessages.blockedDatePast);
    await db.transaction().execute(async (trx) => {
      const { email } = await adviser(trx, id);
      const at = now();
      await trx
        .insertInto('adviser_blocked_dates')
        .values({ adviser_id: id, date, reason, created_at: at.toISOString() })
        .onConflict((conflict) => conflict.columns(['adviser_id', 'date']).doUpdateSet({ reason }))
        .execute();
      await audit(trx, actor, 'adviser.blocked-date.added', email, { date, reason }, at);
    });
  }

  async function unblockDate(actor: Actor, id: number, date: string) {
    await db.transaction().execute(async (trx) => {
      const { email } = await adviser(trx, id);
      const removed = await trx
        .deleteFrom('adviser_blocked_dates')
        .where('adviser_id', '=', id)
        .where('date', '=', date)
        .executeTakeFirst();
      // Removing a date that was not blocked changes nothing, so there is nothing to record.
      if (Number(removed.numDeletedRows) > 0)
        await audit(trx, actor, 'adviser.blocked-date.removed', email, { date }, now());
    });
  }

  async function connect(actor: Actor, id: number, source: CalendarSource) {
    if (!calendarSecretKey) throw new AdviserRefusal(409, adviserMessages.noSecretKey);
    const box = secretBox(calendarSecretKey);
    await db.transaction().execute(async (trx) => {
      const { email } = await adviser(trx, id);
      const at = now();
      try {
        const { displayHost } = await connectCalendar(trx, box, id, source, at, {
          refusePrivateHosts: refusePrivateCalendarHosts,
        });
        // The host alone: a feed's path is often its secret (Google's secret address), and the user
        // name and password are the adviser's.
        await audit(
          trx,
          actor,
          'adviser.calendar-connected',
          email,
          { kind: source.kind, host: displayHost },
          at,
        );
      } catch (error) {
        if (error instanceof CalendarSourceError) throw new AdviserRefusal(422, error.message);
        throw error;
      }
    });
    readCalendarNow?.(id);
  }

  async function disconnect(actor: Actor, id: number) {
    await db.transaction().execute(async (trx) => {
      const { email } = await adviser(trx, id);
      const calendar = await trx
        .selectFrom('adviser_calendars')
        .select(['kind', 'display_host'])
        .where('adviser_id', '=', id)
        .executeTakeFirst();
      if (!calendar) throw new AdviserRefusal(409, adviserMessages.noCalendar);
      await disconnectCalendar(trx, id);
      await audit(
        trx,
        actor,
        'adviser.calendar-disconnected',
        email,
        { kind: calendar.kind, host: calendar.display_host },
        now(),
      );
    });
  }

  /** Asks the sync to read the adviser's calendar at its next round rather than when it is due. */
  async function readNow(id: number) {
    const result = await db
      .updateTable('adviser_calendars')
      .set({ next_sync_at: now().toISOString() })
      .where('adviser_id', '=', id)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw new AdviserRefusal(409, adviserMessages.noCalendar);
    readCalendarNow?.(id);
  }

  return {
    list,
    staffWhoAreNotAdvisers,
    idOf,
    add,
    edit,
    setOverrides,
    setActive,
    blockDate,
    unblockDate,
    connect,
    disconnect,
    readNow,
  };
}

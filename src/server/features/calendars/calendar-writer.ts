import type { Logger } from 'pino';
import type { Db } from '#server/db/database.ts';
import { createPoller } from '#server/jobs/poller.ts';
import type { BookingMailSettings } from '#server/mail/booked-call.ts';
import type { Clock } from '#server/time/clock.ts';
import { diaryEvent, findCallForDiary } from './adviser-diary.ts';
import { type CalDavSource, objectUrl } from './caldav-objects.ts';
import {
  addInProgress,
  type CalendarWrite,
  claimDueWrites,
  markWriteDone,
  markWriteFailed,
  recordEventUrl,
  renewWriteLeases,
  settleUnwrittenAdds,
  wasWritten,
} from './calendar-writes.ts';
import type { HostLookup } from './private-hosts.ts';
import { secretBox } from './secret-box.ts';
import { CalendarWriteError } from './write-error.ts';

/** The CalDAV client and its HTTP client, loaded with the first write: most sites never write to a calendar. */
const caldavObjects = () => import('./caldav-objects.ts');

export interface CalendarWriterOptions {
  db: Db;
  log: Logger;
  /** CALENDAR_SECRET_KEY, which opens the advisers' stored calendar credentials. */
  secretKey: string | undefined;
  /** The firm's address (the events' organizer) and the site's address (the back office's link). */
  mail: BookingMailSettings;
  now: Clock;
  pollIntervalMs?: number;
  leaseMs?: number;
  batchSize?: number;
  /** The delay before the second try; it doubles with each try after that, up to maxDelayMs. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** How long after it was queued a write is given up, and left failed with its reason. */
  giveUpAfterMs?: number;
  /** How long one request to a calendar server may take. */
  requestTimeoutMs?: number;
  /** Refuse connections to private addresses (production; guarded-dispatcher.ts), as reads do. */
  refusePrivateHosts?: boolean;
  /** How host names are resolved; the system's resolver unless told (tests give their own). */
  lookup?: HostLookup;
}

export interface CalendarWriter {
  start(): void;
  /** Looks for due writes now rather than at the next poll, e.g. right after a booking's commit. */
  kick(): void;
  /** Carries out what is due now; resolves with how many writes it handled. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

/** The delay before try `attempt + 1`, as the mail outbox's: doubling from `baseDelayMs`, capped. */
export function writeRetryDelayMs(attempt: number, baseDelayMs: number, maxDelayMs: number) {
  return Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1));
}

/**
 * Carries out the queued writes to CalDAV advisers' calendars (write-back.ts queues them): puts each
 * booked call in as an event and deletes it when the call is cancelled, retrying a server that is down
 * with back-off for a day before leaving the write failed with its reason in words.
 */
export function createCalendarWriter(options: CalendarWriterOptions): CalendarWriter {
  const {
    db,
    log,
    secretKey,
    mail,
    now,
    pollIntervalMs = 5000,
    leaseMs = 60_000,
    batchSize = 10,
    baseDelayMs = 30_000,
    maxDelayMs = 60 * 60_000,
    giveUpAfterMs = 24 * 60 * 60_000,
    requestTimeoutMs = 20_000,
  } = options;
  const network = { refusePrivateHosts: options.refusePrivateHosts, lookup: options.lookup };

  async function caldavSourceOf(adviserId: number): Promise<CalDavSource> {
    const calendar = await db
      .selectFrom('adviser_calendars')
      .select(['kind', 'sealed_source'])
      .where('adviser_id', '=', adviserId)
      .executeTakeFirst();
    if (!calendar) throw new CalendarWriteError("The adviser's calendar is no longer connected.");
    if (!secretKey)
      throw new CalendarWriteError(
        "CALENDAR_SECRET_KEY is not set, so the calendar's password cannot be read.",
      );
    let source: ReturnType<ReturnType<typeof secretBox>['open']>;
    try {
      source = secretBox(secretKey).open(calendar.sealed_source);
    } catch {
      throw new CalendarWriteError(
        "The calendar's stored password cannot be opened with CALENDAR_SECRET_KEY (was the key changed?).",
      );
    }
    if (source.kind !== 'caldav')
      throw new CalendarWriteError(
        "The adviser's calendar is now a read-only feed, which cannot be written to.",
      );
    return source;
  }

  /**
   * Writes the call as it is now: a call moved since it was first written (a higher SEQUENCE) is written
   * over its event, so the diary shows it once, at its new time.
   */
  async function add(write: CalendarWrite) {
    const call = await findCallForDiary(db, write.bookingId, write.adviserId);
    // Cancelled, or given to another adviser, before it was written: the removal's own write settles it.
    if (!call || call.status === 'cancelled' || call.takenBy !== write.adviserId) return;
    const source = await caldavSourceOf(write.adviserId);
    const { putCalendarObject } = await caldavObjects();
    const url = await putCalendarObject(
      source,
      `${call.reference}.ics`,
      diaryEvent(mail.firm(), call, mail, now()),
      requestTimeoutMs,
      network,
      call.sequence > 0,
    );
    await recordEventUrl(db, write.bookingId, url);
  }

  /**
   * Where the call's event is in this write's adviser's calendar: the booking records it while the call is
   * theirs; once it went to another adviser, it is where it was written in theirs, under the call's name.
   */
  async function eventUrlFor(write: CalendarWrite) {
    const booking = await db
      .selectFrom('bookings')
      .select(['adviser_id', 'calendar_event_url', 'reference'])
      .where('id', '=', write.bookingId)
      .executeTakeFirst();
    if (!booking) return null;
    if (booking.adviser_id === write.adviserId) return booking.calendar_event_url;
    if (!(await wasWritten(db, write.bookingId, write.adviserId))) return null;
    return objectUrl((await caldavSourceOf(write.adviserId)).url, `${booking.reference}.ics`);
  }

  /** Answers false when the remove has to wait for an add another worker is carrying out. */
  async function remove(write: CalendarWrite) {
    const url = await eventUrlFor(write);
    if (!url) {
      if (await addInProgress(db, write.bookingId, write.adviserId, now())) return false;
      await settleUnwrittenAdds(db, write.bookingId, write.adviserId, now());
      return true;
    }
    const { deleteCalendarObject } = await caldavObjects();
    await deleteCalendarObject(await caldavSourceOf(write.adviserId), url, requestTimeoutMs, network);
    return true;
  }

  async function carryOut(write: CalendarWrite) {
    const context = { calendarWriteId: write.id, bookingId: write.bookingId, action: write.action };
    try {
      let finished = true;
      if (write.action === 'add') await add(write);
      else finished = await remove(write);
      if (finished) {
        await markWriteDone(db, write.id, now());
        log.info({ ...context, attempt: write.attempts }, 'calendar write done');
      } else {
        await markWriteFailed(
          db,
          write.id,
          'Waiting for the event to be written first.',
          new Date(now().getTime() + baseDelayMs),
          now(),
        );
      }
    } catch (error) {
      const known = error instanceof CalendarWriteError;
      const reason = known
        ? error.message
        : 'Something went wrong on our side while writing to the calendar.';
      const giveUpAt = write.createdAt.getTime() + giveUpAfterMs;
      const nextTry = now().getTime() + writeRetryDelayMs(write.attempts, baseDelayMs, maxDelayMs);
      // One last try at the day's end, then it stays failed for staff to see.
      const retryAt = now().getTime() >= giveUpAt ? null : new Date(Math.min(nextTry, giveUpAt));
      await markWriteFailed(db, write.id, reason, retryAt, now());
      log[retryAt ? 'warn' : 'error'](
        { ...context, attempt: write.attempts, retryAt, reason, ...(known ? {} : { err: error }) },
        'calendar write failed',
      );
    }
  }

  async function drainDue() {
    let handled = 0;
    const held = new Set<number>();
    const renewal = setInterval(() => {
      renewWriteLeases(db, [...held], leaseMs, now()).catch((error) =>
        log.warn({ err: error }, 'could not renew calendar write leases'),
      );
    }, leaseMs / 3);
    renewal.unref();
    try {
      for (;;) {
        const batch = await claimDueWrites(db, batchSize, leaseMs, now());
        for (const write of batch) held.add(write.id);
        for (const write of batch) {
          await carryOut(write);
          held.delete(write.id);
        }
        handled += batch.length;
        if (batch.length < batchSize || poller.stopped) break;
      }
    } finally {
      clearInterval(renewal);
    }
    return handled;
  }

  const poller = createPoller(drainDue, { pollIntervalMs, log, what: 'calendar write' });
  return poller;
}

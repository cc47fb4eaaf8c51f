import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '#server/db/schema.ts';
import { loadSettings } from '#server/features/availability/index.ts';
import type { Clock } from '#server/time/clock.ts';
import { readCalendar } from './calendar-reader.ts';
import { CalendarReadError, failureWords } from './read-error.ts';
import { defaultReadLimits, type ReadLimits } from './read-limits.ts';
import {
  bookingReferencesBetween,
  type ClaimedCalendar,
  claimCalendar,
  dueCalendarIds,
  recordFailure,
  recordSuccess,
} from './repository.ts';
import { secretBox } from './secret-box.ts';
import { syncWindow } from './sync-window.ts';

// Copies each adviser's busy times from their calendar into adviser_busy every CALENDAR_SYNC_MINUTES, so
// offering times never waits on a remote server. A lease on the calendar's row keeps two instances of the
// site from reading one calendar at once; a failed read keeps the last good busy times and says why in
// words the back office shows.

export interface CalendarSyncOptions {
  db: Kysely<Database>;
  log: Logger;
  /** CALENDAR_SECRET_KEY, which opens the sealed calendar sources. */
  secretKey: string;
  /** CALENDAR_SYNC_MINUTES: between two reads of one calendar, after a success or a failure alike. */
  syncMinutes: number;
  now: Clock;
  /** How long one read may take, answer and body; 10 s and 5 MB unless told. */
  limits?: ReadLimits;
  /** How often the job looks for calendars due; 30 s unless told. */
  pollMs?: number;
  /** Refuse connections to private addresses, checked as each socket connects (production; guarded-dispatcher.ts). */
  refusePrivateHosts?: boolean;
}

export type SyncOutcome =
  | { status: 'read'; busy: number }
  | { status: 'unchanged' }
  | { status: 'failed'; error: string }
  /** Another instance is reading it, or it was disconnected meanwhile. */
  | { status: 'skipped' };

export interface CalendarSync {
  start(): void;
  /** Stops the timer and waits for a read in progress. */
  stop(): Promise<void>;
  /** Reads one adviser's calendar now, due or not (e.g. just after it was connected). */
  syncNow(adviserId: number): Promise<SyncOutcome>;
  /** Reads every calendar that is due; resolves with how many were read or tried. */
  runOnce(): Promise<number>;
}

export function createCalendarSync(options: CalendarSyncOptions): CalendarSync {
  const { db, log, syncMinutes, now, pollMs = 30_000 } = options;
  const limits = { ...(options.limits ?? defaultReadLimits), refusePrivateHosts: options.refusePrivateHosts };
  const box = secretBox(options.secretKey);
  // A read lasts at most its timeout; the lease outlasts it with room for the database writes.
  const leaseMs = limits.timeoutMs * 3 + 30_000;
  const inFlight = new Set<Promise<unknown>>();
  let timer: NodeJS.Timeout | undefined;
  let stopped = true;
  let stopping = false;

  const track = <T>(work: Promise<T>): Promise<T> => {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work)).catch(() => {});
    return work;
  };

  async function read(claimed: ClaimedCalendar): Promise<SyncOutcome> {
    const startedAt = now();
    const nextSyncAt = new Date(startedAt.getTime() + syncMinutes * 60_000);
    const context = { adviserId: claimed.adviserId, kind: claimed.kind };
    try {
      const window = syncWindow(await loadSettings(db), startedAt);
      let source: ReturnType<typeof box.open>;
      try {
        source = box.open(claimed.sealedSource);
      } catch {
        throw new CalendarReadError('sealed-source');
      }
      // A 304 may keep only busy times read for this same window: once the days offered move on, the
      // feed is read in full so the new days are covered.
      const sameWindow = claimed.readUntil === window.to.toISOString();
      const validators = sameWindow ? { etag: claimed.etag, lastModified: claimed.lastModified } : undefined;
      const ownUids = await bookingReferencesBetween(db, window.from, window.to);
      const result = await readCalendar(source, validators, window, limits, ownUids);
      const stored = await recordSuccess(
        db,
        claimed,
        result.changed
          ? {
              busy: result.busy,
              etag: result.etag,
              lastModified: result.lastModified,
              readUntil: window.to,
              note: crowdedWords(result.crowdedSeries),
            }
          : {
              busy: undefined,
              etag: null,
              lastModified: null,
              readUntil: window.to,
              // Unchanged since the last good read: its reservation, if it had one, still holds.
              note: claimed.lastError?.startsWith(crowdedPrefix) ? claimed.lastError : null,
            },
        now(),
        nextSyncAt,
      );
      if (!stored) return { status: 'skipped' };
      if (!result.changed) {
        log.debug(context, 'calendar unchanged');
        return { status: 'unchanged' };
      }
      log.info({ ...context, busy: result.busy.length }, 'calendar read');
      return { status: 'read', busy: result.busy.length };
    } catch (error) {
      const words = failureWords(error);
      // Only our own words are logged: a library's message may quote the address or the server's answer.
      log.warn(
        {
          ...context,
          reason: words,
          ...(error instanceof CalendarReadError ? {} : { errorType: typeName(error) }),
        },
        'calendar not read',
      );
      await recordFailure(db, claimed, words, nextSyncAt);
      return { status: 'failed', error: words };
    }
  }

  async function runOnce(): Promise<number> {
    let handled = 0;
    for (const adviserId of await dueCalendarIds(db, now(), 50)) {
      if (stopping) break; // stop() waits for the read under way, not for the rest of the pass
      const claimed = await claimCalendar(db, adviserId, now(), leaseMs, true);
      if (!claimed) continue;
      await read(claimed);
      handled += 1;
    }
    return handled;
  }

  function schedule(delayMs: number) {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = undefined;
      void track(runOnce())
        .catch((error) => log.error({ errorType: typeName(error) }, 'calendar sync pass failed'))
        .finally(() => schedule(pollMs));
    }, delayMs);
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      stopping = false;
      schedule(0);
    },
    async stop() {
      stopped = true;
      stopping = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await Promise.allSettled([...inFlight]);
    },
    async syncNow(adviserId) {
      const claimed = await claimCalendar(db, adviserId, now(), leaseMs, false);
      if (!claimed) return { status: 'skipped' };
      return track(read(claimed));
    },
    runOnce: () => track(runOnce()),
  };
}

/** What staff are told when a read kept the calendar but counted some repeating events busy throughout. */
const crowdedPrefix = 'Read, but ';
export function crowdedWords(crowdedSeries: number): string | null {
  if (crowdedSeries === 0) return null;
  return crowdedSeries === 1
    ? `${crowdedPrefix}one repeating event repeats too often to follow: it counts as busy for all the time it runs`
    : `${crowdedPrefix}${crowdedSeries} repeating events repeat too often to follow: they count as busy for all the time they run`;
}

function typeName(error: unknown) {
  return error instanceof Error ? error.constructor.name : typeof error;
}

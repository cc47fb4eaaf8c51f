import type { Logger } from 'pino';
import { createPoller } from '#server/jobs/poller.ts';
import { checkpointOwed, type Db, forgetOverwrittenBytes } from '../db/database.ts';
import { scrubText } from '../logging/redaction.ts';
import type { Clock } from '../time/clock.ts';
import type { MailMessage } from './message.ts';
import {
  claimDueMessages,
  composeMail,
  markFailedAttempt,
  markSent,
  type OutboxRow,
  releaseClaims,
  renewLeases,
} from './outbox.ts';
import { isPermanentRefusal, MessageWithdrawn } from './refusals.ts';
import type { MailTransport } from './transport.ts';

export interface OutboxWorkerOptions {
  db: Db;
  transport: MailTransport;
  log: Logger;
  /** Completes a message just before it is sent (e.g. fills in a meeting link); a throw means try later. */
  prepare?: (message: MailMessage) => Promise<MailMessage>;
  /** Told of a mail server's permanent refusal (SMTP 5xx), which is not retried: e.g. counts a bounce. */
  onRefused?: (row: OutboxRow, reason: string) => Promise<void>;
  /** Host part of the Message-ID, e.g. the site's host name. */
  messageIdDomain: string;
  /** The site's address (PUBLIC_URL's origin), for the HTML part's absolute links such as the logo's. */
  publicOrigin: string;
  now: Clock;
  pollIntervalMs?: number;
  /** How long a claim lasts unless renewed; the worker renews it every third of that while it sends. */
  leaseMs?: number;
  /** How many messages are sent at once: as many as the transport has pooled SMTP connections. */
  concurrency?: number;
  /** How many due messages one claim leases; the next claim is made while the last few are sent. */
  batchSize?: number;
  /** Sent messages are marked in one UPDATE once this many are waiting, or every markSentEveryMs. */
  markSentBatch?: number;
  markSentEveryMs?: number;
  /** The delay before the second try; it doubles with each try after that, up to maxDelayMs. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  maxAttempts?: number;
}

export interface OutboxWorker {
  start(): void;
  /** Looks for due mail now rather than at the next poll, e.g. right after a commit that queued some. */
  kick(): void;
  /** Sends what is due now; resolves with how many messages it handled. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * How long a message's body (with any link in it) is kept: from queueing until it is sent, or until its
 * last try fails. With the defaults that is ten tries, 30 s doubling apart, so the last comes about
 * 4 h 15 min after the first (30 s × (2⁹ − 1)), which is when the queueing commit kicks the worker or
 * within one poll of it; only while no instance of the site is running can a body wait longer, since
 * delivery still needs it. Then the body is emptied (markSent, markFailedAttempt) and the database's
 * old copies are dropped (forgetOverwrittenBytes).
 */
export function retryDelayMs(attempt: number, baseDelayMs: number, maxDelayMs: number) {
  return Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1));
}

export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const {
    db,
    transport,
    log,
    messageIdDomain,
    publicOrigin,
    now,
    prepare = async (message) => message,
    onRefused,
    pollIntervalMs = 2000,
    leaseMs = 15_000,
    concurrency = 1,
    batchSize = Math.max(10, concurrency * 20),
    markSentBatch = 20,
    markSentEveryMs = 200,
    baseDelayMs = 30_000,
    maxDelayMs = 6 * 60 * 60_000,
    maxAttempts = defaultMaxAttempts,
  } = options;

  /** Sends one message; a sent one joins `sent`, to be marked with others (flushSent). Answers whether it went. */
  async function deliver(row: OutboxRow, sent: number[]): Promise<boolean> {
    const messageId = `<outbox-${row.id}-${Date.parse(row.createdAt)}@${messageIdDomain}>`;
    try {
      await transport.send({
        messageId,
        message: await prepare(await composeMail(row.message, publicOrigin)),
      });
      sent.push(row.id);
      log.info({ outboxId: row.id, kind: row.kind, attempt: row.attempts }, 'mail sent');
      return true;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const refused = isPermanentRefusal(error);
      const retryAt =
        row.attempts >= maxAttempts || refused || error instanceof MessageWithdrawn
          ? null
          : new Date(now().getTime() + retryDelayMs(row.attempts, baseDelayMs, maxDelayMs));
      await markFailedAttempt(db, row.id, reason, retryAt, now());
      if (refused) await onRefused?.(row, reason).catch((e) => log.error({ err: e }, 'refusal not recorded'));
      const level = retryAt ? 'warn' : 'error';
      log[level](
        // A mail server's refusal often quotes the recipient's address.
        { outboxId: row.id, kind: row.kind, attempt: row.attempts, retryAt, reason: scrubText(reason) },
        'mail not sent',
      );
      return false;
    }
  }

  /**
   * One pass: `concurrency` senders take messages in turn from a queue of claimed ones, which is topped up
   * by the next claim while the last few of the previous one are still being sent. Every message this
   * worker holds (queued, being sent, or sent and not yet marked) keeps its lease renewed, so no other
   * worker can claim it; sent ones are marked in small batches, one UPDATE each.
   */
  async function drainDue() {
    let handled = 0;
    const held = new Map<number, OutboxRow>();
    const queue: OutboxRow[] = [];
    const sent: number[] = [];
    let more = true; // the last claim filled its batch, so more may be due
    let claiming: Promise<void> | undefined;
    let failure: { error: unknown } | undefined;
    // A pass run by hand (runOnce on a worker never started) sends everything due; stop() ends a pass.
    const stoppedBefore = poller.stopped;
    const stopping = () => poller.stopped && !stoppedBefore;

    function claimMore() {
      claiming ??= claimDueMessages(db, batchSize, leaseMs, now())
        .then((batch) => {
          for (const row of batch) held.set(row.id, row);
          queue.push(...batch);
          more = batch.length === batchSize;
        })
        .catch((error: unknown) => {
          failure ??= { error };
        })
        .finally(() => {
          claiming = undefined;
        });
      return claiming;
    }

    async function nextRow() {
      if (failure || stopping()) return undefined;
      while (queue.length === 0) {
        if (!more || failure || stopping()) return undefined;
        await claimMore();
      }
      if (queue.length < concurrency && more && !stopping()) void claimMore();
      return queue.shift();
    }

    // One marking at a time, and a pass ends only after the last: the timer's marking may be under way
    // when the pass finishes, and a stop that returned before it would leave sent mail claimed, to be
    // sent again once its lease ran out.
    let marking = Promise.resolve();
    function flushSent() {
      marking = marking.catch(() => undefined).then(markWhatWasSent);
      return marking;
    }

    async function markWhatWasSent() {
      const ids = sent.splice(0);
      if (ids.length === 0) return;
      try {
        await markSent(db, ids, now());
      } catch (error) {
        sent.push(...ids); // tried again with the next batch; their leases are still renewed meanwhile
        throw error;
      }
      for (const id of ids) held.delete(id);
    }

    // Two emails to one person go one after the other, in the order they were queued (a booking's
    // confirmation before its cancellation), never side by side on two connections.
    const toRecipient = new Map<string, Promise<unknown>>();
    async function deliverInOrder(row: OutboxRow) {
      const recipient = row.message.to.toLowerCase();
      const earlier = toRecipient.get(recipient);
      const turn = (async () => {
        await earlier?.catch(() => undefined); // its failure is the pass's, reported by its own sender
        return deliver(row, sent);
      })();
      toRecipient.set(recipient, turn);
      try {
        return await turn;
      } finally {
        if (toRecipient.get(recipient) === turn) toRecipient.delete(recipient);
      }
    }

    async function sendInTurn() {
      try {
        for (let row = await nextRow(); row; row = await nextRow()) {
          if (!(await deliverInOrder(row))) held.delete(row.id); // failed, and recorded as such
          handled += 1;
          // Batched while a backlog goes out; marked at once when there is nothing more to send, so
          // what a crash makes go again is at most a batch, and usually none.
          if (sent.length >= markSentBatch || queue.length === 0) await flushSent();
        }
      } catch (error) {
        failure ??= { error };
      }
    }

    // A send may take up to a minute (SMTP and Zoom timeouts), far longer than one lease.
    const renewal = setInterval(() => {
      renewLeases(db, [...held.keys()], leaseMs, now()).catch((error) =>
        log.warn({ err: error }, 'could not renew outbox leases'),
      );
    }, leaseMs / 3);
    renewal.unref();
    const markingTimer = setInterval(() => {
      flushSent().catch((error) => log.warn({ err: error }, 'could not mark sent mail as sent'));
    }, markSentEveryMs);
    markingTimer.unref();
    try {
      await Promise.all(Array.from({ length: concurrency }, sendInTurn));
      await claiming;
      // Stopped, or a claim failed: what was claimed but not tried goes back to the queue.
      await releaseClaims(db, queue.splice(0));
      await flushSent();
    } finally {
      clearInterval(renewal);
      clearInterval(markingTimer);
    }
    if (failure) throw failure.error;
    // The bodies just emptied are still in SQLite's log until a checkpoint writes over them; one that
    // another process kept from finishing (here or after an erasure) is tried again at each poll.
    if (handled > 0 || checkpointOwed(db)) await checkpointSoon();
    return handled;
  }

  // A checkpoint copies the whole log into the database file and syncs it: after every pass, a burst of
  // enquiries paid for one with each. At most one a second instead, so an emptied body stays in the log
  // for a second at most (within a poll when another process held the checkpoint off).
  let lastCheckpoint = 0;
  let checkpointTimer: NodeJS.Timeout | undefined;
  async function checkpoint() {
    clearTimeout(checkpointTimer);
    checkpointTimer = undefined;
    lastCheckpoint = Date.now();
    const owed = checkpointOwed(db);
    if (!(await forgetOverwrittenBytes(db)) && !owed) {
      log.warn('overwritten data stays in the database log until another process ends its transaction');
    }
  }
  async function checkpointSoon() {
    const wait = lastCheckpoint + checkpointEveryMs - Date.now();
    if (wait <= 0) return checkpoint();
    checkpointTimer ??= setTimeout(
      () => void checkpoint().catch((error) => log.error({ err: error }, 'checkpoint failed')),
      wait,
    );
  }

  const poller = createPoller(drainDue, { pollIntervalMs, log, what: 'outbox' });
  return {
    start: poller.start,
    kick: poller.kick,
    runOnce: poller.runOnce,
    async stop() {
      await poller.stop();
      // The checkpoint a stop would otherwise leave waiting: nothing emptied stays in the log.
      if (checkpointTimer) await checkpoint();
    },
  };
}

const checkpointEveryMs = 1000;

/** Tries before a message that keeps failing is given up (about 4 hours in all, retryDelayMs). */
export const defaultMaxAttempts = 10;

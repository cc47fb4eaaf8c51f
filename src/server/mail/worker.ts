import type { Logger } from 'pino';
import { createPoller } from '#server/jobs/poller.ts';
import { checkpointOwed, type Db, forgetOverwrittenBytes } from '../db/database.ts';
import { scrubText } from '../logging/redaction.ts';
import type { Clock } from '../time/clock.ts';
import { withPublicOrigin } from './layout.ts';
import type { MailMessage } from './message.ts';
import { claimDueMessages, markFailedAttempt, markSent, type OutboxRow, renewLeases } from './outbox.ts';
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
  batchSize?: number;
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
    batchSize = 10,
    baseDelayMs = 30_000,
    maxDelayMs = 6 * 60 * 60_000,
    maxAttempts = 10,
  } = options;

  async function deliver(row: OutboxRow) {
    const messageId = `<outbox-${row.id}-${Date.parse(row.createdAt)}@${messageIdDomain}>`;
    try {
      await transport.send({
        messageId,
        message: await prepare(withPublicOrigin(row.message, publicOrigin)),
      });
      await markSent(db, row.id, now());
      log.info({ outboxId: row.id, kind: row.kind, attempt: row.attempts }, 'mail sent');
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
    }
  }

  async function drainDue() {
    let handled = 0;
    const held = new Set<number>();
    // A send may take up to a minute (SMTP and Zoom timeouts), far longer than one lease.
    const renewal = setInterval(() => {
      renewLeases(db, [...held], leaseMs, now()).catch((error) =>
        log.warn({ err: error }, 'could not renew outbox leases'),
      );
    }, leaseMs / 3);
    renewal.unref();
    try {
      for (;;) {
        const batch = await claimDueMessages(db, batchSize, leaseMs, now());
        for (const row of batch) held.add(row.id);
        for (const row of batch) {
          await deliver(row);
          held.delete(row.id);
        }
        handled += batch.length;
        if (batch.length < batchSize || poller.stopped) break;
      }
    } finally {
      clearInterval(renewal);
    }
    // The bodies just emptied are still in SQLite's log until a checkpoint writes over them; one that
    // another process kept from finishing (here or after an erasure) is tried again at each poll.
    const owed = checkpointOwed(db);
    if ((handled > 0 || owed) && !(await forgetOverwrittenBytes(db)) && !owed) {
      log.warn('overwritten data stays in the database log until another process ends its transaction');
    }
    return handled;
  }

  const poller = createPoller(drainDue, { pollIntervalMs, log, what: 'outbox' });
  return poller;
}

import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import { isPostgres } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { renderEmailHtml } from './email-html.ts';
import { withPublicOrigin } from './layout.ts';
import type { MailMessage } from './message.ts';

export interface OutboxRow {
  id: number;
  kind: string;
  message: MailMessage;
  attempts: number;
  createdAt: string;
}

const lineBreak = /[\r\n]/;

/**
 * Draws a message's `body` as its HTML part, as it is sent. The outbox keeps the body (the words and the
 * firm as they were when it was queued), a fifth of the HTML's size: a retry draws the same HTML again.
 * The site's address (`origin`) goes where the layout leaves its token, drawn into the firm's kept layout;
 * an HTML part queued already drawn (a newsletter, or a message an earlier version queued) has it put in.
 */
export async function composeMail(draft: MailMessage, origin: string): Promise<MailMessage> {
  const { body, ...rest } = draft;
  return body ? { ...rest, html: await renderEmailHtml(body, origin) } : withPublicOrigin(rest, origin);
}

/** An email to queue, and the kind the outbox and the timeline know it by. */
export interface QueuedMail {
  kind: string;
  message: MailMessage;
}

/**
 * Queues emails, in the order given, in one statement. Pass the transaction that writes the record they
 * are about, so the two are stored together or not at all; the worker sends them after the commit.
 */
export async function enqueueMails(db: Kysely<Database>, mails: QueuedMail[], now: Date) {
  if (mails.length === 0) return;
  for (const { message } of mails) {
    for (const [name, value] of [
      ['to', message.to],
      ['subject', message.subject],
      ...Object.entries(message.headers ?? {}),
    ]) {
      // Nodemailer encodes headers safely, but an address or subject with a line break is a bug upstream.
      if (lineBreak.test(`${name}${value}`)) throw new Error(`Mail header ${name} contains a line break`);
    }
  }
  const at = now.toISOString();
  await db
    .insertInto('outbox_messages')
    .values(
      mails.map(({ kind, message }) => ({
        kind,
        recipient: message.to,
        subject: message.subject,
        reply_to: message.replyTo ?? null,
        message: JSON.stringify(message),
        status: 'pending' as const,
        next_attempt_at: at,
        created_at: at,
      })),
    )
    .execute();
}

/** Queues one email (enqueueMails). */
export async function enqueueMail(db: Kysely<Database>, kind: string, message: MailMessage, now: Date) {
  await enqueueMails(db, [{ kind, message }], now);
}

/** The kind of the messages a newsletter campaign queues, one per subscriber. */
export const newsletterKind = 'newsletter';

/**
 * Leases up to `limit` due messages to this worker. The lease is taken in one UPDATE whose WHERE clause
 * is re-checked under the row lock, and PostgreSQL skips rows another instance holds, so each message
 * is claimed by one worker only. A lease that runs out (a crashed worker) makes the message due again.
 * Every other kind due is claimed before any newsletter, so a password link or a booking confirmation
 * queued behind a campaign of thousands goes out with the next claim.
 */
export async function claimDueMessages(db: Kysely<Database>, limit: number, leaseMs: number, now: Date) {
  const at = now.toISOString();
  const leaseEnd = new Date(now.getTime() + leaseMs).toISOString();
  const unleased = (eb: ExpressionBuilder<Database, 'outbox_messages'>) =>
    eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', at)]);
  let due = db
    .selectFrom('outbox_messages')
    .select('id')
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', at)
    .where(unleased)
    // A newsletter's thousands of messages never hold up a confirmation or a booking queued after them.
    // The order of the index outbox_messages_claim_order (migration 032), word for word, so that a claim
    // reads the rows it takes instead of sorting the whole queue.
    .orderBy(sql`case when kind = ${sql.lit(newsletterKind)} then 1 else 0 end`)
    .orderBy('id')
    .limit(limit);
  if (isPostgres(db)) due = due.forUpdate().skipLocked();
  // Materialised, so the due rows are chosen once: as a subquery, PostgreSQL may run it again for each
  // row it updates, and each run would skip the rows this statement just locked and take more.
  let claim = db
    .with(
      (cte) => cte('due').materialized(),
      () => due,
    )
    .updateTable('outbox_messages')
    .set((eb) => ({ locked_until: leaseEnd, attempts: eb('attempts', '+', 1) }))
    .where('id', 'in', (eb) => eb.selectFrom('due').select('id'));
  // PostgreSQL checks each row again under its lock. SQLite runs the whole statement as its one writer, so
  // nothing can change in between; there the rows are found by their ids alone, not by scanning the queue.
  if (isPostgres(db)) {
    claim = claim.where('status', '=', 'pending').where(unleased);
  }
  const rows = await claim.returning(['id', 'kind', 'message', 'attempts', 'created_at']).execute();
  const rank = (row: OutboxRow) => (row.kind === newsletterKind ? 1 : 0);
  return rows
    .map(
      (r): OutboxRow => ({
        id: r.id,
        kind: r.kind,
        message: JSON.parse(r.message) as MailMessage,
        attempts: r.attempts,
        createdAt: r.created_at,
      }),
    )
    .sort((a, b) => rank(a) - rank(b) || a.id - b.id);
}

/**
 * Hands messages this worker claimed but has not tried back to the queue, due at once for any worker, as
 * if never claimed (the claim counted a try): a worker stopping does not make them wait out a lease. A
 * message whose try count moved on was claimed again by another worker after this one's lease ran out,
 * and stays theirs.
 */
export async function releaseClaims(db: Kysely<Database>, rows: Pick<OutboxRow, 'id' | 'attempts'>[]) {
  if (rows.length === 0) return;
  await db
    .updateTable('outbox_messages')
    .set((eb) => ({ locked_until: null, attempts: eb('attempts', '-', 1) }))
    .where('status', '=', 'pending')
    .where((eb) =>
      eb.or(rows.map((row) => eb.and([eb('id', '=', row.id), eb('attempts', '=', row.attempts)]))),
    )
    .execute();
}

/**
 * Extends this worker's lease on messages it still holds, so a lease can be short: while the worker lives
 * it keeps its messages, and when it dies (SIGKILL, power cut) they are due again within one lease.
 */
export async function renewLeases(db: Kysely<Database>, ids: number[], leaseMs: number, now: Date) {
  for (const group of inGroupsOf20(ids)) {
    await db
      .updateTable('outbox_messages')
      .set({ locked_until: new Date(now.getTime() + leaseMs).toISOString() })
      .where('id', 'in', group)
      .where('status', '=', 'pending')
      .execute();
  }
}

/**
 * Ids in lists of exactly 20, the last filled up with repeats of its first: a list of any length then
 * makes the same statement, so SQLite's cache of prepared statements keeps one, not one per length.
 */
function inGroupsOf20(ids: number[]): number[][] {
  const groups: number[][] = [];
  for (let i = 0; i < ids.length; i += 20) {
    const group = ids.slice(i, i + 20);
    groups.push([...group, ...Array<number>(20 - group.length).fill(group[0] as number)]);
  }
  return groups;
}

/** What a sent or given-up message keeps of its body: nothing. Its envelope stays in its own columns. */
export const emptiedBody = '';

/**
 * Marks messages sent and empties their bodies: the links in them (set a password, cancel a call, confirm
 * or unsubscribe) now live only in the recipients' mailboxes. Recipient, subject, kind, status and times
 * stay for the lead's timeline. One UPDATE for many, since SQLite has one writer at a time.
 */
export async function markSent(db: Kysely<Database>, ids: number[], now: Date) {
  for (const group of inGroupsOf20(ids)) {
    await db
      .updateTable('outbox_messages')
      .set({
        status: 'sent',
        sent_at: now.toISOString(),
        locked_until: null,
        last_error: null,
        message: emptiedBody,
      })
      .where('id', 'in', group)
      .execute();
  }
}

/**
 * Records a failed try: due again after `retryAt`, or failed for good when `retryAt` is null. A message
 * that failed for good is never sent, so its body (and the links in it) is emptied as a sent one's is;
 * the person asks again (a new reset link, signing up again) and the lead is in the back office.
 */
export async function markFailedAttempt(
  db: Kysely<Database>,
  id: number,
  error: string,
  retryAt: Date | null,
  now: Date,
) {
  await db
    .updateTable('outbox_messages')
    .set({
      status: retryAt ? 'pending' : 'failed',
      next_attempt_at: (retryAt ?? now).toISOString(),
      locked_until: null,
      last_error: error.slice(0, 2000),
      ...(retryAt === null && { message: emptiedBody }),
    })
    .where('id', '=', id)
    .execute();
}

export async function countByStatus(db: Kysely<Database>) {
  const rows = await db
    .selectFrom('outbox_messages')
    .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy('status')
    .execute();
  const counts = { pending: 0, sent: 0, failed: 0 };
  for (const row of rows) counts[row.status] = Number(row.count);
  return counts;
}

/**
 * Deletes what is left of messages sent, or given up, before `before` (an ISO time): their recipient,
 * subject and times, which a lead's timeline shows until then. Answers how many went.
 */
export async function deleteFinishedBefore(db: Kysely<Database>, before: string): Promise<number> {
  const result = await db
    .deleteFrom('outbox_messages')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'sent'), eb('sent_at', '<', before)]),
        // A message given up for good was last due when it failed.
        eb.and([eb('status', '=', 'failed'), eb('next_attempt_at', '<', before)]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

import { createHmac } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import { enqueueMails, type QueuedMail } from './outbox.ts';

// The public forms email whatever address is typed into them: an acknowledgement of an enquiry or a
// quote request, a booking's confirmation, a sign-up's confirmation. Per-network limits do not stop
// someone with many networks from flooding a stranger's inbox, so each address may be sent only so many
// of these a day, counted in the database so that every instance shares the count. Past the cap the
// enquiry, booking or sign-up is kept and the staff are told as usual; only the visitor's email is left
// out, and the visitor's answer is the same, so the cap tells no one whether an address was used.

type Db = Kysely<Database>;

export interface RecipientCap {
  /**
   * Counts one more email to `email` today and answers whether it may go. Call it inside the transaction
   * that queues the email: the count is one upsert, which PostgreSQL applies one transaction at a time
   * for an address (SQLite runs one write transaction at a time), so racing posts cannot pass the cap,
   * and a transaction rolled back takes its count with it.
   */
  allows(trx: Db, email: string, at: Date): Promise<boolean>;
}

const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** Gmail ignores dots in the part before the @, and googlemail.com is the same mailbox. */
const dotlessDomains = new Set(['gmail.com', 'googlemail.com']);

/**
 * The inbox an address delivers to, as far as the address shows it: letter case aside, most providers
 * (Gmail, Outlook, iCloud, Fastmail, Proton) deliver `name+anything@` to `name@`, and Gmail ignores dots,
 * so `v.i.c.t.i.m+1@gmail.com` counts as `victim@gmail.com`. A provider that does neither loses nothing
 * but a little of its share when two of its people differ only so.
 */
export function inboxOf(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  const domain = address.slice(at + 1);
  const local = address.slice(0, at).split('+')[0] ?? '';
  if (dotlessDomains.has(domain)) return `${local.replaceAll('.', '')}@gmail.com`;
  return `${local}@${domain}`;
}

/**
 * The cap of `perDay` emails to one inbox (inboxOf) each UTC day. The inbox is kept as an HMAC under a
 * key derived from the app's secret, as a booking's network address is.
 */
export function recipientCap(secret: string, perDay: number): RecipientCap {
  const key = createHmac('sha256', secret).update('recipient-mail-count').digest();
  const hash = (email: string) => createHmac('sha256', key).update(inboxOf(email)).digest('hex');
  return {
    async allows(trx, email, at) {
      const row = await trx
        .insertInto('recipient_mail_counts')
        .values({ recipient_hash: hash(email), day: utcDay(at), sent: 1 })
        .onConflict((conflict) =>
          conflict
            .columns(['recipient_hash', 'day'])
            .doUpdateSet({ sent: sql<number>`recipient_mail_counts.sent + 1` }),
        )
        .returning('sent')
        .executeTakeFirstOrThrow();
      return Number(row.sent) <= perDay;
    },
  };
}

/**
 * Queues a visitor's email unless its address has had its day's share, and the other emails of the same
 * form (the staff's notice) either way, queued `before` or `after` it, all in one statement; answers
 * whether the visitor's was queued. (No email is drawn while the visitor waits, so a capped one answers as
 * fast as one queued.)
 */
export async function enqueueWithinCap(
  trx: Db,
  cap: RecipientCap,
  visitor: QueuedMail,
  at: Date,
  { before = [], after = [] }: { before?: QueuedMail[]; after?: QueuedMail[] } = {},
): Promise<boolean> {
  const allowed = await cap.allows(trx, visitor.message.to, at);
  await enqueueMails(trx, [...before, ...(allowed ? [visitor] : []), ...after], at);
  return allowed;
}

/** Deletes the counts of days before `now`'s (UTC): they no longer limit anything. Answers how many. */
export async function forgetPastRecipientCounts(db: Db, now: Date): Promise<number> {
  const result = await db
    .deleteFrom('recipient_mail_counts')
    .where('day', '<', utcDay(now))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

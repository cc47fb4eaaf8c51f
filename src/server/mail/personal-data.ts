import type { Kysely } from 'kysely';
import { holdsAddress, mayMentionAddress, mentionsAddress } from '../db/address-matching.ts';
import type { Database } from '../db/schema.ts';

/**
 * The outbox messages about an address: sent to it, staff notices about it (their replies go to it), and
 * any message still waiting to be sent whose body names it. A sent message keeps no body (outbox.ts).
 */
async function emailsAbout(db: Kysely<Database>, address: string) {
  const rows = await db
    .selectFrom('outbox_messages')
    .select([
      'id',
      'kind',
      'recipient',
      'reply_to',
      'subject',
      'message',
      'status',
      'attempts',
      'last_error',
      'created_at',
      'sent_at',
    ])
    .where((eb) =>
      eb.or([
        holdsAddress(address, 'recipient'),
        holdsAddress(address, 'reply_to'),
        mayMentionAddress(address, 'message'),
      ]),
    )
    .orderBy('id')
    .execute();
  return rows.filter(
    (row) =>
      row.recipient.toLowerCase() === address ||
      row.reply_to?.toLowerCase() === address ||
      mentionsAddress(row.message, address),
  );
}

/** The emails to or about an address, for a subject access request: what is still stored of them. */
export async function exportEmails(db: Kysely<Database>, address: string) {
  return (await emailsAbout(db, address)).map(({ id: _, reply_to, message, last_error, ...row }) => ({
    ...row,
    replyTo: reply_to,
    // Why a try failed, as the mail server said it: it may quote the address.
    lastError: last_error,
    // The body only while the message waits to be sent.
    text: message ? ((JSON.parse(message) as { text?: string }).text ?? null) : null,
  }));
}

/** Deletes the emails to or about an address (staff notices included); answers how many. */
export async function eraseEmails(trx: Kysely<Database>, address: string): Promise<number> {
  const ids = (await emailsAbout(trx, address)).map((row) => row.id);
  if (ids.length > 0) await trx.deleteFrom('outbox_messages').where('id', 'in', ids).execute();
  return ids.length;
}

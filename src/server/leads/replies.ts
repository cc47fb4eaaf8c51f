import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import { emailFirm } from '#server/mail/layout.ts';
import type { MailMessage } from '#server/mail/message.ts';
import { enqueueMail } from '#server/mail/outbox.ts';
import type { SavedReply } from '#shared/api/back-office-replies.ts';
import type { SiteFirm } from '#shared/site-firm.ts';

// Replies from inside (decision 028): an email to a person written on their page, queued from the firm's
// address with Reply-To the member of staff who wrote it, and kept whole for the person's timeline.

type Db = Kysely<Database>;

/** The email as the person receives it: what the member wrote, signed with their name and the firm's. */
export function replyEmail(
  firm: SiteFirm,
  to: string,
  staff: { email: string; name: string | null },
  reply: { subject: string; body: string },
): MailMessage {
  const signature = [staff.name ?? '', firm.name].filter(Boolean);
  return {
    to,
    subject: reply.subject,
    replyTo: staff.email,
    text: [reply.body, '', ...signature].join('\n'),
    body: {
      firm: emailFirm(firm),
      preview: reply.body.slice(0, 120),
      heading: reply.subject,
      blocks: [
        ...reply.body.split(/\n{2,}/).map((text) => ({ kind: 'paragraph' as const, text })),
        { kind: 'paragraph', text: signature.join('\n') },
      ],
    },
  };
}

/**
 * Queues the reply and keeps it on the person's timeline, in one transaction; the first reply to a person
 * stops their "unanswered" clock. False when there is no such person.
 */
export async function sendReply(
  db: Db,
  personId: number,
  reply: { subject: string; body: string },
  staff: { id: number; email: string; name: string | null },
  firm: SiteFirm,
  at: Date,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const person = await trx
      .selectFrom('people')
      .select(['email', 'created_at'])
      .where('id', '=', personId)
      .executeTakeFirst();
    if (!person) return false;
    await enqueueMail(trx, 'staff-reply', replyEmail(firm, person.email, staff, reply), at);
    await trx
      .insertInto('replies')
      .values({ person_id: personId, ...reply, sent_by: staff.id, created_at: at.toISOString() })
      .execute();
    await trx
      .updateTable('people')
      // The wait as a number too, which the time-to-first-reply report reads without parsing two times a row.
      .set({
        first_reply_at: at.toISOString(),
        first_reply_seconds: Math.round((at.getTime() - new Date(person.created_at).getTime()) / 1000),
      })
      .where('id', '=', personId)
      .where('first_reply_at', 'is', null)
      .execute();
    return true;
  });
}

export const savedReplies = (db: Db): Promise<SavedReply[]> =>
  db.selectFrom('saved_replies').select(['id', 'title', 'subject', 'body']).orderBy('title').execute();

/** Adds a saved reply, or changes the one with `id`; false when there is no such one. */
export async function saveSavedReply(
  db: Db,
  reply: { id?: number; title: string; subject: string; body: string },
  by: number,
  at: Date,
): Promise<boolean> {
  const { id, ...words } = reply;
  const values = { ...words, updated_by: by, updated_at: at.toISOString() };
  if (id === undefined) {
    await db.insertInto('saved_replies').values(values).execute();
    return true;
  }
  const result = await db.updateTable('saved_replies').set(values).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteSavedReply(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('saved_replies').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

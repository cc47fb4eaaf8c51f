import type { Db } from '#server/db/database.ts';
import { hashToken } from '#server/tokens.ts';

export type SubscriberState = 'confirmed' | 'pending' | 'unsubscribed' | 'bouncing';

/**
 * Puts subscribers straight into the database, as sign-ups and confirmations over months would have
 * left them: `confirmed` ones are on the list; `bouncing` ones are confirmed but refused three times.
 */
export async function seedSubscribers(db: Db, state: SubscriberState, emails: string[], at = new Date()) {
  const when = at.toISOString();
  for (let i = 0; i < emails.length; i += 500) {
    await db
      .insertInto('subscribers')
      .values(
        emails.slice(i, i + 500).map((email) => ({
          email,
          status: state === 'bouncing' ? ('confirmed' as const) : state,
          confirm_token_hash: null,
          confirmation_sent_at: null,
          // A random token's hash, as older sign-ups have: sending brings it up to date.
          unsubscribe_token_hash: hashToken(`old-${email}`),
          confirmed_at: state === 'pending' ? null : when,
          unsubscribed_at: state === 'unsubscribed' ? when : null,
          created_at: when,
          refusals: state === 'bouncing' ? 3 : 0,
        })),
      )
      .execute();
  }
}

/** `count` addresses like `prefix-0001@example.com`. */
export const addresses = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => `${prefix}-${String(i + 1).padStart(4, '0')}@example.com`);

/** A campaign row in the state a member of staff's "Send now" leaves it. */
export async function startedCampaign(db: Db, subject: string, at = new Date()) {
  const when = at.toISOString();
  const row = await db
    .insertInto('campaigns')
    .values({
      slug: `${subject.toLowerCase().replace(/\W+/g, '-')}-${Date.now()}-${Math.random()}`,
      subject,
      body_markdown: `# ${subject}\n\nThe **news** this month.`,
      article_id: null,
      status: 'sending',
      created_by: null,
      started_at: when,
      created_at: when,
      updated_at: when,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

import type { Db } from '#server/db/database.ts';
import {
  bouncingAfterRefusals,
  type MailingListMailSettings,
  unsubscribeHeaders,
  unsubscribeUrl,
} from '#server/features/mailing-list/index.ts';
import type { MailMessage } from '#server/mail/message.ts';
import type { OutboxRow } from '#server/mail/outbox.ts';
import { MessageWithdrawn } from '#server/mail/refusals.ts';
import { derivedToken } from '#server/tokens.ts';
import { completeFor, dayInWords, type RenderedCampaign, renderCampaign } from './campaign-email.ts';
import { type ArticleSource, campaignContent, loadCampaign } from './content.ts';

/**
 * `List-Id` (RFC 2919): the one list, under the site's host name, so mail programs can file and filter
 * it. Without a display name: a name with punctuation (the firm's "&") would be sent encoded, which
 * filters do not read.
 */
export const listId = (host: string) => `<newsletter.${host}>`;

/** How many campaigns' drawn emails one process keeps: a campaign is sent once, so a few suffice. */
const cachedCampaigns = 8;

export interface NewsletterMailOptions {
  db: Db;
  mail: MailingListMailSettings;
  secret: string;
  articleSource?: ArticleSource;
  now: () => Date;
}

/**
 * The outbox worker's last step for a newsletter message: checks the subscriber is still on the list
 * (an unsubscribe takes effect at once, even for a campaign being sent), then fills in the campaign's
 * email, drawn once per campaign and kept in memory, with this subscriber's unsubscribe link and headers.
 */
export function newsletterMailPreparer(options: NewsletterMailOptions) {
  const { db, mail, secret } = options;
  const drawn = new Map<number, Promise<RenderedCampaign>>();

  function rendered(campaignId: number) {
    let entry = drawn.get(campaignId);
    if (!entry) {
      entry = (async () => {
        const campaign = await loadCampaign(db, campaignId);
        if (!campaign) throw new MessageWithdrawn('The campaign no longer exists');
        return renderCampaign(
          mail.firm(),
          await campaignContent(campaign, options.articleSource),
          mail.publicUrl.origin,
        );
      })();
      entry.catch(() => drawn.delete(campaignId));
      drawn.set(campaignId, entry);
      if (drawn.size > cachedCampaigns) drawn.delete(drawn.keys().next().value as number);
    }
    return entry;
  }

  return async function prepare(message: MailMessage): Promise<MailMessage> {
    if (!message.newsletter) return message;
    const { campaignId, subscriberId } = message.newsletter;
    const subscriber = await db
      .selectFrom('subscribers')
      .select(['email', 'status', 'refusals', 'confirmed_at', 'created_at'])
      .where('id', '=', subscriberId)
      .executeTakeFirst();
    if (subscriber?.status !== 'confirmed' || subscriber.refusals >= bouncingAfterRefusals) {
      await db
        .updateTable('campaign_recipients')
        .set({ status: 'skipped' })
        .where('campaign_id', '=', campaignId)
        .where('subscriber_id', '=', subscriberId)
        .where('status', '=', 'queued')
        .execute();
      throw new MessageWithdrawn('The subscriber left the list, or their address refuses mail');
    }
    const token = derivedToken(secret, 'unsubscribe-link', subscriber.email);
    const parts = completeFor(await rendered(campaignId), {
      unsubscribeUrl: unsubscribeUrl(token, mail),
      signedUpOn: dayInWords(subscriber.confirmed_at ?? subscriber.created_at),
    });
    return {
      ...message,
      ...parts,
      headers: {
        ...unsubscribeHeaders(token, mail),
        'List-ID': listId(mail.publicUrl.hostname),
        Precedence: 'bulk',
      },
    };
  };
}

/**
 * A mail server's permanent refusal of a newsletter counts against the subscriber: after three, no more
 * campaigns go to the address, and the back office shows it as bouncing.
 */
export function newsletterRefusals(db: Db, now: () => Date) {
  return async function onRefused(row: OutboxRow) {
    const newsletter = row.message.newsletter;
    if (row.kind !== 'newsletter' || !newsletter) return;
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('campaign_recipients')
        .set({ status: 'failed' })
        .where('campaign_id', '=', newsletter.campaignId)
        .where('subscriber_id', '=', newsletter.subscriberId)
        .execute();
      await trx
        .updateTable('subscribers')
        .set((eb) => ({ refusals: eb('refusals', '+', 1), last_refused_at: now().toISOString() }))
        .where('id', '=', newsletter.subscriberId)
        .execute();
    });
  };
}

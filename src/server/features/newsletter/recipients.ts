import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import type { SubscriberHistory } from '#server/features/mailing-list/index.ts';

// A subscriber's history of campaigns: which were sent to them and when. It is theirs, so it is shown on
// their detail screen, included in their data-protection export, and goes when they do: the mailing list
// reaches it through `campaignHistory`, given to it at wiring time (src/server/lead-registry.ts).

async function campaignsSentTo(db: Kysely<Database>, subscriberId: number) {
  const rows = await db
    .selectFrom('campaign_recipients')
    .innerJoin('campaigns', 'campaigns.id', 'campaign_recipients.campaign_id')
    .select([
      'campaigns.subject',
      'campaign_recipients.status',
      'campaign_recipients.sent_at',
      'campaign_recipients.created_at',
    ])
    .where('campaign_recipients.subscriber_id', '=', subscriberId)
    .orderBy('campaign_recipients.id')
    .execute();
  return rows.map((row) => ({
    subject: row.subject,
    status: row.status,
    queuedAt: row.created_at,
    sentAt: row.sent_at,
  }));
}

/** Deletes the subscribers' recipient rows: before the subscribers themselves go (erasure, retention). */
async function eraseCampaignsSentTo(trx: Kysely<Database>, subscriberIds: number[]) {
  if (subscriberIds.length === 0) return;
  await trx.deleteFrom('campaign_recipients').where('subscriber_id', 'in', subscriberIds).execute();
}

export const campaignHistory: SubscriberHistory = { read: campaignsSentTo, erase: eraseCampaignsSentTo };

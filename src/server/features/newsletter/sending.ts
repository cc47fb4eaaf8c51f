import type { Logger } from 'pino';
import type { Db } from '#server/db/database.ts';
import { writeTransaction } from '#server/db/write-transaction.ts';
import { bouncingAfterRefusals } from '#server/features/mailing-list/index.ts';
import { createPoller, type Poller } from '#server/jobs/poller.ts';
import type { MailMessage } from '#server/mail/message.ts';
import type { Clock } from '#server/time/clock.ts';
import { derivedToken, hashToken } from '#server/tokens.ts';

// Sending a campaign: when it starts (at once, or at its scheduled time), its recipients are added in
// batches, each batch one transaction that writes a row per (campaign, subscriber), unique, together with
// that subscriber's outbox message. A batch inserts with ON CONFLICT DO NOTHING and queues mail only for the
// rows it really inserted, so a crash between batches, a restart or a second instance never queues a
// subscriber twice; and the campaign remembers the last subscriber id added, so the work resumes where it
// stopped. A lease on the campaign row keeps the adding to one instance at a time.
// The rate is kept by the messages' own due times, spaced 60/rate seconds apart, so it holds however many
// instances send and across restarts.

export interface CampaignSenderOptions {
  db: Db;
  log: Logger;
  /** Messages a minute across all instances; 0 for no limit. */
  ratePerMinute: number;
  /** The key unsubscribe tokens are derived under (SESSION_SECRET). */
  secret: string;
  now: Clock;
  /** Told when a batch of messages was queued. */
  mailQueued?: () => void;
  batchSize?: number;
  leaseMs?: number;
  pollIntervalMs?: number;
}

/** Campaigns scheduled for now or earlier start sending; answers how many did. */
export async function startDueCampaigns(db: Db, now: Date) {
  const at = now.toISOString();
  const result = await db
    .updateTable('campaigns')
    .set({ status: 'sending', started_at: at, updated_at: at })
    .where('status', '=', 'scheduled')
    .where('scheduled_for', '<=', at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Adds the next batch of a sending campaign's recipients with their messages. Answers 'more' while
 * subscribers are left, 'done' when all were added (or the campaign is not being sent).
 */
export async function expandNextBatch(
  options: Pick<CampaignSenderOptions, 'db' | 'ratePerMinute' | 'secret' | 'batchSize' | 'leaseMs'>,
  campaignId: number,
  now: Date,
): Promise<'more' | 'done'> {
  const { db, ratePerMinute, secret, batchSize = 500, leaseMs = 15_000 } = options;
  const at = now.toISOString();
  return writeTransaction(db, async (trx) => {
    const campaign = await trx
      .selectFrom('campaigns')
      .select(['id', 'subject', 'status', 'expanded_through', 'expanded_at', 'next_send_at'])
      .where('id', '=', campaignId)
      .executeTakeFirst();
    if (campaign?.status !== 'sending' || campaign.expanded_at) return 'done';
    const subscribers = await trx
      .selectFrom('subscribers')
      .select(['id', 'email', 'unsubscribe_token_hash'])
      .where('status', '=', 'confirmed')
      .where('refusals', '<', bouncingAfterRefusals)
      .where('id', '>', campaign.expanded_through)
      .orderBy('id')
      .limit(batchSize)
      .execute();
    const last = subscribers.at(-1);
    if (!last) {
      await trx
        .updateTable('campaigns')
        .set({ expanded_at: at, locked_until: null, updated_at: at })
        .where('id', '=', campaignId)
        .execute();
      return 'done';
    }
    const added = await trx
      .insertInto('campaign_recipients')
      .values(
        subscribers.map((s) => ({
          campaign_id: campaignId,
          subscriber_id: s.id,
          email: s.email,
          status: 'queued' as const,
          created_at: at,
        })),
      )
      .onConflict((oc) => oc.columns(['campaign_id', 'subscriber_id']).doNothing())
      .returning(['id', 'subscriber_id', 'email'])
      .execute();
    const spacingMs = ratePerMinute > 0 ? 60_000 / ratePerMinute : 0;
    const firstSlot = Math.max(now.getTime(), campaign.next_send_at ? Date.parse(campaign.next_send_at) : 0);
    if (added.length > 0) {
      const queued = await trx
        .insertInto('outbox_messages')
        .values(
          added.map((recipient, index) => {
            const message: MailMessage = {
              to: recipient.email,
              subject: campaign.subject,
              text: '',
              newsletter: { campaignId, subscriberId: recipient.subscriber_id },
            };
            return {
              kind: 'newsletter',
              recipient: recipient.email,
              subject: campaign.subject,
              reply_to: null,
              message: JSON.stringify(message),
              status: 'pending' as const,
              next_attempt_at: new Date(firstSlot + index * spacingMs).toISOString(),
              created_at: at,
            };
          }),
        )
        .returning(['id', 'recipient'])
        .execute();
      const outboxIdOf = new Map(queued.map((row) => [row.recipient, row.id]));
      for (const recipient of added) {
        await trx
          .updateTable('campaign_recipients')
          .set({ outbox_id: outboxIdOf.get(recipient.email) ?? null })
          .where('id', '=', recipient.id)
          .execute();
      }
    }
    // Each email's unsubscribe link carries the token derived from the address; an address whose stored
    // hash is of an older, random token is brought up to date here, so the link works.
    for (const subscriber of subscribers) {
      const hash = hashToken(derivedToken(secret, 'unsubscribe-link', subscriber.email));
      if (subscriber.unsubscribe_token_hash === hash) continue;
      await trx
        .updateTable('subscribers')
        .set({ unsubscribe_token_hash: hash })
        .where('id', '=', subscriber.id)
        .execute();
    }
    await trx
      .updateTable('campaigns')
      .set({
        expanded_through: last.id,
        next_send_at: new Date(firstSlot + added.length * spacingMs).toISOString(),
        locked_until: new Date(now.getTime() + leaseMs).toISOString(),
        updated_at: at,
      })
      .where('id', '=', campaignId)
      .execute();
    return 'more';
  });
}

/** Takes the lease on adding a campaign's recipients, unless another instance holds it. */
async function takeLease(db: Db, campaignId: number, leaseMs: number, now: Date) {
  const at = now.toISOString();
  const taken = await db
    .updateTable('campaigns')
    .set({ locked_until: new Date(now.getTime() + leaseMs).toISOString() })
    .where('id', '=', campaignId)
    .where('status', '=', 'sending')
    .where('expanded_at', 'is', null)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', at)]))
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

/**
 * Copies what the outbox did with each queued recipient's message (sent, or given up) onto the
 * recipient, and marks a campaign sent once all its recipients were added and none is still queued.
 */
export async function recordProgress(db: Db, now: Date) {
  const sending = await db.selectFrom('campaigns').select('id').where('status', '=', 'sending').execute();
  if (sending.length === 0) return;
  const ids = sending.map((c) => c.id);
  await db
    .updateTable('campaign_recipients')
    .set((eb) => ({
      status: 'sent',
      sent_at: eb
        .selectFrom('outbox_messages')
        .select('outbox_messages.sent_at')
        .whereRef('outbox_messages.id', '=', 'campaign_recipients.outbox_id'),
    }))
    .where('campaign_id', 'in', ids)
    .where('status', '=', 'queued')
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('outbox_messages')
          .select('outbox_messages.id')
          .whereRef('outbox_messages.id', '=', 'campaign_recipients.outbox_id')
          .where('outbox_messages.status', '=', 'sent'),
      ),
    )
    .execute();
  await db
    .updateTable('campaign_recipients')
    .set({ status: 'failed' })
    .where('campaign_id', 'in', ids)
    .where('status', '=', 'queued')
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('outbox_messages')
          .select('outbox_messages.id')
          .whereRef('outbox_messages.id', '=', 'campaign_recipients.outbox_id')
          .where('outbox_messages.status', '=', 'failed'),
      ),
    )
    .execute();
  const at = now.toISOString();
  await db
    .updateTable('campaigns')
    .set({ status: 'sent', sent_at: at, updated_at: at })
    .where('id', 'in', ids)
    .where('expanded_at', 'is not', null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('campaign_recipients')
            .select('campaign_recipients.id')
            .whereRef('campaign_recipients.campaign_id', '=', 'campaigns.id')
            .where('campaign_recipients.status', '=', 'queued'),
        ),
      ),
    )
    .execute();
}

/** One pass: start what is due, add recipients to every sending campaign this instance can lease, record progress. */
export async function sendCampaigns(options: CampaignSenderOptions): Promise<number> {
  const { db, now, leaseMs = 15_000 } = options;
  await startDueCampaigns(db, now());
  const open = await db
    .selectFrom('campaigns')
    .select('id')
    .where('status', '=', 'sending')
    .where('expanded_at', 'is', null)
    .orderBy('id')
    .execute();
  let batches = 0;
  for (const { id } of open) {
    if (!(await takeLease(db, id, leaseMs, now()))) continue;
    while ((await expandNextBatch(options, id, now())) === 'more') {
      batches += 1;
      options.mailQueued?.();
    }
  }
  await recordProgress(db, now());
  return batches;
}

/** The campaign sender on a timer in each instance, started and stopped with the outbox worker. */
export function createCampaignSender(options: CampaignSenderOptions): Poller {
  return createPoller(() => sendCampaigns(options), {
    pollIntervalMs: options.pollIntervalMs ?? 2000,
    log: options.log,
    what: 'campaigns',
  });
}

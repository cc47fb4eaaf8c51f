import type { Kysely } from 'kysely';
import { isPostgres } from '#server/db/database.ts';
import type { Database } from '#server/db/schema.ts';
import { acceptedEvent } from '#shared/handover.ts';
import { clientWonOf } from './clients-won.ts';

// The queue of webhook deliveries (migration 047), leased like the mail outbox (mail/outbox.ts) and the
// calendar writes: each row is claimed by one worker at a time, a crashed worker's lease runs out, and a
// failed try is due again after a back-off. Why a queue of its own rather than the outbox: decision 031.

type Db = Kysely<Database>;

export interface WebhookDelivery {
  id: number;
  body: string;
  attempts: number;
}

/**
 * Queues the webhook's delivery of an accepted proposal, when the owner has set a webhook. Pass the
 * acceptance's transaction: the delivery is stored with the acceptance or not at all, and the sender
 * delivers it after the commit. The body is fixed now, as the client accepted it.
 */
export async function queueAcceptedWebhook(trx: Db, proposalId: number, now: Date) {
  const target = await trx
    .selectFrom('webhook_settings')
    .select('url')
    .where('id', '=', 1)
    .executeTakeFirst();
  if (!target?.url) return false;
  const client = await clientWonOf(trx, proposalId);
  if (!client) throw new Error(`proposal ${proposalId} is not accepted`);
  const at = now.toISOString();
  await trx
    .insertInto('webhook_deliveries')
    .values({
      proposal_id: proposalId,
      event: acceptedEvent,
      body: JSON.stringify({ event: acceptedEvent, ...client }),
      status: 'pending',
      next_attempt_at: at,
      created_at: at,
    })
    .execute();
  return true;
}

/** Leases up to `limit` due deliveries, oldest first. */
export async function claimDueDeliveries(db: Db, limit: number, leaseMs: number, now: Date) {
  const at = now.toISOString();
  const leaseEnd = new Date(now.getTime() + leaseMs).toISOString();
  let due = db
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', at)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', at)]))
    .orderBy('id')
    .limit(limit);
  if (isPostgres(db)) due = due.forUpdate().skipLocked();
  const rows = await db
    .updateTable('webhook_deliveries')
    .set((eb) => ({ locked_until: leaseEnd, attempts: eb('attempts', '+', 1) }))
    .where('id', 'in', due)
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', at)]))
    .returning(['id', 'body', 'attempts'])
    .execute();
  return rows.sort((a, b) => a.id - b.id) as WebhookDelivery[];
}

/** Extends this worker's lease on a delivery it is still making (a slow receiver). */
export async function renewDeliveryLease(db: Db, id: number, leaseMs: number, now: Date) {
  await db
    .updateTable('webhook_deliveries')
    .set({ locked_until: new Date(now.getTime() + leaseMs).toISOString() })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

/** Delivered: only its envelope is kept (the client's details were the receiver's to keep). */
export async function markDelivered(db: Db, id: number, now: Date) {
  await db
    .updateTable('webhook_deliveries')
    .set({
      status: 'delivered',
      delivered_at: now.toISOString(),
      locked_until: null,
      last_error: null,
      body: '',
    })
    .where('id', '=', id)
    .execute();
}

/** A failed try: due again after `retryAt`, or given up (its body emptied) when it is null. */
export async function markDeliveryFailed(
  db: Db,
  id: number,
  reason: string,
  retryAt: Date | null,
  now: Date,
) {
  await db
    .updateTable('webhook_deliveries')
    .set({
      status: retryAt ? 'pending' : 'failed',
      next_attempt_at: (retryAt ?? now).toISOString(),
      locked_until: null,
      last_error: reason.slice(0, 500),
      ...(retryAt === null && { body: '' }),
    })
    .where('id', '=', id)
    .execute();
}

import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import { anonymiseLeadSources } from '#server/leads/sources.ts';
import type { SubscriberHistory } from './subscriber-history.ts';

// What the retention job keeps of an address that unsubscribed: the consent trail that proves it had
// consent and honoured the unsubscribe (the address, and each sign-up, confirmation and unsubscription
// with when, where and the words shown), and nothing else. The internet addresses the trail's events came
// from were kept against abuse of the forms, not as proof, so they go; so do when the last confirmation
// link was sent and which newsletters went to the address. After `consentProofYears` the trail goes too,
// as the privacy notice says.

/** The unsubscribed subscribers that still hold more than the trail, by id. */
async function unsubscribedWithMore(db: Kysely<Database>) {
  const rows = await db
    .selectFrom('subscribers')
    .select('id')
    .where('status', '=', 'unsubscribed')
    .where((eb) =>
      eb.or([
        eb('confirm_token_hash', 'is not', null),
        eb('confirmation_sent_at', 'is not', null),
        eb.exists(
          eb
            .selectFrom('subscriber_consents')
            .select('subscriber_consents.id')
            .whereRef('subscriber_consents.subscriber_id', '=', 'subscribers.id')
            .where('subscriber_consents.ip_address', 'is not', null),
        ),
        eb.exists(
          eb
            .selectFrom('campaign_recipients')
            .select('campaign_recipients.id')
            .whereRef('campaign_recipients.subscriber_id', '=', 'subscribers.id'),
        ),
      ]),
    )
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Cuts each unsubscribed address down to its consent trail, and deletes the trails of those unsubscribed
 * before `trailsBefore` (an ISO time). Answers how many subscribers it cut down and how many it deleted,
 * and the addresses deleted.
 */
export async function keepOnlyUnsubscribeTrails(
  trx: Kysely<Database>,
  trailsBefore: string,
  history: SubscriberHistory,
) {
  const gone = await trx
    .selectFrom('subscribers')
    .select(['id', 'email'])
    .where('status', '=', 'unsubscribed')
    .where('unsubscribed_at', '<', trailsBefore)
    .execute();
  const goneIds = gone.map((row) => row.id);
  if (goneIds.length > 0) {
    // Which newsletters went to them is theirs too, and kept no longer than they are.
    await history.erase(trx, goneIds);
    await anonymiseLeadSources(trx, 'subscriber', goneIds);
    await trx.deleteFrom('subscriber_consents').where('subscriber_id', 'in', goneIds).execute();
    await trx.deleteFrom('subscribers').where('id', 'in', goneIds).execute();
  }
  const ids = await unsubscribedWithMore(trx);
  if (ids.length > 0) {
    await trx
      .updateTable('subscribers')
      .set({ confirm_token_hash: null, confirmation_sent_at: null })
      .where('id', 'in', ids)
      .execute();
    await trx
      .updateTable('subscriber_consents')
      .set({ ip_address: null })
      .where('subscriber_id', 'in', ids)
      .execute();
    // The newsletters sent are no proof of consent: the notice keeps only the consent record.
    await history.erase(trx, ids);
  }
  return {
    counts: { unsubscribedTrimmed: ids.length, unsubscribedTrailsDeleted: goneIds.length },
    deletedAddresses: gone.map((row) => row.email),
  };
}

/** The id and time of the last unsubscribe in each subscriber's trail, by subscriber. */
async function lastUnsubscribes(trx: Kysely<Database>, ids: number[]) {
  if (ids.length === 0) return new Map<number, { id: number; at: string }>();
  const rows = await trx
    .selectFrom('subscriber_consents')
    .select(['subscriber_id', 'id', 'created_at'])
    .where('subscriber_id', 'in', ids)
    .where('event', '=', 'unsubscribed')
    .orderBy('id')
    .execute();
  return new Map(rows.map((row) => [row.subscriber_id, { id: row.id, at: row.created_at }]));
}

/**
 * When each pending sign-up began: the first event of its trail since its last unsubscribe (its creation
 * if the trail is empty). A later post of the same address, or a confirmation email sent again, does not
 * move it: anyone may post an address, and no consent has come.
 */
async function pendingSince(trx: Kysely<Database>, rows: { id: number; created_at: string }[]) {
  const began = new Map(rows.map((row) => [row.id, undefined as string | undefined]));
  if (rows.length > 0) {
    const events = await trx
      .selectFrom('subscriber_consents')
      .select(['subscriber_id', 'event', 'created_at'])
      .where('subscriber_id', 'in', [...began.keys()])
      .orderBy('id')
      .execute();
    for (const event of events) {
      if (event.event === 'unsubscribed') began.set(event.subscriber_id, undefined);
      else if (began.get(event.subscriber_id) === undefined) began.set(event.subscriber_id, event.created_at);
    }
  }
  return new Map(rows.map((row) => [row.id, began.get(row.id) ?? row.created_at]));
}

/**
 * Ends the sign-ups never confirmed that began (pendingSince) before `before` (an ISO time). One that
 * never had consent goes with its trail. One that had consent, unsubscribed and then signed up again
 * goes back to being unsubscribed: the sign-ups after its last unsubscribe go (they gave no consent, and
 * hold the internet addresses they came from), and the rest is cut down to the consent trail by
 * keepOnlyUnsubscribeTrails, run after this. Answers how many went and how many went back, and the
 * addresses deleted.
 */
export async function deleteUnconfirmedSignUps(
  trx: Kysely<Database>,
  before: string,
  history: SubscriberHistory,
) {
  const pending = await trx
    .selectFrom('subscribers')
    .select(['id', 'email', 'created_at'])
    .where('status', '=', 'pending')
    .where('created_at', '<', before)
    .execute();
  const began = await pendingSince(trx, pending);
  const rows = pending.filter((row) => (began.get(row.id) ?? row.created_at) < before);
  const unsubscribes = await lastUnsubscribes(
    trx,
    rows.map((row) => row.id),
  );
  const gone = rows.filter((row) => !unsubscribes.has(row.id));
  const goneIds = gone.map((row) => row.id);
  if (goneIds.length > 0) {
    await history.erase(trx, goneIds);
    await anonymiseLeadSources(trx, 'subscriber', goneIds);
    await trx.deleteFrom('subscriber_consents').where('subscriber_id', 'in', goneIds).execute();
    await trx.deleteFrom('subscribers').where('id', 'in', goneIds).execute();
  }
  for (const [id, unsubscribe] of unsubscribes) {
    await trx
      .deleteFrom('subscriber_consents')
      .where('subscriber_id', '=', id)
      .where('id', '>', unsubscribe.id)
      .execute();
    await trx
      .updateTable('subscribers')
      .set({ status: 'unsubscribed', unsubscribed_at: unsubscribe.at, confirm_token_hash: null })
      .where('id', '=', id)
      .execute();
  }
  return {
    counts: { unconfirmedSignUpsDeleted: goneIds.length, unconfirmedSignUpsEnded: unsubscribes.size },
    deletedAddresses: gone.map((row) => row.email),
  };
}

import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import { eraseCampaignHistory } from '#server/features/newsletter/index.ts';

// What the retention job keeps of an address that unsubscribed: the consent trail that proves it had
// consent and honoured the unsubscribe (the address, and each sign-up, confirmation and unsubscription
// with when, where and the words shown), and nothing else. The internet addresses the trail's events came
// from were kept against abuse of the forms, not as proof, so they go; so does when the last confirmation
// link was sent. After `consentProofYears` the trail goes too, as the privacy notice says.

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
export async function keepOnlyUnsubscribeTrails(trx: Kysely<Database>, trailsBefore: string) {
  const gone = await trx
    .selectFrom('subscribers')
    .select(['id', 'email'])
    .where('status', '=', 'unsubscribed')
    .where('unsubscribed_at', '<', trailsBefore)
    .execute();
  const goneIds = gone.map((row) => row.id);
  if (goneIds.length > 0) {
    // Which newsletters went to them is theirs too, and kept no longer than they are.
    await eraseCampaignHistory(trx, goneIds);
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
  }
  return {
    counts: { unsubscribedTrimmed: ids.length, unsubscribedTrailsDeleted: goneIds.length },
    deletedAddresses: gone.map((row) => row.email),
  };
}

/**
 * Deletes the sign-ups never confirmed (so never sent a newsletter) whose last confirmation email (or the sign-up itself, if none was
 * sent) is older than `before` (an ISO time), with their consent trail. Answers how many went, and
 * their addresses.
 */
export async function deleteUnconfirmedSignUps(trx: Kysely<Database>, before: string) {
  const rows = await trx
    .selectFrom('subscribers')
    .select(['id', 'email'])
    .where('status', '=', 'pending')
    // Never confirmed: one who unsubscribed and signed up again keeps the earlier trail as proof.
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('subscriber_consents')
            .select('subscriber_consents.id')
            .whereRef('subscriber_consents.subscriber_id', '=', 'subscribers.id')
            .where('subscriber_consents.event', '=', 'confirmed'),
        ),
      ),
    )
    .where((eb) => eb(eb.fn.coalesce('confirmation_sent_at', 'created_at'), '<', before))
    .execute();
  const ids = rows.map((row) => row.id);
  if (ids.length > 0) {
    await trx.deleteFrom('subscriber_consents').where('subscriber_id', 'in', ids).execute();
    await trx.deleteFrom('subscribers').where('id', 'in', ids).execute();
  }
  return {
    counts: { unconfirmedSignUpsDeleted: ids.length },
    deletedAddresses: rows.map((row) => row.email),
  };
}

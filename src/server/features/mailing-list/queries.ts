import type { Kysely, Selectable } from 'kysely';
import { holdsAddress } from '#server/db/address-matching.ts';
import type { Database, SubscriberTable } from '#server/db/schema.ts';
import type { LeadTally } from '#server/leads/kind.ts';
import { keysetPage } from '#server/leads/list.ts';
import { anonymiseLeadSources } from '#server/leads/sources.ts';
import type {
  SubscriberDetail,
  SubscriberListQuery,
  SubscriberRow,
} from '#shared/api/back-office-subscribers.ts';
import type { Page } from '#shared/api/lead-lists.ts';
import { consentActorLabel, consentActorOf } from '#shared/consent-words.ts';
import { bouncingAfterRefusals } from './bouncing.ts';
import type { SubscriberHistory } from './subscriber-history.ts';

// The back office's reads and writes of the subscribers table and its consent trail.

const subscriberListShape = { timeColumn: 'created_at', searchColumns: ['email'] };

/** One page of the mailing list, on the (status, created_at) and (created_at) indexes. */
export async function listSubscribers(
  db: Kysely<Database>,
  query: SubscriberListQuery,
  limit?: number,
): Promise<Page<SubscriberRow>> {
  let select = db
    .selectFrom('subscribers')
    .select(['id', 'email', 'status', 'created_at', 'confirmed_at', 'unsubscribed_at']);
  if (query.status) select = select.where('status', '=', query.status);
  const page = await keysetPage(select, subscriberListShape, query, limit);
  return { ...page, items: page.items.map(toRow) };
}

/** One subscriber by address, in whatever case staff typed it (sign-up keeps addresses in lower case). */
export async function findSubscriber(
  db: Kysely<Database>,
  email: string,
  history: SubscriberHistory,
): Promise<SubscriberDetail | undefined> {
  const row = await db
    .selectFrom('subscribers')
    .selectAll()
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
  if (!row) return undefined;
  const consents = await db
    .selectFrom('subscriber_consents')
    .select(['event', 'source', 'wording', 'ip_address', 'created_at'])
    .where('subscriber_id', '=', row.id)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return {
    ...toRow(row),
    campaigns: await history.read(db, row.id),
    bouncing: row.refusals >= bouncingAfterRefusals,
    refusals: row.refusals,
    consents: consents.map((c) => ({
      event: c.event,
      source: c.source,
      wording: c.wording,
      actor: consentActorOf(c.event, c.source),
      ipAddress: c.ip_address,
      at: c.created_at,
    })),
  };
}

/** How many confirmed subscribers there are, and when the newest confirmed. */
export async function countConfirmedSubscribers(db: Kysely<Database>): Promise<LeadTally> {
  const counted = await db
    .selectFrom('subscribers')
    .select((eb) => [eb.fn.countAll<number>().as('total'), eb.fn.max('confirmed_at').as('newest')])
    .where('status', '=', 'confirmed')
    .executeTakeFirstOrThrow();
  return { total: Number(counted.total), newest: counted.newest };
}

/** The address's subscription with its whole consent trail, for a subject access request; or null. */
export async function exportSubscription(db: Kysely<Database>, address: string, history: SubscriberHistory) {
  const subscriber = await db
    .selectFrom('subscribers')
    .select(['id', 'email', 'status', 'created_at', 'confirmed_at', 'unsubscribed_at', 'refusals'])
    .where(holdsAddress(address))
    .executeTakeFirst();
  if (!subscriber) return null;
  const consents = await db
    .selectFrom('subscriber_consents')
    .select(['event', 'source', 'wording', 'ip_address', 'created_at'])
    .where('subscriber_id', '=', subscriber.id)
    .orderBy('id')
    .execute();
  // Each event says who acted, so that nobody reads an address as theirs that was a stranger's or their
  // mail provider's.
  const withActors = consents.map((consent) => {
    const actor = consentActorOf(consent.event, consent.source);
    return { ...consent, actor, by: consentActorLabel(actor, consent.ip_address) };
  });
  return { ...subscriber, consents: withActors, campaigns: await history.read(db, subscriber.id) };
}

/** Deletes the address's subscription and its consent trail; answers 1 if there was one, else 0. */
export async function eraseSubscription(
  trx: Kysely<Database>,
  address: string,
  history: SubscriberHistory,
): Promise<number> {
  const subscriber = await trx
    .selectFrom('subscribers')
    .select('id')
    .where(holdsAddress(address))
    .executeTakeFirst();
  if (!subscriber) return 0;
  await history.erase(trx, [subscriber.id]);
  await anonymiseLeadSources(trx, 'subscriber', [subscriber.id]);
  await trx.deleteFrom('subscriber_consents').where('subscriber_id', '=', subscriber.id).execute();
  await trx.deleteFrom('subscribers').where('id', '=', subscriber.id).execute();
  return 1;
}

function toRow(
  row: Pick<
    Selectable<SubscriberTable>,
    'email' | 'status' | 'created_at' | 'confirmed_at' | 'unsubscribed_at'
  >,
): SubscriberRow {
  return {
    email: row.email,
    status: row.status,
    createdAt: row.created_at,
    confirmedAt: row.confirmed_at,
    unsubscribedAt: row.unsubscribed_at,
  };
}

import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import type { SubscriberDetail } from '#shared/api/back-office-subscribers.ts';

/**
 * What a feature built on the mailing list keeps about each subscriber: the newsletter, which campaigns
 * went to them. It is theirs too, so it is shown on their detail screen, included in their export, and
 * goes when they do. Given at wiring time (src/server/lead-registry.ts), as the lead kinds are, so that
 * the mailing list imports nothing of the features that send to it.
 */
export interface SubscriberHistory {
  read(db: Kysely<Database>, subscriberId: number): Promise<SubscriberDetail['campaigns']>;
  /** Deletes the subscribers' history: before the subscribers themselves go (erasure, retention). */
  erase(trx: Kysely<Database>, subscriberIds: number[]): Promise<void>;
}

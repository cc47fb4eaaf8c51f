import { csvTime } from '#server/leads/csv.ts';
import type { LeadDetail, LeadKindEntry, LeadList } from '#server/leads/kind.ts';
import {
  subscriberList as endpoints,
  type SubscriberDetail,
  subscriberDetail,
} from '#shared/api/back-office-subscribers.ts';
import { subscriberStatusLabels } from '#shared/consent-words.ts';
import {
  countConfirmedSubscribers,
  eraseSubscription,
  exportSubscription,
  findSubscriber,
  listSubscribers,
} from './queries.ts';
import type { SubscriberHistory } from './subscriber-history.ts';

const subscriberList: LeadList<typeof endpoints> = {
  endpoints,
  list: (db, query, _now, limit) => listSubscribers(db, query, limit),
  csv: {
    columns: [
      ['Email', (row) => row.email],
      ['Status', (row) => subscriberStatusLabels[row.status]],
      ['Signed up', (row) => csvTime(row.createdAt)],
      ['Confirmed', (row) => csvTime(row.confirmedAt)],
      ['Unsubscribed', (row) => csvTime(row.unsubscribedAt)],
    ],
    rows: (db, query, _now, limit) => listSubscribers(db, query, limit),
  },
  summary: {
    label: 'Confirmed subscribers',
    path: `${endpoints.name}?status=confirmed`,
    count: countConfirmedSubscribers,
    place: 5,
  },
};

/**
 * The mailing list, as the back office lists, opens and erases its subscribers (no stage, no notes), with
 * the history other features keep about them (subscriber-history.ts).
 */
export const subscriberLeads = (history: SubscriberHistory): LeadKindEntry => ({
  lists: [subscriberList],
  detail: {
    endpoint: subscriberDetail,
    find: (db, { email }) => findSubscriber(db, email, history),
    detail: async (_db, subscriber) => subscriber,
  } satisfies LeadDetail<typeof subscriberDetail, SubscriberDetail>,
  personalData: {
    exportKey: 'subscription',
    erasedKey: 'subscriber',
    async export(db, address) {
      return { data: await exportSubscription(db, address, history), leads: null };
    },
    async erase(trx, address) {
      return { data: await eraseSubscription(trx, address, history), leads: null };
    },
  },
});

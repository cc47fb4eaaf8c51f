import type { LeadKindEntry, LeadList } from '../../leads/kind.ts';
import {
  countConfirmedSubscribers,
  eraseSubscription,
  exportSubscription,
  findSubscriber,
  listSubscribers,
  type SubscriberListQuery,
  type SubscriberRow,
  subscriberListQuerySchema,
} from './queries.ts';

const subscriberList: LeadList<SubscriberListQuery, SubscriberRow> = {
  path: 'subscribers',
  query: subscriberListQuerySchema,
  list: (db, query, _now, limit) => listSubscribers(db, query, limit),
  csv: [
    ['Email', (row) => row.email],
    ['Status', (row) => row.status],
    ['Signed up', (row) => row.createdAt],
    ['Confirmed', (row) => row.confirmedAt],
    ['Unsubscribed', (row) => row.unsubscribedAt],
  ],
  summary: {
    label: 'Confirmed subscribers',
    path: 'subscribers?status=confirmed',
    count: countConfirmedSubscribers,
    place: 5,
  },
};

/** The mailing list, as the back office lists, opens and erases its subscribers (no stage, no notes). */
export const subscriberLeads: LeadKindEntry = {
  lists: [subscriberList],
  detail: {
    path: 'subscribers',
    param: 'email',
    find: findSubscriber,
    detail: async (_db, subscriber) => subscriber,
  },
  personalData: {
    exportKey: 'subscription',
    erasedKey: 'subscriber',
    async export(db, address) {
      return { data: await exportSubscription(db, address), leads: null };
    },
    async erase(trx, address) {
      return { data: await eraseSubscription(trx, address), leads: null };
    },
  },
};

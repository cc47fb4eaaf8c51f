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

/** The mailing list, as the back office lists, opens and erases its subscribers (no stage, no notes). */
export const subscriberLeads: LeadKindEntry = {
  lists: [subscriberList],
  detail: {
    endpoint: subscriberDetail,
    find: (db, { email }) => findSubscriber(db, email),
    detail: async (_db, subscriber) => subscriber,
  } satisfies LeadDetail<typeof subscriberDetail, SubscriberDetail>,
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

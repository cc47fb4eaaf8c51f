import { applicationLeads, applicationSummary } from './features/applications/index.ts';
import { bookingLeads, bookingsBookedFrom, type CallCancelled } from './features/booking/index.ts';
import { enquiryLeads } from './features/enquiries/index.ts';
import { type SubscriberHistory, subscriberLeads } from './features/mailing-list/index.ts';
import { campaignHistory } from './features/newsletter/index.ts';
import type { LeadRegistry } from './leads/kind.ts';

/**
 * What the features built on the mailing list keep about each subscriber (the newsletter's campaigns),
 * shown, exported and erased with them. Given to the mailing list here, so that it never imports them.
 */
export const subscriberHistory: SubscriberHistory = campaignHistory;

/**
 * Every kind of lead the back office handles, each described by the feature that owns its table. A call
 * booked from an application links the two, so each is given the other's reader here rather than
 * importing it. `callCancelled` takes a call an erasure cancels out of its adviser's diary (services.ts
 * gives the calendars' hook); without it the diary is left as it is.
 */
export function leadRegistry(callCancelled?: CallCancelled): LeadRegistry {
  return [
    enquiryLeads,
    applicationLeads(bookingsBookedFrom),
    bookingLeads(applicationSummary, callCancelled),
    subscriberLeads(subscriberHistory),
  ];
}

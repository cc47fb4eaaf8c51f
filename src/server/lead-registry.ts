import { applicationLeads, applicationSummary } from './features/applications/index.ts';
import { bookingLeads, bookingsBookedFrom } from './features/booking/index.ts';
import { enquiryLeads } from './features/enquiries/index.ts';
import { subscriberLeads } from './features/mailing-list/index.ts';
import type { LeadRegistry } from './leads/kind.ts';

/**
 * Every kind of lead the back office handles, each described by the feature that owns its table. A call
 * booked from an application links the two, so each is given the other's reader here rather than
 * importing it.
 */
export function leadRegistry(): LeadRegistry {
  return [
    enquiryLeads,
    applicationLeads(bookingsBookedFrom),
    bookingLeads(applicationSummary),
    subscriberLeads,
  ];
}

import { applicationLead, applicationList } from '#shared/api/back-office-applications.ts';
import { bookingLead, bookingList } from '#shared/api/back-office-bookings.ts';
import { contactEnquiryList, enquiryLead, quoteRequestList } from '#shared/api/back-office-enquiries.ts';
import type { CardKind } from '#shared/api/back-office-pipeline.ts';

/** Each kind of card: the lead entries that open and move it, and the list that holds all of them. */
export const cardLeads = {
  enquiry: { lead: enquiryLead, list: contactEnquiryList },
  quote: { lead: enquiryLead, list: quoteRequestList },
  application: { lead: applicationLead, list: applicationList },
  call: { lead: bookingLead, list: bookingList },
} satisfies Record<CardKind, unknown>;

/** Where a lead of this kind opens in the back office. */
export const leadPath = (lead: { kind: CardKind; reference: string }) =>
  `${cardLeads[lead.kind].lead.name}/${encodeURIComponent(lead.reference)}`;

import type { LeadSource } from '#server/leads/sources.ts';
import { todayIn } from '#shared/calendar.ts';
import { type ContactEnquiry, type EnquiryKind, type QuoteEnquiry, tickedYears } from '#shared/enquiries.ts';
import type { InstantQuoteRecord } from '#shared/instant-quote.ts';
import { firmTimeZone } from '#shared/site-firm.ts';

/** What only one kind of enquiry asks, kept together as JSON. */
export interface EnquiryDetails {
  optin: boolean;
  cost?: number;
  quoted?: string;
  /** The ticked years by their labels on the day it was sent ("2026 to 2027"): year1 moves every April. */
  taxYears?: string[];
  /** A quote request sent from the instant quote: what was chosen and the server's price of it. */
  instantQuote?: InstantQuoteRecord;
}

/** An enquiry of either kind, as it is stored and mailed. */
export interface Enquiry {
  kind: EnquiryKind;
  name: string;
  email: string;
  organisation: string;
  phone: string | null;
  postcode: string | null;
  message: string;
  details: EnquiryDetails;
  ipAddress: string | null;
  /** Where the visitor came from (leads/sources.ts); none when stored other than by a form. */
  cameFrom?: LeadSource;
}

export function contactEnquiry(form: ContactEnquiry, ipAddress: string | null): Enquiry {
  return {
    kind: 'contact',
    name: form.name,
    email: form.emailAddress,
    organisation: form.profession,
    phone: form.phone,
    postcode: null,
    message: form.message,
    details: { optin: form.optin },
    ipAddress,
  };
}

export function quoteEnquiry(form: QuoteEnquiry, ipAddress: string | null, now: Date): Enquiry {
  return {
    kind: 'quote',
    name: form.name,
    email: form.emailAddress,
    organisation: form.practiceName,
    phone: null,
    postcode: form.postcode,
    message: form.message,
    details: {
      optin: form.optin,
      cost: form.cost,
      quoted: form.quoted,
      taxYears: tickedYears(form, todayIn(firmTimeZone, now)),
    },
    ipAddress,
  };
}

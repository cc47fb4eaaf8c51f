// What sending a contact or quote form needs beyond showing it: the rules its answers must meet and the
// endpoints they go to. Both come with the schema library, about a quarter of a form page's script, so
// the page loads this when the visitor first reaches the form rather than before it can be used.
import { sendForm } from '#client/lib/api-client.ts';
import { visitSource } from '#client/lib/visit-source.ts';
import { sendContactEnquiry, sendQuoteRequest } from '#shared/api/enquiries.ts';
import type { ContactEnquiry, EnquiryKind, QuoteEnquiry } from '#shared/enquiries.ts';
import { contactSchema, quoteSchema } from '#shared/enquiry-schemas.ts';

export const enquirySchemas = { contact: contactSchema, quote: quoteSchema } as const;

export function sendEnquiry(kind: EnquiryKind, body: ContactEnquiry | QuoteEnquiry) {
  return kind === 'contact'
    ? sendForm(sendContactEnquiry, { body: { ...(body as ContactEnquiry), ...visitSource() } })
    : sendForm(sendQuoteRequest, { body: { ...(body as QuoteEnquiry), ...visitSource() } });
}

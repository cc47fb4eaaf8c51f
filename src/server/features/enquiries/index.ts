// The enquiries feature as other parts of the server see it: contact enquiries and quote requests.

export type { Enquiry } from './enquiry.ts';
export { enquiryLeads } from './lead-kind.ts';
export { enquiriesPlugin } from './routes.ts';
export { createEnquiryService, type EnquiryService } from './service.ts';

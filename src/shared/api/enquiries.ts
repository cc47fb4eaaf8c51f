import { enquiryMessages } from '../enquiries.ts';
import { contactSchema, quoteSchema } from '../enquiry-schemas.ts';
import { endpoint, formAnswerSchema, refusal } from './endpoint.ts';
import { contactRoute, quoteRoute } from './form-routes.ts';

const received = formAnswerSchema.describe(
  `Stored and acknowledged: infoMessages is ["${enquiryMessages.received}"].`,
);

const answers = {
  201: received,
  403: refusal.describe('The bot check failed.'),
  422: refusal.describe('A field is missing or wrong: one message per problem, naming the field.'),
  429: refusal.describe('Too many forms from this address in a minute.'),
} as const;

/** The main contact form. */
export const sendContactEnquiry = endpoint({
  ...contactRoute,
  tag: 'Enquiries',
  summary: 'Send a contact enquiry',
  body: contactSchema,
  answers,
});

/** The quote form. */
export const sendQuoteRequest = endpoint({
  ...quoteRoute,
  tag: 'Enquiries',
  summary: 'Ask for a quote',
  body: quoteSchema,
  answers,
});

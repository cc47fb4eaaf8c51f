import { applicationMessages } from '../application.ts';
import { applicationSchema } from '../application-schema.ts';
import { z } from '../zod.ts';
import { bookCall } from './booking.ts';
import { endpoint, formAnswerSchema, refusal } from './endpoint.ts';
import { applicationRoute } from './form-routes.ts';

/** The application questionnaire, stored before its call is booked. */
export const sendApplication = endpoint({
  ...applicationRoute,
  tag: 'Applications',
  summary: 'Send the application questionnaire',
  description:
    'Stores the answers and emails the staff. The applicationReference it answers links the call booked ' +
    `next (${bookCall.method} ${bookCall.path}).`,
  body: applicationSchema,
  answers: {
    201: formAnswerSchema
      .extend({ applicationReference: z.string() })
      .describe(`Stored: infoMessages is ["${applicationMessages.received}"].`),
    403: refusal.describe('The bot check failed, or the form was sent from another website.'),
    422: refusal.describe('An answer is missing or wrong: one message per problem, naming the question.'),
    429: refusal.describe('Too many forms from this address in a minute.'),
  },
});

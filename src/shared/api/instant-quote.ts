import { instantQuotePaths } from '../instant-quote.ts';
import { honeypotField } from '../mailing-list.ts';
import { visitSourceFields } from '../visit-source-schema.ts';
import { z } from '../zod.ts';
import { endpoint, htmlPage } from './endpoint.ts';

// The instant quote (docs/behaviour/instant-quote.md): a page of the site's own, priced by the server on
// every form post, and the post that sends the quote as a lead. Each answers pages: it is a form posted
// by the browser, with or without the page's script.

const tag = 'Instant quote';
const off = htmlPage('The firm has the instant quote turned off.');
const tooMany = htmlPage('Too many forms from this address in a minute.');

/**
 * The services ticked and each driver's answer, as a form posts them: their rules depend on the price
 * list, so they are checked against it by the route (shared/instant-quote.ts), in words.
 */
const fieldValue = z.union([z.string().max(200), z.array(z.string().max(200)).max(40)]);
const choicesShape = { services: fieldValue.optional() };
const choices = z
  .object(choicesShape)
  .catchall(fieldValue)
  .refine((body) => Object.keys(body).length <= 60, { error: 'Too many fields' });

const tick = z.preprocess((value) => value === 'on' || value === 'true' || value === true, z.boolean());

export const instantQuotePage = endpoint({
  method: 'GET',
  path: instantQuotePaths.page,
  access: 'public',
  tag,
  summary: 'The instant quote: services to tick, questions about the business, and the price',
  answers: { 200: htmlPage('The form, with the price as the page’s script works it out.'), 404: off },
});

export const priceInstantQuote = endpoint({
  method: 'POST',
  path: instantQuotePaths.page,
  access: 'public',
  formPost: true,
  tag,
  summary: 'The instant quote’s form posted: the same page with the price worked out by the server',
  description:
    '`services` (each key ticked) and `driver-<key>` (each answer) are checked against the price list; ' +
    'the page then shows the price from the shared calculation, or each problem in words.',
  body: choices,
  answers: {
    200: htmlPage('The page with the price.'),
    404: off,
    422: htmlPage('The page with each problem, as chosen.'),
    429: tooMany,
  },
});

export const sendInstantQuote = endpoint({
  method: 'POST',
  path: instantQuotePaths.send,
  access: 'public',
  formPost: true,
  tag,
  summary: 'Send the instant quote as a lead: the price is worked out again here, never taken as posted',
  body: z
    .object({
      ...choicesShape,
      // Checked by the route, so that each problem is said on the page beside the rest.
      name: z.string().max(1000).optional(),
      emailAddress: z.string().max(1000).optional(),
      optin: tick.optional(),
      accept: tick.optional(),
      recToken: z.string().max(20_000).optional(),
      [honeypotField]: z.string().max(1000).optional(),
      ...visitSourceFields,
    })
    .catchall(fieldValue),
  answers: {
    303: { contentType: 'redirect', description: `Recorded: on to ${instantQuotePaths.sent}.` },
    403: htmlPage('The bot check failed: the page says so, with the form as filled in.'),
    404: off,
    422: htmlPage('The page with each problem, the choices and what was typed kept.'),
    429: tooMany,
  },
});

export const instantQuoteSent = endpoint({
  method: 'GET',
  path: instantQuotePaths.sent,
  access: 'public',
  tag,
  summary: 'The thank-you page after sending an instant quote, offering a call',
  answers: { 200: htmlPage('Thank you, with a button to book a call.') },
});

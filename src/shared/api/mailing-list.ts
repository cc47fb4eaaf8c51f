import { mailingListMessages, subscribedPage } from '../mailing-list.ts';
import { subscribeSchema } from '../mailing-list-schema.ts';
import { z } from '../zod.ts';
import { endpoint, formAnswerSchema, htmlPage, refusal } from './endpoint.ts';
import { subscribeRoute } from './routes-on-every-page.ts';

// The newsletter: the two sign-up forms, the confirmation link every sign-up is emailed, and the
// unsubscribe link every email carries (also posted to by mail providers, RFC 8058).

const tag = 'Mailing list';
const tooMany = refusal.describe('Too many requests from this address in a minute.');
const fromAnotherSite = htmlPage('Sent from another website: refused, and nothing changed.');

/**
 * A link's token as it arrives in a query string or a form: anything but one string (none, or the same
 * name twice) reads as no token, so it meets the same page as an unknown link.
 */
const linkToken = z.string().optional().catch(undefined).describe('The token from the emailed link.');

export const subscribe = endpoint({
  ...subscribeRoute,
  formPost: true,
  tag,
  summary: 'Sign up to the newsletter (the small form sends submitMethod, the subscribe form contact1)',
  description:
    'JSON or an ordinary form post. Emails a link to confirm; the address is only sent newsletters once ' +
    'confirmed. The answer is the same whether the address is new, pending or already subscribed. A ' +
    'browser posting the form as a page (Accept: text/html) gets pages: a redirect on success, a page ' +
    'listing the problems on refusal.',
  body: subscribeSchema,
  answers: {
    200: formAnswerSchema.describe(`Signed up: infoMessages is ["${mailingListMessages.checkInbox}"].`),
    303: { contentType: 'redirect', description: `A browser's page post: on to ${subscribedPage}.` },
    403: refusal.describe('The form was sent from another website.'),
    422: refusal.describe(
      'A field is missing or wrong: one message per problem (a page listing them for a browser’s page post).',
    ),
    429: tooMany,
  },
});

export const confirmSubscriptionPage = endpoint({
  method: 'GET',
  path: '/subscribe/confirm',
  access: 'public',
  tag,
  summary: 'The page the confirmation email’s link opens: a button that confirms',
  description:
    'Opening the link changes nothing (mail scanners open every link); the button posts the token.',
  query: z.object({ token: linkToken }),
  answers: {
    200: htmlPage('The button to confirm, or that the subscription is already confirmed.'),
    404: htmlPage('The link is not recognised, or has expired.'),
  },
});

export const confirmSubscription = endpoint({
  method: 'POST',
  path: confirmSubscriptionPage.path,
  access: 'public',
  formPost: true,
  tag,
  summary: 'Confirm a subscription, as the confirmation page’s button posts it',
  body: z.object({ token: linkToken }).catch({ token: undefined }),
  answers: {
    200: htmlPage('Subscribed (posting again answers the same).'),
    403: fromAnotherSite,
    404: htmlPage('The link is not recognised, or has expired.'),
    429: tooMany,
  },
});

export const unsubscribePage = endpoint({
  method: 'GET',
  path: '/unsubscribe',
  access: 'public',
  tag,
  summary: 'The page the unsubscribe link opens: a button that unsubscribes',
  query: z.object({ token: linkToken }),
  answers: {
    200: htmlPage('The button to unsubscribe, or that the address is already unsubscribed.'),
    404: htmlPage('The link is not recognised.'),
  },
});

export const unsubscribe = endpoint({
  method: 'POST',
  path: unsubscribePage.path,
  access: 'public',
  formPost: true,
  tag,
  summary: 'Unsubscribe: the one-click POST of RFC 8058, or the unsubscribe page’s button',
  description:
    'Mail providers post `List-Unsubscribe=One-Click` (form-encoded or multipart) from their own servers, ' +
    'so this is the one post other sites may send: the token in the link is its authority.',
  query: z.object({ token: linkToken }),
  // A multipart body, or one of any other shape, reads as a one-click post.
  body: z
    .object({
      'List-Unsubscribe': z.string().optional().catch(undefined).describe('One-Click'),
      from: z.string().optional().catch(undefined).describe('"page" when posted by our unsubscribe page.'),
    })
    .catch({}),
  answers: {
    200: htmlPage('Unsubscribed (posting again answers the same).'),
    404: htmlPage('The link is not recognised.'),
    429: tooMany,
  },
});

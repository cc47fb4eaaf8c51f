import { z } from '../zod.ts';
import { endpoint, htmlPage } from './endpoint.ts';

// The client's side of a proposal (decision 030, issue 37): the page its emailed link opens, and the two
// forms on it, accept and decline. The link's token is the only authority; every page is written by the
// server, works without script, and is never cached or indexed.

const tag = 'Proposals';

/**
 * A link's token as it arrives in a query string or a form: anything but one string (none, or the same
 * name twice) reads as no token, so it meets the same page as an unknown link.
 */
const linkToken = z.string().optional().catch(undefined).describe('The token from the emailed link.');
/** A form field as the page posts it; anything but one string reads as empty. */
const field = (description: string) => z.string().optional().catch(undefined).describe(description);

const notWorking = htmlPage(
  'The link is unknown, of the wrong shape, withdrawn or expired: one page for all, with the same status.',
);
const tooMany = htmlPage('Too many requests from this address in a minute.');
const fromAnotherSite = htmlPage(
  'Sent from another website (a post from the proposal’s page comes with Origin: null and Sec-Fetch-Site: same-origin): refused, and nothing changed.',
);

export const proposalPage = endpoint({
  method: 'GET',
  path: '/proposal',
  access: 'public',
  tag,
  summary: 'The proposal a client was emailed a link to: services, fees, terms, and the forms to answer',
  description:
    'The first opening marks the proposal viewed. Sent with Cache-Control: no-store, Referrer-Policy: ' +
    'no-referrer and X-Robots-Tag: noindex. An accepted or declined proposal shows what was answered.',
  query: z.object({ token: linkToken }),
  answers: {
    200: htmlPage('The proposal, or what its client answered.'),
    404: notWorking,
    429: tooMany,
  },
});

export const acceptProposal = endpoint({
  method: 'POST',
  path: '/proposal/accept',
  access: 'public',
  formPost: true,
  tag,
  summary: 'Accept a proposal: the typed full name, the terms agreed, the extras ticked',
  description:
    'An ordinary form post from the proposal’s page. Keeps the signature’s evidence (name, time, address, ' +
    'browser, and the SHA-256 of exactly what was shown), makes the engagement letter and emails it.',
  body: z
    .object({
      token: linkToken,
      fullName: field('The client’s full name, typed as their signature.'),
      agree: field('“yes” when the box agreeing to the terms of business is ticked.'),
      terms: field('The version of the terms of business the page showed (“starter” before any is saved).'),
      extras: z
        .union([z.string(), z.array(z.string())])
        .optional()
        .catch(undefined)
        .describe('The keys of the optional extras ticked, once each.'),
    })
    .catch({}),
  answers: {
    303: { contentType: 'redirect', description: 'Accepted: back to the link, which now says so.' },
    403: fromAnotherSite,
    404: notWorking,
    409: htmlPage('Already accepted or declined: said in words; nothing more is kept.'),
    422: htmlPage('No full name, the box not ticked, or the terms changed since: the page again, saying so.'),
    429: tooMany,
  },
});

export const declineProposal = endpoint({
  method: 'POST',
  path: '/proposal/decline',
  access: 'public',
  formPost: true,
  tag,
  summary: 'Decline a proposal, with a reason if the client gives one',
  body: z.object({ token: linkToken, reason: field('Why, in the client’s words; optional.') }).catch({}),
  answers: {
    303: { contentType: 'redirect', description: 'Declined: back to the link, which now says so.' },
    403: fromAnotherSite,
    404: notWorking,
    409: htmlPage('Already accepted or declined: said in words.'),
    422: htmlPage('A reason longer than 2,000 characters: the page again, saying so.'),
    429: tooMany,
  },
});

/** The words the client reads, which the tests and docs/behaviour/proposals-client.md quote. */
export const proposalPageMessages = {
  notWorkingTitle: 'This link does not work',
  notWorking:
    'It may have been copied only in part, or the proposal was replaced by a newer one or withdrawn. Use the link in the most recent email we sent you, or ask us for a new one.',
  expiredTitle: 'This proposal has expired',
  expired:
    'Proposals are open for a limited time, so that the fees stay current. Ask us for a new one and we will send it.',
  nameNeeded: 'Type your full name: it is your signature.',
  agreeNeeded: 'Tick the box to agree to the terms of business.',
  termsChanged:
    'Our terms of business changed since you opened this page. Read them again below, then accept.',
  reasonTooLong: 'Keep the reason to 2,000 characters or fewer.',
  acceptedTitle: 'Thank you: you accepted this proposal',
  accepted: (when: string) =>
    `You accepted it on ${when}. Your engagement letter is on its way to you by email, and we will be in touch about the next steps.`,
  alreadyAccepted: 'This proposal was already accepted: nothing more was needed, and nothing was changed.',
  declinedTitle: 'You declined this proposal',
  declined:
    'Thank you for letting us know. If you change your mind or would like something different, ask us.',
  alreadyDeclined:
    'This proposal was already declined, so it can no longer be accepted. Ask us for a new one.',
} as const;

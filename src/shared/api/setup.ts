import { backOfficeApi } from '../back-office.ts';
import { z } from '../zod.ts';
import { endpoint, formAnswerSchema, htmlPage, refusal } from './endpoint.ts';

// A site's first run (docs/decisions/022-the-firm-is-data.md): the set-up page that makes the first owner
// with a one-time token printed at start, and the checklist an owner meets until the site is ready.

const tag = 'Setting up';

/** A form field as the set-up page posts it; anything but one string reads as empty. */
const field = (description: string) => z.string().optional().catch(undefined).describe(description);

export const setupPage = endpoint({
  method: 'GET',
  path: '/setup',
  access: 'public',
  openBeforeSetUp: true,
  tag,
  summary: 'The page that makes a new site’s first owner, with the one-time link printed at start',
  query: z.object({ token: field('The token of the link the site printed when it started.') }),
  answers: {
    200: htmlPage('The form that asks for the first owner’s email address.'),
    403: htmlPage('The link’s token is missing, wrong, used or expired.'),
    404: htmlPage('The site has an account already: there is nothing to set up here.'),
  },
});

export const completeSetup = endpoint({
  method: 'POST',
  path: setupPage.path,
  access: 'public',
  openBeforeSetUp: true,
  formPost: true,
  tag,
  summary: 'Make the first owner; on to the page where they choose their password',
  description:
    'An ordinary form post from the set-up page. Works once: the account made, every set-up token goes.',
  body: z
    .object({
      token: field('The token of the link the site printed when it started.'),
      yourName: field('The first owner’s name, as colleagues will see it.'),
      emailAddress: field('The first owner’s email address.'),
      emailAgain: field('The same address typed again, so that a slip is caught before the account is made.'),
    })
    .catch({}),
  answers: {
    303: { contentType: 'redirect', description: 'Made: on to the page where the owner chooses a password.' },
    403: htmlPage('The token is missing, wrong, used or expired.'),
    404: htmlPage('The site has an account already.'),
    422: htmlPage(
      'No name, or one that is not a line of text; the email address is not one, or the two differ: the form again, saying so.',
    ),
    429: htmlPage('Too many attempts from this address in a minute.'),
  },
});

/** The steps a new site's owner takes, in the order the checklist shows them. */
export const setupSteps = ['firm', 'adviser', 'test-email', 'bot-check', 'backups'] as const;
export type SetupStep = (typeof setupSteps)[number];

export const setupMessages = {
  testEmailSent: (to: string) =>
    `A test email is on its way to ${to}. When it arrives, come back and press “It arrived”.`,
  /** Said instead when no mail server is set (SMTP_URL): the email is only written to a file. */
  testEmailKept: (to: string) =>
    `No mail server is set up yet, so the test email to ${to} was written to a file on the server instead of being sent. Ask whoever runs your server to set one up (SMTP_URL), then send another.`,
  sendTestEmailFirst: 'Send yourself a test email first, and tick this when it arrives.',
  noMailServer:
    'No mail server is set up yet, so no email can arrive: ask whoever runs your server to set one up (SMTP_URL).',
  stepDone: 'Done: the checklist shows it ticked.',
  checkedBySite: 'The site ticks this step itself once it is done.',
  noSuchStep: `There is no such step: the checklist has ${setupSteps.join(', ')}.`,
} as const;

export const setupChecklist = endpoint({
  method: 'GET',
  path: `${backOfficeApi}/setup`,
  access: 'owner',
  tag,
  summary: 'The set-up checklist: which steps are done',
  answers: {
    200: z.object({
      steps: z.array(
        z.object({
          step: z.enum(setupSteps),
          done: z.boolean(),
          confirmedBy: z
            .enum(['site', 'owner'])
            .describe('`owner`: the site cannot see it done, so an owner says so (an email arriving).'),
        }),
      ),
    }),
  },
});

export const sendTestEmail = endpoint({
  method: 'POST',
  path: `${backOfficeApi}/setup/test-email`,
  access: 'owner',
  tag,
  summary: 'Send the signed-in owner a test email, as the site sends every email',
  answers: {
    200: formAnswerSchema.describe(
      'Queued: infoMessages says to whom, or that without a mail server it went to a file.',
    ),
  },
});

export const confirmSetupStep = endpoint({
  method: 'POST',
  path: `${backOfficeApi}/setup/steps/:step`,
  access: 'owner',
  tag,
  summary: 'Say a step the site cannot check is done (the test email arrived; backups outside the site)',
  params: z.object({ step: z.enum(setupSteps, { error: setupMessages.noSuchStep }) }),
  answers: {
    200: formAnswerSchema.describe('Ticked.'),
    422: refusal.describe(
      `A step the site checks itself ("${setupMessages.checkedBySite}"), no such step, or a test email that cannot have arrived: none sent, or no mail server.`,
    ),
  },
});

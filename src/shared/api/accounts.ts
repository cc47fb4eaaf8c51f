import { returnPathField } from '../return-path.ts';
import { z } from '../zod.ts';
import { endpoint, htmlPage, refusal } from './endpoint.ts';
import { formTokenRoute, signInRoute } from './routes-on-every-page.ts';

// Staff accounts: signing in and out, and the emailed link to choose a password. The sign-in, sign-out
// and reset forms are ordinary page posts (the page hashes the password into `p` first), so they answer
// with redirects and pages, and read their fields leniently: a field missing or of the wrong type reads
// as empty, and meets the same answer as a wrong value (an expired form, an unknown link).

const tag = 'Staff accounts';
const tooMany = refusal.describe('Too many requests from this address in a minute.');
const formPost =
  'An ordinary form post (application/x-www-form-urlencoded) from the site’s own page; JSON is read alike.';

/** The login form's hidden field with its solved ALTCHA challenge (action `signin`). */
export const signInProofField = 'proofOfWork';

/** A form field as a page posts it; anything but one string reads as empty. */
const field = (description: string) => z.string().optional().catch(undefined).describe(description);
const formTokenField = field('The token GET /api/form-token answered, twin of the cookie it set.');
const passwordHashField = field('The SHA-512 of the password, in lower-case hex (128 characters).');

export const formToken = endpoint({
  openBeforeSetUp: true,
  ...formTokenRoute,
  tag,
  summary: 'The form token the staff forms and every change by staff carry',
  description:
    'Sets the form-token cookie (HttpOnly) the first time and answers the same token, which a form sends ' +
    'as `formToken` and a back-office call as the x-form-token header (double submit).',
  answers: { 200: z.object({ token: z.string() }).describe('The visitor’s form token.') },
});

export const signInPage = endpoint({
  method: 'GET',
  path: signInRoute.path,
  access: 'public',
  openBeforeSetUp: true,
  tag,
  summary: 'The login page',
  query: z.object({
    notice: field('Why the page is shown again, as the sign-in redirected with it.'),
    [returnPathField]: field('The back-office page to return to once signed in.'),
  }),
  answers: { 200: htmlPage('The login form.') },
});

export const signIn = endpoint({
  openBeforeSetUp: true,
  ...signInRoute,
  formPost: true,
  tag,
  summary: 'Sign in (the login page’s form)',
  description: `${formPost} A new session cookie at every sign-in; rememberMe keeps it for 30 days.`,
  body: z
    .object({
      emailAddress: field('The account’s email address.'),
      p: passwordHashField,
      formToken: formTokenField,
      rememberMe: field('"on" (or "true", "1") to stay signed in for 30 days.'),
      [returnPathField]: field(
        'The back-office page to return to, as the login page’s `?next=` gave it; only a path under ' +
          '/back-office of this site is followed.',
      ),
      [signInProofField]: field(
        'A solved ALTCHA challenge (action signin), needed while the account is under attack.',
      ),
    })
    .catch({}),
  answers: {
    303: {
      contentType: 'redirect',
      description:
        'Signed in: on to the back-office page `next` names (else the back office), with the session ' +
        'cookie. Otherwise back to the login page, with `?notice=` saying why (the same for an unknown ' +
        'address as for a wrong password) and the same `next`.',
    },
    400: htmlPage('`p` is not a SHA-512 hex: the page did not hash the password.'),
    403: htmlPage('Sent from another website.'),
    429: tooMany,
  },
});

export const signOut = endpoint({
  openBeforeSetUp: true,
  method: 'POST',
  path: '/logout',
  access: 'public',
  formPost: true,
  tag,
  summary: 'Sign out (the back office’s sign-out button)',
  description: formPost,
  body: z.object({ formToken: formTokenField }).catch({}),
  answers: {
    303: {
      contentType: 'redirect',
      description:
        'Signed out: on to the login page, which says so. Without a valid form token, back to the back ' +
        'office, still signed in.',
    },
    403: htmlPage('Sent from another website.'),
  },
});

export const sendResetLink = endpoint({
  openBeforeSetUp: true,
  method: 'POST',
  path: '/send-reset-password-link',
  access: 'public',
  tag,
  summary: 'Email a link to choose a new password (the login page’s “Forgotten your password?”)',
  description:
    'The answer is plain text for the page to show as it is, and the same whether or not the address ' +
    'has an account.',
  body: z.object({ emailAddress: field('The account’s email address.') }).catch({}),
  answers: {
    200: {
      contentType: 'text/plain',
      description: 'That a link is on its way if the address has an account.',
    },
    403: { contentType: 'text/plain', description: 'Not sent from the site’s own login page.' },
    422: { contentType: 'text/plain', description: 'The email address is missing or not valid.' },
    429: tooMany,
  },
});

export const resetPasswordPage = endpoint({
  openBeforeSetUp: true,
  method: 'GET',
  path: '/reset-password',
  access: 'public',
  tag,
  summary: 'The page an invitation’s or a reset email’s link opens, to choose a password',
  query: z.object({ token: field('The token from the emailed link.') }),
  answers: {
    200: htmlPage('The form to choose a new password.'),
    410: htmlPage('The link has expired or has been used.'),
  },
});

export const resetPassword = endpoint({
  openBeforeSetUp: true,
  method: 'POST',
  path: resetPasswordPage.path,
  access: 'public',
  formPost: true,
  tag,
  summary: 'Set a new password with an emailed link (the reset page’s form)',
  description: `${formPost} Signs the account out everywhere and emails its holder that the password changed.`,
  body: z
    .object({
      token: field('The token from the emailed link.'),
      p: passwordHashField,
      formToken: formTokenField,
    })
    .catch({}),
  answers: {
    303: { contentType: 'redirect', description: 'Set: on to the login page, which says so.' },
    400: htmlPage('`p` is not a SHA-512 hex: the page did not hash the password.'),
    403: htmlPage('The page had been open too long (no valid form token), or it came from another website.'),
    410: htmlPage('The link has expired or has been used.'),
    429: tooMany,
  },
});

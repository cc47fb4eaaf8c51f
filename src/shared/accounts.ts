// Staff accounts (docs/behaviour/endpoints.md#endpoints): the words the pages show (the endpoints are in api/accounts.ts).

import { formToken, signIn, signOut } from './api/accounts.ts';

export { signInProofField } from './api/accounts.ts';

/**
 * The staff pages' paths, for the back office's code until it takes them from the contract entries in
 * api/accounts.ts (and its own, for its pages).
 */
/** The back office's page title, before the firm's name (and after a screen's). */
export const backOfficeTitle = 'Back office';

export const accountPaths = {
  login: signIn.path,
  logout: signOut.path,
  backOffice: '/back-office',
  formToken: formToken.path,
} as const;

/** Why the login page was shown again: the server redirects with `?notice=` one of these keys. */
export const loginNotices = {
  'sign-in-failed': 'The email address or password is not right. Please check them and try again.',
  wait: 'There have been too many attempts to sign in. Please wait a few minutes and try again, or set a new password with the forgotten-password link.',
  'form-expired': 'The page had been open too long. Please sign in again.',
  'needs-script':
    'Signing in needs JavaScript, which scrambles your password before it leaves your browser. Turn it on in your browser, then sign in again.',
  'proof-of-work':
    'There have been many failed attempts to sign in with this email address, so each attempt now needs a short check that your browser works out, and this one arrived without a valid check. Please sign in again: your browser will work out a new one.',
  'password-changed': 'Your password has been changed. Please sign in with your new password.',
  'signed-out': 'You have signed out.',
} as const;

export type LoginNotice = keyof typeof loginNotices;

/** Why the login page did not send the form: it could not work out that check, even on a second try. */
export const signInProofProblems = {
  unreachable:
    'Your browser could not fetch the short check it works out before signing in. Please check your connection and try again in a moment.',
  unsolved:
    'Your browser could not finish the short check it works out before signing in. Please try again, or use an up-to-date browser.',
} as const;

export const accountMessages = {
  /** The same answer whether or not the address has an account. */
  resetLinkSent: (email: string) =>
    `If ${email} belongs to an account, we have sent it a link to set a new password. The link works for one hour.`,
  forgottenPassword: 'Forgotten your password?',
} as const;

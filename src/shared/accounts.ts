// Staff accounts (SPEC §3, §4, §7): the paths the forms post to, and the words the pages show.

export const accountPaths = {
  login: '/login',
  logout: '/logout',
  sendResetLink: '/send-reset-password-link',
  resetPassword: '/reset-password',
  backOffice: '/back-office',
  formToken: '/api/form-token',
} as const;

/** Why the login page was shown again: the server redirects with `?notice=` one of these keys. */
export const loginNotices = {
  'sign-in-failed': 'The email address or password is not right. Please check them and try again.',
  wait: 'There have been too many attempts to sign in. Please wait a few minutes and try again, or set a new password with the forgotten-password link.',
  'form-expired': 'The page had been open too long. Please sign in again.',
  'proof-of-work':
    'There have been many failed attempts to sign in with this email address, so each attempt now needs a short check that your browser works out, and this one arrived without a valid check. Please sign in again: your browser will work out a new one.',
  'password-changed': 'Your password has been changed. Please sign in with your new password.',
  'signed-out': 'You have signed out.',
} as const;

export type LoginNotice = keyof typeof loginNotices;

/** The login form's hidden field with its solved ALTCHA challenge (action `signin`). */
export const signInProofField = 'proofOfWork';

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

// docs/behaviour/mailing-list.md#mailing-list: the mailing list's two forms, their exact texts, and what the server records as consent.

import { connectionProblem } from './messages.ts';

export const mailingListMessages = {
  signedUp: 'Thanks for signing up.',
  connectionProblem,
  /** The answer to every accepted sign-up, whatever the address's state (no enumeration). */
  checkInbox: 'Thanks for signing up. Please check your inbox and confirm your subscription.',
} as const;

/** The page a sign-up posted as a page (without its script) goes on to, and the subscribe form too. */
export const subscribedPage = '/subscribed';

/** Filled only by bots: the field is hidden from people and from assistive technology. */
export const honeypotField = 'homepage';

/** Where a sign-up came from: the two sign-up forms, or the opt-in box of a contact or quote form. */
export type SignUpForm = 'small-form' | 'subscribe-form' | 'contact-form' | 'quote-form';

const enquiryOptIn =
  'Also send me the Fenwick & Hale newsletter about once a month. I will confirm by email and can unsubscribe at any time with one click.';

/** The words each form shows beside its button; the consent record keeps the ones the visitor saw. */
export const consentWording: Record<SignUpForm, string> = {
  'small-form':
    'Our monthly newsletter: tax deadlines, allowances and business finance news. We ask you to confirm by email, and every issue has a one-click unsubscribe link.',
  'subscribe-form':
    'Yes, send me the Fenwick & Hale newsletter about once a month: tax deadlines, allowances, and news for owner-managed businesses. I will confirm by email and can unsubscribe at any time with one click.',
  'contact-form': enquiryOptIn,
  'quote-form': enquiryOptIn,
};

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

/**
 * The words each form shows beside its button, naming the firm (`firmName`, its trading name); the
 * consent record keeps the ones the visitor saw.
 */
export function consentWording(form: SignUpForm, firmName: string): string {
  switch (form) {
    case 'small-form':
      return 'Our monthly newsletter: tax deadlines, allowances and business finance news. We ask you to confirm by email, and every issue has a one-click unsubscribe link.';
    case 'subscribe-form':
      return `Yes, send me the ${firmName} newsletter about once a month: tax deadlines, allowances, and news for owner-managed businesses. I will confirm by email and can unsubscribe at any time with one click.`;
    case 'contact-form':
    case 'quote-form':
      return `Also send me the ${firmName} newsletter about once a month. I will confirm by email and can unsubscribe at any time with one click.`;
  }
}

import { z } from 'zod';
import { emailAddressField } from './email.ts';

// SPEC §3, §8: the mailing list's two forms, their exact texts, and what the server records as consent.

export const mailingListMessages = {
  signedUp: 'Thanks for signing up.',
  connectionProblem: 'There was a connection problem. Please try again.',
  /** The answer to every accepted sign-up, whatever the address's state (no enumeration). */
  checkInbox: 'Thanks for signing up. Please check your inbox and confirm your subscription.',
} as const;

/** Filled only by bots: the field is hidden from people and from assistive technology. */
export const honeypotField = 'homepage';

export type SignUpForm = 'small-form' | 'subscribe-form';

/** The words each form shows beside its button; the consent record keeps the ones the visitor saw. */
export const consentWording: Record<SignUpForm, string> = {
  'small-form':
    'Our monthly newsletter: tax deadlines, allowances and business finance news. We ask you to confirm by email, and every issue has a one-click unsubscribe link.',
  'subscribe-form':
    'Yes, send me the Fenwick & Hale newsletter about once a month: tax deadlines, allowances, and news for owner-managed businesses. I will confirm by email and can unsubscribe at any time with one click.',
};

const always2 = (field: string) => z.literal('2', { error: `${field} must be '2'` });

/**
 * POST /subscribe: the small form sends {emailAddress, submitMethod '2'}, the larger one
 * {emailAddress, contact1 '2'} (SPEC §3); JSON or an ordinary form post.
 */
export const subscribeSchema = z
  .object({
    emailAddress: emailAddressField,
    submitMethod: always2('submitMethod').optional(),
    contact1: always2('contact1').optional(),
    [honeypotField]: z.string().max(1000).optional(),
  })
  .refine((body) => body.submitMethod !== undefined || body.contact1 !== undefined, {
    error: "Please send submitMethod '2' (the small form) or contact1 '2' (the subscribe form)",
  });

export type SubscribeRequest = z.infer<typeof subscribeSchema>;

export const signUpFormOf = (request: SubscribeRequest): SignUpForm =>
  request.submitMethod !== undefined ? 'small-form' : 'subscribe-form';

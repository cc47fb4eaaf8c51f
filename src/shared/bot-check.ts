// The bot check in front of the contact forms (SPEC §7): one token per form post, for its action.

export const botCheckActions = { contact: 'contactus', quote: 'showsubmit' } as const;
export type BotCheckAction = (typeof botCheckActions)[keyof typeof botCheckActions];

export const botCheckMessages = {
  failed: 'We could not check that you are a person rather than a bot. Please try sending the form again.',
} as const;

/** What a page learns about the bot check: which provider, and the site key the provider's script needs. */
export interface BotCheckPublicSettings {
  provider: 'altcha' | 'recaptcha' | 'turnstile' | 'none';
  siteKey?: string;
}

// The bot check in front of the contact forms, the booking modal and the application questionnaire: one
// token per post, for its action. `signin` is the proof of work a sign-in needs while its account is
// under attack: always ALTCHA, whatever provider the forms use, since it is about making each guess cost
// time rather than telling bots apart.
export const botCheckActions = {
  contact: 'contactus',
  quote: 'showsubmit',
  booking: 'bookcall',
  application: 'application',
  signIn: 'signin',
} as const;
export type BotCheckAction = (typeof botCheckActions)[keyof typeof botCheckActions];

export const botCheckMessages = {
  failed: 'We could not check that you are a person rather than a bot. Please try sending the form again.',
} as const;

/**
 * Pages with a contact form carry `<meta name="bot-check" content="%BOT_CHECK%">`; the server fills in the
 * public settings as JSON at start, so the page knows the provider and its site key without asking.
 */
export const botCheckMetaName = 'bot-check';
export const botCheckSettingsToken = '%BOT_CHECK%';

/** What a page learns about the bot check: which provider, and the site key the provider's script needs. */
export interface BotCheckPublicSettings {
  provider: 'altcha' | 'recaptcha' | 'turnstile' | 'none';
  /** The public key the provider's script needs (reCAPTCHA, Turnstile). */
  siteKey?: string;
}

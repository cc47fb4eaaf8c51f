// The bot check's schemas, apart from its names and words (bot-check.ts) so that a page can hold those
// without loading the schema library before the visitor sends anything.
import { type BotCheckPublicSettings, botCheckMessages } from './bot-check.ts';
import { z } from './zod.ts';

/** `recToken`, the bot-check token every checked post carries: missing is told as a failed check. */
export const recTokenField = z
  .string({ error: botCheckMessages.failed })
  .min(1, { error: botCheckMessages.failed })
  .max(20_000);

/** What a page learns about the bot check: which provider, and the site key the provider's script needs. */
export const botCheckPublicSettingsSchema = z.object({
  provider: z.enum(['altcha', 'recaptcha', 'turnstile', 'none']),
  siteKey: z
    .string()
    .optional()
    .describe('The public key the provider’s script needs (reCAPTCHA, Turnstile).'),
}) satisfies z.ZodType<BotCheckPublicSettings>;

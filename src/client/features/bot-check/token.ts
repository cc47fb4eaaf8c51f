import { call } from '#client/lib/api-client.ts';
import {
  type BotCheckAction,
  type BotCheckPublicSettings,
  botCheckActions,
  botCheckMetaName,
} from '#shared/bot-check.ts';

// The bot check's token for one send, without React: the forms' hook (useBotCheck.ts) and the instant
// quote's plain script both take theirs here.

/** The provider and site key, read from the page (docs/behaviour/bot-check.md#bot-check); asked of the server when the page has none. */
export async function settings(): Promise<BotCheckPublicSettings> {
  const content = document.querySelector<HTMLMetaElement>(`meta[name="${botCheckMetaName}"]`)?.content;
  try {
    if (content) return JSON.parse(content) as BotCheckPublicSettings;
  } catch {
    // Not filled in (a page served by the dev server): ask.
  }
  // Loaded only here: the endpoint's entry brings the schema library, which a page need not load at start.
  const { botCheckSettings } = await import('#shared/api/bot-check.ts');
  return call(botCheckSettings, { query: { action: botCheckActions.contact } });
}

export async function newToken(
  { provider, siteKey = '' }: BotCheckPublicSettings,
  action: BotCheckAction,
  container: HTMLElement | null,
): Promise<string> {
  switch (provider) {
    case 'altcha':
      return (await import('./altcha.ts')).altchaToken(action);
    case 'recaptcha':
      return (await import('./hosted.ts')).recaptchaToken(siteKey, action);
    case 'turnstile':
      if (!container) throw new Error('Turnstile needs a place in the form');
      return (await import('./hosted.ts')).turnstileToken(siteKey, action, container);
    case 'none':
      return 'none';
  }
}

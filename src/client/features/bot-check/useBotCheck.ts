import { useCallback, useRef } from 'react';
import { call } from '#client/lib/api-client.ts';
import {
  type BotCheckAction,
  type BotCheckPublicSettings,
  botCheckActions,
  botCheckMetaName,
} from '#shared/bot-check.ts';

/** The provider and site key, read from the page (docs/behaviour/bot-check.md#bot-check); asked of the server when the page has none. */
async function settings(): Promise<BotCheckPublicSettings> {
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

async function newToken(
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

// ALTCHA challenges last 10 minutes; a token older than this is fetched afresh rather than refused.
const freshForMs = 8 * 60_000;

/**
 * A bot-check token for each send of a form, each used once. ALTCHA's work starts when the visitor first
 * reaches the form, so its token is usually ready by the time they press send; the hosted checks' tokens
 * expire within minutes, so those are asked for at the press.
 */
export function useBotCheck(action: BotCheckAction) {
  const container = useRef<HTMLDivElement>(null);
  const prepared = useRef<{ token: Promise<string | null>; at: number } | null>(null);

  // Stable across renders, so a component can start the work from an effect that runs once.
  const prepare = useCallback(() => {
    if (prepared.current && Date.now() - prepared.current.at < freshForMs) return;
    const token = settings().then((found) =>
      found.provider === 'altcha' ? newToken(found, action, container.current) : null,
    );
    // A failure is reported when the token is taken; the next send starts again.
    token.catch(() => {
      if (prepared.current?.token === token) prepared.current = null;
    });
    prepared.current = { token, at: Date.now() };
  }, [action]);

  /** A token for this send; rejects when the check cannot be done. */
  const take = useCallback(async (): Promise<string> => {
    prepare();
    const pending = prepared.current?.token ?? Promise.resolve(null);
    prepared.current = null;
    return (await pending) ?? newToken(await settings(), action, container.current);
  }, [action, prepare]);

  return { container, prepare, take };
}

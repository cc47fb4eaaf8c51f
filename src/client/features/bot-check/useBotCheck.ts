import { useCallback, useRef } from 'react';
import type { BotCheckAction } from '#shared/bot-check.ts';
import { newToken, settings } from './token.ts';

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

import { useCallback, useRef } from 'react';
import { botCheckActions } from '../../../shared/bot-check.ts';

// ALTCHA challenges last 10 minutes; one older than this is solved afresh rather than sent to be refused.
const freshForMs = 8 * 60_000;

/**
 * The proof of work a sign-in must carry while its account is under attack (many failed attempts from
 * many addresses). Whether the address typed is under attack is known only once the form is posted, so the
 * page solves one ALTCHA challenge in Web Workers from the moment the visitor reaches the form, while they
 * type, and sends it with the sign-in; the server checks it only when it needs it. So the right password is
 * not turned away for want of a proof. When the work cannot be done the form goes without it, and the
 * server, if it needed one, sends the visitor back with a notice to try again.
 */
export function useSignInProof() {
  const prepared = useRef<{ token: Promise<string>; at: number } | null>(null);

  // Stable across renders: they read and write only the ref.
  const prepare = useCallback(() => {
    if (prepared.current && Date.now() - prepared.current.at < freshForMs) return;
    const token = import('../bot-check/altcha.ts')
      .then(({ altchaToken }) => altchaToken(botCheckActions.signIn))
      .catch(() => '');
    prepared.current = { token, at: Date.now() };
  }, []);

  /** The solved challenge for this post (each is good for one), or '' when it could not be solved. */
  const take = useCallback((): Promise<string> => {
    prepare();
    const token = prepared.current?.token ?? Promise.resolve('');
    prepared.current = null;
    return token;
  }, [prepare]);

  return { prepare, take };
}

import { useCallback, useRef } from 'react';
import { botCheckActions } from '#shared/bot-check.ts';

// ALTCHA challenges last 10 minutes; one older than this is solved afresh rather than sent to be refused.
const freshForMs = 8 * 60_000;

/** A solved challenge to send, or why there is none: no challenge came, or the browser could not solve it. */
export type SignInProof = { token: string } | { problem: 'unreachable' | 'unsolved' };

/** One challenge fetched and solved. */
async function solveOne(): Promise<SignInProof> {
  let altcha: typeof import('../bot-check/altcha.ts');
  try {
    altcha = await import('../bot-check/altcha.ts');
  } catch {
    return { problem: 'unreachable' };
  }
  try {
    return { token: await altcha.altchaToken(botCheckActions.signIn) };
  } catch (error) {
    return { problem: error instanceof altcha.ChallengeUnavailable ? 'unreachable' : 'unsolved' };
  }
}

/** A second go when the first fails: a dropped request or a worker that died is usually a one-off. */
async function solveWithRetry(): Promise<SignInProof> {
  const first = await solveOne();
  return 'token' in first ? first : solveOne();
}

/**
 * The proof of work a sign-in must carry while its account is under attack (many failed attempts from
 * many addresses). Whether the address typed is under attack is known only once the form is posted, so the
 * page solves one ALTCHA challenge in Web Workers from the moment the visitor reaches the form, while they
 * type, and sends it with the sign-in; the server checks it only when it needs it. So the right password is
 * not turned away for want of a proof. When no proof can be had, even on a second try, the form is not
 * sent: the page says why, rather than send a sign-in that may be refused for want of it.
 */
export function useSignInProof() {
  const prepared = useRef<{ proof: Promise<SignInProof>; at: number } | null>(null);

  // Stable across renders: they read and write only the ref.
  const prepare = useCallback(() => {
    if (prepared.current && Date.now() - prepared.current.at < freshForMs) return;
    const proof = solveWithRetry();
    // A failure is reported when the proof is taken; the next attempt starts again.
    void proof.then((found) => {
      if (!('token' in found) && prepared.current?.proof === proof) prepared.current = null;
    });
    prepared.current = { proof, at: Date.now() };
  }, []);

  /** The solved challenge for this post (each is good for one), or why there is none. */
  const take = useCallback((): Promise<SignInProof> => {
    prepare();
    const proof = prepared.current?.proof ?? solveWithRetry();
    prepared.current = null;
    return proof;
  }, [prepare]);

  return { prepare, take };
}

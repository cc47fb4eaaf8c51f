import { useState } from 'react';
import { problemsOf } from '#client/lib/api-client.ts';
import type { FormAnswer } from '#shared/api/endpoint.ts';

/**
 * An owner's action on a screen and what it said: `act` runs a call, then `changed` (to read what it
 * changed), and shows the call's words as the status, or its refusals as the problems.
 */
export function useAction(changed: () => Promise<void>) {
  const [status, setStatus] = useState('');
  const [problems, setProblems] = useState<string[]>([]);
  const act = (action: () => Promise<FormAnswer>) => {
    setStatus('');
    setProblems([]);
    void (async () => {
      try {
        const answer = await action();
        await changed();
        setStatus(answer.infoMessages.join(' '));
      } catch (error) {
        setProblems(problemsOf(error));
      }
    })();
  };
  return { status, problems, setProblems, act };
}

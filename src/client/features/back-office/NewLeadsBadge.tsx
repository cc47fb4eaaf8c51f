import { useEffect, useState } from 'react';
import { call } from '#client/lib/api-client.ts';
import { newSinceLastVisit } from '#shared/api/back-office-visits.ts';

/**
 * The number of leads received since the member's last visit: asked on opening, on every move between
 * screens (`path`) and when the window comes back into focus. Null until the first answer. (Not on a
 * timer: a session that ended would then send someone to sign in while they sat reading.)
 */
export function useNewLeads(path: string): number | null {
  const [count, setCount] = useState<number | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a move to another screen is a reason to ask again
  useEffect(() => {
    let current = true;
    const ask = () =>
      void call(newSinceLastVisit, {}).then(
        (answer) => current && setCount(answer.count),
        // A failed count leaves the last one showing; the screens report a session that has ended.
        () => {},
      );
    ask();
    window.addEventListener('focus', ask);
    return () => {
      current = false;
      window.removeEventListener('focus', ask);
    };
  }, [path]);
  return count;
}

/** The count in the navigation, read out whole ("3 new since your last visit"); nothing when none. */
export function NewLeadsBadge({ count }: { count: number | null }) {
  if (!count) return null;
  return (
    <>
      {' '}
      <span className="bo-badge">
        {count}
        <span className="visually-hidden"> new since your last visit</span>
      </span>
    </>
  );
}

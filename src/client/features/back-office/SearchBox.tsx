import { type FormEvent, useEffect, useRef } from 'react';
import { backOfficePage } from '#shared/api/back-office-overview.ts';
import { navigate } from './router.tsx';

/** The search screen's section: its results are at `search?q=…`. */
export const searchSection = 'search';

/** Whether a key pressed there is someone typing, which `/` must not interrupt. */
const typingIn = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * One search across the back office, at the top of the sections. `/` anywhere but in a field takes the
 * keyboard to it (`onWanted` first shows it where the sections are folded away). Without the script it is
 * a plain GET of the search screen.
 */
export function SearchBox({ words, onWanted }: { words: string; onWanted: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || typingIn(event.target))
        return;
      event.preventDefault();
      onWanted();
      // After the sections are shown, where they were folded away.
      requestAnimationFrame(() => input.current?.focus());
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onWanted]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = new FormData(event.currentTarget).get('q')?.toString().trim() ?? '';
    navigate(`${searchSection}?${new URLSearchParams({ q: typed })}`);
  };
  return (
    <search className="bo-search">
      <form method="get" action={`${backOfficePage.path}/${searchSection}`} onSubmit={submit}>
        <label htmlFor="bo-search-words">
          Search{' '}
          <span className="bo-key" aria-hidden="true">
            /
          </span>
        </label>
        <input
          ref={input}
          id="bo-search-words"
          name="q"
          type="search"
          defaultValue={words}
          key={words}
          aria-keyshortcuts="/"
          placeholder="People, leads, notes"
          autoComplete="off"
        />
      </form>
    </search>
  );
}

import { type FormEvent, useState } from 'react';
import { call, problemsOf } from '#client/lib/api-client.ts';
import { mergePerson, type PersonDetail, undoPersonMerge } from '#shared/api/back-office-people.ts';
import { type SearchAnswer, searchBackOffice } from '#shared/api/back-office-search.ts';
import { Feedback } from './Feedback.tsx';
import { when } from './format.ts';
import { useAction } from './useAction.ts';

/**
 * Two records of one client made one: find the other by name or address and merge it into this one; each
 * merge can be undone, moving back exactly what it moved.
 */
export function PersonMerges({
  person,
  onChanged,
}: {
  person: PersonDetail;
  onChanged: () => Promise<void>;
}) {
  const [words, setWords] = useState('');
  const [found, setFound] = useState<SearchAnswer['people'] | null>(null);
  const { status, problems, setProblems, act } = useAction(async () => {
    setFound(null);
    setWords('');
    await onChanged();
  });
  const search = async (event: FormEvent) => {
    event.preventDefault();
    setProblems([]);
    try {
      const answer = await call(searchBackOffice, { query: { q: words } });
      setFound(answer.people.filter((other) => other.id !== person.id));
    } catch (error) {
      setFound(null);
      setProblems(problemsOf(error));
    }
  };
  const merge = (other: SearchAnswer['people'][number]) => {
    const them = other.name ? `${other.name} (${other.email})` : other.email;
    if (
      !window.confirm(`Merge ${them} into this record? Their leads, business, tasks and replies move here.`)
    ) {
      return;
    }
    act(() => call(mergePerson, { params: { id: String(person.id) }, body: { other: other.id } }));
  };
  return (
    <section aria-labelledby="person-merges-title">
      <h2 id="person-merges-title">Other records of theirs</h2>
      {person.merges.length > 0 && (
        <ul className="bo-plain-list">
          {person.merges.map((merge) => (
            <li key={merge.id}>
              {merge.email} merged in {when(merge.at)}{' '}
              <button
                type="button"
                className="button button--secondary"
                onClick={() =>
                  act(() =>
                    call(undoPersonMerge, { params: { id: String(person.id), merge: String(merge.id) } }),
                  )
                }
              >
                Undo<span className="visually-hidden"> the merge of {merge.email}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="bo-inline-form" onSubmit={search}>
        <label>
          Another record of theirs (name or address)
          <input value={words} onChange={(event) => setWords(event.target.value)} />
        </label>
        <button type="submit" className="button button--secondary">
          Find
        </button>
      </form>
      <Feedback status={status} problems={problems} />
      {found && (
        <ul className="bo-plain-list" aria-label="Records found">
          {found.length === 0 && <li>Nobody else matches.</li>}
          {found.map((other) => (
            <li key={other.id}>
              {other.name ?? other.email}
              {other.name && <span className="bo-muted"> {other.email}</span>}
              {other.organisation && <span className="bo-muted">, {other.organisation}</span>}{' '}
              <button type="button" className="button button--secondary" onClick={() => merge(other)}>
                Merge<span className="visually-hidden"> {other.name ?? other.email}</span> into this record
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

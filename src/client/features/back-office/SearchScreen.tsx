import { cardKindTitles } from '#shared/api/back-office-pipeline.ts';
import { type SearchAnswer, searchBackOffice } from '#shared/api/back-office-search.ts';
import { leadPath } from './card-leads.ts';
import { when } from './format.ts';
import { Link } from './router.tsx';
import { useEndpoint } from './useEndpoint.ts';

/** What the back office's search found: people, leads and notes, each a link to where it is. */
export function SearchScreen({ words }: { words: string }) {
  const found = useEndpoint(searchBackOffice, { query: { q: words } });
  return (
    <section aria-labelledby="search-title">
      <h1 id="search-title">Search: {words}</h1>
      {found.problem ? (
        <p className="bo-problem" role="alert">
          {found.problem}
        </p>
      ) : !found.data ? (
        <p>Searching…</p>
      ) : (
        <Results found={found.data} />
      )}
    </section>
  );
}

function Results({ found }: { found: SearchAnswer }) {
  if (found.people.length + found.leads.length + found.notes.length === 0) {
    return <p role="status">Nothing found. Try fewer words, or part of a name or an address.</p>;
  }
  return (
    <>
      <p role="status" className="visually-hidden">
        Found {found.people.length} people, {found.leads.length} leads and {found.notes.length} notes.
      </p>
      <h2>People</h2>
      {found.people.length === 0 ? (
        <p>None.</p>
      ) : (
        <ul className="bo-plain-list">
          {found.people.map((person) => (
            <li key={person.id}>
              <Link to={`people/${person.id}`}>{person.name ?? person.email}</Link>
              {person.name && <span className="bo-muted"> {person.email}</span>}
              {person.organisation && <span className="bo-muted">, {person.organisation}</span>}
            </li>
          ))}
        </ul>
      )}
      <h2>Leads</h2>
      {found.leads.length === 0 ? (
        <p>None.</p>
      ) : (
        <ul className="bo-plain-list">
          {found.leads.map((lead) => (
            <li key={`${lead.kind}-${lead.reference}`}>
              <Link to={leadPath(lead)}>
                {cardKindTitles[lead.kind]} {lead.reference}
              </Link>{' '}
              {lead.title}
              <p className="bo-small bo-muted">{lead.excerpt}</p>
            </li>
          ))}
        </ul>
      )}
      <h2>Notes</h2>
      {found.notes.length === 0 ? (
        <p>None.</p>
      ) : (
        <ul className="bo-plain-list">
          {found.notes.map((note) => (
            <li key={`${note.kind}-${note.reference}-${note.at}`}>
              <Link to={leadPath(note)}>
                {cardKindTitles[note.kind]} {note.reference}
              </Link>{' '}
              {note.title}, <time dateTime={note.at}>{when(note.at)}</time>
              <p className="bo-small bo-muted">{note.excerpt}</p>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

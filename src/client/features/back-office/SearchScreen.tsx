import type { ReactNode } from 'react';
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
      <Hits title="People" hits={found.people} keyOf={(person) => String(person.id)}>
        {(person) => (
          <>
            <Link to={`people/${person.id}`}>{person.name ?? person.email}</Link>
            {person.name && <span className="bo-muted"> {person.email}</span>}
            {person.organisation && <span className="bo-muted">, {person.organisation}</span>}
          </>
        )}
      </Hits>
      <Hits title="Leads" hits={found.leads} keyOf={(lead) => `${lead.kind}-${lead.reference}`}>
        {(lead) => (
          <>
            <LeadLink lead={lead} /> {lead.title}
            <p className="bo-small bo-muted">{lead.excerpt}</p>
          </>
        )}
      </Hits>
      <Hits title="Notes" hits={found.notes} keyOf={(note) => `${note.kind}-${note.reference}-${note.at}`}>
        {(note) => (
          <>
            <LeadLink lead={note} /> {note.title}, <time dateTime={note.at}>{when(note.at)}</time>
            <p className="bo-small bo-muted">{note.excerpt}</p>
          </>
        )}
      </Hits>
    </>
  );
}

/** One kind of what was found, under its heading: each a line, or "None." */
function Hits<T>({
  title,
  hits,
  keyOf,
  children,
}: {
  title: string;
  hits: T[];
  keyOf: (hit: T) => string;
  children: (hit: T) => ReactNode;
}) {
  return (
    <>
      <h2>{title}</h2>
      {hits.length === 0 ? (
        <p>None.</p>
      ) : (
        <ul className="bo-plain-list">
          {hits.map((hit) => (
            <li key={keyOf(hit)}>{children(hit)}</li>
          ))}
        </ul>
      )}
    </>
  );
}

const LeadLink = ({ lead }: { lead: SearchAnswer['leads'][number] }) => (
  <Link to={leadPath(lead)}>
    {cardKindTitles[lead.kind]} {lead.reference}
  </Link>
);

import { type FormEvent, Fragment, type ReactNode, useEffect, useState } from 'react';
import { backOfficeApi, leadStageLabels, leadStages } from '../../../shared/back-office.ts';
import { api, problemText, queryString } from './api.ts';
import { Link, navigate } from './router.tsx';
import { ScrollBox } from './ScrollBox.tsx';

export interface ListDefinition<Row> {
  title: string;
  /** The back office route, and the API list of the same name. */
  path: string;
  /** Which of the optional filters the list has. */
  stage?: boolean;
  statuses?: string[];
  when?: boolean;
  columns: { header: string; cell: (row: Row) => ReactNode }[];
  key: (row: Row) => string;
  /** The first column links here. */
  link: (row: Row) => string;
  /** Rows are shown under a heading per group (the agenda's days). */
  groupBy?: (row: Row) => string;
  groupTitle?: (group: string) => string;
}

const filterNames = ['q', 'stage', 'status', 'from', 'to', 'order', 'when'] as const;

/**
 * A list with its filters in the URL, 25 rows a page on the server's cursors, and its CSV. Its owner
 * keys it by the filters, so new filters start again from the first page.
 */
export function ListView<Row>({ list, search }: { list: ListDefinition<Row>; search: URLSearchParams }) {
  const filters = Object.fromEntries(filterNames.map((name) => [name, search.get(name) ?? undefined]));
  const filterQuery = queryString(filters);
  // The cursors of the pages before this one, so Previous can go back.
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const after = cursors.at(-1);
  const [page, setPage] = useState<{ items: Row[]; next: string | null } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const url = `/${list.path}${queryString({ ...filters, after })}`;
  useEffect(() => {
    let current = true;
    setProblem(null);
    api
      .get<{ items: Row[]; next: string | null }>(url)
      .then((answer) => current && setPage(answer))
      .catch((error) => current && setProblem(problemText(error)));
    return () => {
      current = false;
    };
  }, [url]);

  const applyFilters = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const chosen = Object.fromEntries(
      filterNames.map((name) => [name, String(form.get(name) ?? '') || undefined]),
    );
    navigate(`${list.path}${queryString(chosen)}`, { replace: true });
  };

  const groups = new Map<string, Row[]>();
  for (const row of page?.items ?? []) {
    const group = list.groupBy?.(row) ?? '';
    groups.set(group, [...(groups.get(group) ?? []), row]);
  }

  return (
    <section aria-labelledby="list-title">
      <h1 id="list-title">{list.title}</h1>
      <form className="bo-filters" onSubmit={applyFilters} key={filterQuery} aria-label="Filters">
        <label>
          Search
          <input name="q" type="search" defaultValue={filters.q} placeholder="Name, email or reference" />
        </label>
        {list.when && (
          <label>
            Calls
            <select name="when" defaultValue={filters.when ?? 'upcoming'}>
              <option value="upcoming">Upcoming</option>
              <option value="past">Past</option>
            </select>
          </label>
        )}
        {list.stage && (
          <label>
            Stage
            <select name="stage" defaultValue={filters.stage ?? ''}>
              <option value="">Any stage</option>
              {leadStages.map((stage) => (
                <option key={stage} value={stage}>
                  {leadStageLabels[stage]}
                </option>
              ))}
            </select>
          </label>
        )}
        {list.statuses && (
          <label>
            Status
            <select name="status" defaultValue={filters.status ?? ''}>
              <option value="">Any status</option>
              {list.statuses.map((status) => (
                <option key={status} value={status}>
                  {status[0]?.toUpperCase() + status.slice(1)}
                </option>
              ))}
            </select>
          </label>
        )}
        <label>
          From
          <input name="from" type="date" defaultValue={filters.from} />
        </label>
        <label>
          To
          <input name="to" type="date" defaultValue={filters.to} />
        </label>
        {!list.when && (
          <label>
            Order
            <select name="order" defaultValue={filters.order ?? 'newest'}>
              <option value="newest">Newest first</option>
              <option value="oldest">Oldest first</option>
            </select>
          </label>
        )}
        <button type="submit" className="button">
          Apply
        </button>
        <a
          className="button button--secondary"
          href={`${backOfficeApi}/${list.path}.csv${filterQuery}`}
          download
        >
          Download CSV
        </a>
      </form>

      {problem && (
        <p className="bo-problem" role="alert">
          {problem}
        </p>
      )}
      {page && page.items.length === 0 && <p>Nothing matches these filters.</p>}
      {page && page.items.length > 0 && (
        <ScrollBox label={list.title}>
          <table className="bo-table">
            <thead>
              <tr>
                {list.columns.map((column) => (
                  <th key={column.header} scope="col">
                    {column.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {[...groups].map(([group, rows]) => (
                <Fragment key={group}>
                  {list.groupBy && (
                    <tr>
                      <th scope="rowgroup" colSpan={list.columns.length} className="bo-group">
                        {list.groupTitle?.(group) ?? group}
                      </th>
                    </tr>
                  )}
                  {rows.map((row) => (
                    <tr key={list.key(row)}>
                      {list.columns.map((column, index) => (
                        <td key={column.header}>
                          {index === 0 ? (
                            <Link to={list.link(row)}>{column.cell(row)}</Link>
                          ) : (
                            column.cell(row)
                          )}
                        </td>
                      ))}
                    </tr>
                  ))}
                </Fragment>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      )}
      <nav className="bo-pager" aria-label="Pages">
        {cursors.length > 1 && (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setCursors(cursors.slice(0, -1))}
          >
            Previous page
          </button>
        )}
        {page?.next && (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setCursors([...cursors, page.next ?? undefined])}
          >
            Next page
          </button>
        )}
      </nav>
    </section>
  );
}

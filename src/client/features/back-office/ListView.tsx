import {
  type ChangeEvent,
  type FormEvent,
  Fragment,
  type ReactNode,
  useEffect,
  useRef,
  useState,
} from 'react';
import { DatePicker } from '#client/features/calendar/DatePicker.tsx';
import type { LeadListEndpoints, Page } from '#shared/api/lead-lists.ts';
import { leadStageLabels, leadStages } from '#shared/back-office.ts';
import type { z } from '#shared/zod.ts';
import {
  cursorsFor,
  type FilterKinds,
  type Filters,
  firstPage,
  groupRows,
  pageQuery,
  pagingStep,
  queryString,
  readFilters,
  withFilter,
} from './list-filters.ts';
import { Link, navigate } from './router.tsx';
import { ScrollBox } from './ScrollBox.tsx';
import { useEndpoint } from './useEndpoint.ts';

/** A row of a list, as its contract entry answers it. */
type RowOf<L extends LeadListEndpoints> = z.output<L['row']>;

export interface ListDefinition<L extends LeadListEndpoints> extends FilterKinds {
  /** The list's entries: its name is the screen's path, its title the heading. */
  endpoints: L;
  columns: { header: string; cell: (row: RowOf<L>) => ReactNode }[];
  key: (row: RowOf<L>) => string;
  /** The first column links here. */
  link: (row: RowOf<L>) => string;
  /** Rows are shown under a heading per group (the agenda's days). */
  groupBy?: (row: RowOf<L>) => string;
  groupTitle?: (group: string) => string;
  /** Shown under the heading: other ways to see the same rows (the agenda's week view). */
  views?: ReactNode;
}

/** How long typing may pause before the list follows it: one request per pause, not per key. */
const filterDelayMs = 300;

/** A typed date applies like the search; one that cannot be read leaves the list unfiltered by it. */
const typedDate = {
  delayMs: filterDelayMs,
  whenUnreadable: 'Until it is, the list is not filtered by this date.',
};

/**
 * A list with its filters in the URL, 25 rows a page on the server's cursors, and its CSV. A filter
 * applies as it changes (typing after a short pause), as a new history entry, so Back returns to the
 * filters before; new filters start again from the first page.
 */
export function ListView<L extends LeadListEndpoints>({
  list,
  search,
}: {
  list: ListDefinition<L>;
  search: URLSearchParams;
}) {
  type Row = RowOf<L>;
  const { name, title } = list.endpoints;
  const { filters, ignored } = readFilters(list, search);
  const filterQuery = queryString(filters);
  // What the form shows: the URL's filters, or what is being typed before it is applied.
  const [draft, setDraft] = useState<Filters>(filters);
  // The cursors of the pages before this one, so Previous can go back; new filters start again at the
  // first page.
  const [paging, setPaging] = useState(() => firstPage(filterQuery));
  const cursors = cursorsFor(paging, filterQuery);
  const applied = useRef(filterQuery);
  const pending = useRef<ReturnType<typeof setTimeout>>(undefined);

  // Filters that reach the URL some other way (Back and Forward, a link) are shown in the form.
  useEffect(() => {
    if (filterQuery === applied.current) return;
    applied.current = filterQuery;
    setDraft(Object.fromEntries(new URLSearchParams(filterQuery)));
  }, [filterQuery]);
  useEffect(() => () => clearTimeout(pending.current), []);

  // The filters come from the address bar, those this list can read; the server's schema checks them.
  // The page shown stays while the next is read, so the pager's buttons keep the keyboard.
  const query = Object.fromEntries(new URLSearchParams(pageQuery(filters, paging, filterQuery)));
  const endpoint: LeadListEndpoints['list'] = list.endpoints.list;
  const { data, problem } = useEndpoint(endpoint, { query }, { keepPrevious: true });
  const page = data as Page<Row> | null;

  const apply = (chosen: Filters) => {
    clearTimeout(pending.current);
    const wanted = queryString(chosen);
    if (wanted === applied.current) return;
    applied.current = wanted;
    navigate(`${name}${wanted}`);
  };

  /** A choice applies at once; typed text once typing pauses. */
  const change = (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    const chosen = withFilter(draft, event.target.name, event.target.value);
    setDraft(chosen);
    clearTimeout(pending.current);
    if (event.target.type === 'search') pending.current = setTimeout(() => apply(chosen), filterDelayMs);
    else apply(chosen);
  };

  /** A date chosen in a date picker applies at once, like a choice from a list. */
  const choose = (filter: 'from' | 'to', value: string) => {
    const chosen = withFilter(draft, filter, value);
    setDraft(chosen);
    apply(chosen);
  };

  const applyNow = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    apply(draft);
  };

  const groups = groupRows(page?.items ?? [], list.groupBy);

  return (
    <section aria-labelledby="list-title">
      <h1 id="list-title">{title}</h1>
      {list.views}
      <form className="bo-filters" onSubmit={applyNow} aria-label="Filters">
        <label>
          Search
          <input
            name="q"
            type="search"
            value={draft.q ?? ''}
            onChange={change}
            placeholder="Name, email or reference"
          />
        </label>
        {list.when && (
          <label>
            Calls
            <select name="when" value={draft.when ?? 'upcoming'} onChange={change}>
              <option value="upcoming">Upcoming</option>
              <option value="past">Past</option>
            </select>
          </label>
        )}
        {list.stage && (
          <label>
            Stage
            <select name="stage" value={draft.stage ?? ''} onChange={change}>
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
            <select name="status" value={draft.status ?? ''} onChange={change}>
              <option value="">Any status</option>
              {Object.entries(list.statuses).map(([status, label]) => (
                <option key={status} value={status}>
                  {label}
                </option>
              ))}
            </select>
          </label>
        )}
        <DatePicker
          label="From"
          value={draft.from ?? ''}
          onChange={(from) => choose('from', from)}
          applyAsTyped={typedDate}
        />
        <DatePicker
          label="To"
          value={draft.to ?? ''}
          onChange={(to) => choose('to', to)}
          applyAsTyped={typedDate}
        />
        {!list.when && (
          <label>
            Order
            <select name="order" value={draft.order ?? 'newest'} onChange={change}>
              <option value="newest">Newest first</option>
              <option value="oldest">Oldest first</option>
            </select>
          </label>
        )}
        <a className="button button--secondary" href={`${list.endpoints.csv.path}${filterQuery}`} download>
          Download CSV
        </a>
      </form>

      {ignored.length > 0 && (
        <p className="bo-note">
          The link held filters that could not be read, so they are not applied: {ignored.join(', ')}.
        </p>
      )}
      {problem && (
        <p className="bo-problem" role="alert">
          {problem}
        </p>
      )}
      {page && page.items.length === 0 && <p>Nothing matches these filters.</p>}
      {page && page.items.length > 0 && (
        <ScrollBox label={title}>
          <table className="bo-table bo-table--cards">
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
                        <td key={column.header} data-label={column.header}>
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
            onClick={() => setPaging(pagingStep(paging, filterQuery, { type: 'previous' }))}
          >
            Previous page
          </button>
        )}
        {page?.next && (
          <button
            type="button"
            className="button button--secondary"
            onClick={() =>
              page.next && setPaging(pagingStep(paging, filterQuery, { type: 'next', after: page.next }))
            }
          >
            Next page
          </button>
        )}
      </nav>
    </section>
  );
}

import { leadStages } from '#shared/back-office.ts';
import { parseIsoDate } from '#shared/calendar.ts';

// A list's rules, apart from its screen (ListView.tsx) so that they are proven without a browser: which
// of the address bar's filters it can read, the query they make, and its pages on the server's cursors.

export const filterNames = ['q', 'stage', 'status', 'from', 'to', 'order', 'when'] as const;
export type FilterName = (typeof filterNames)[number];
export type Filters = Partial<Record<FilterName | 'after', string>>;

/** Which of the optional filters a list has (its ListDefinition's). */
export interface FilterKinds {
  stage?: boolean;
  statuses?: Readonly<Record<string, string>>;
  when?: boolean;
}

/** The query string for a list's filters, leaving out the empty ones. */
export function queryString(filters: Filters): string {
  const entries = Object.entries(filters).filter(([, value]) => value) as [string, string][];
  return entries.length ? `?${new URLSearchParams(entries)}` : '';
}

const filterLabels: Record<FilterName, string> = {
  q: 'Search',
  stage: 'Stage',
  status: 'Status',
  from: 'From',
  to: 'To',
  order: 'Order',
  when: 'Calls',
};

/**
 * The address bar's filters that this list can use: a value it cannot read (an edited or old link) is
 * left out, so the list still shows, and named in `ignored`.
 */
export function readFilters(list: FilterKinds, search: URLSearchParams) {
  const readable: Record<FilterName, (value: string) => boolean> = {
    q: () => true,
    stage: (value) => Boolean(list.stage) && (leadStages as readonly string[]).includes(value),
    status: (value) => (list.statuses ? Object.hasOwn(list.statuses, value) : false),
    from: (value) => parseIsoDate(value) !== null,
    to: (value) => parseIsoDate(value) !== null,
    order: (value) => !list.when && (value === 'newest' || value === 'oldest'),
    when: (value) => Boolean(list.when) && (value === 'upcoming' || value === 'past'),
  };
  const filters: Filters = {};
  const ignored: string[] = [];
  for (const filter of filterNames) {
    const value = search.get(filter);
    if (!value) continue;
    if (readable[filter](value)) filters[filter] = value;
    else ignored.push(filterLabels[filter]);
  }
  return { filters, ignored };
}

/** The filters as the form shows them once one is chosen or typed: an emptied one is left out. */
export const withFilter = (draft: Filters, name: string, value: string): Filters => ({
  ...draft,
  [name]: value || undefined,
});

/**
 * The cursors of the pages before the one shown, each the `after` of its page (the first has none),
 * for the filters they were read with: new filters start again from the first page.
 */
export interface Paging {
  filters: string;
  cursors: (string | undefined)[];
}

export const firstPage = (filters: string): Paging => ({ filters, cursors: [undefined] });

/** The cursors that stand for the filters now applied. */
export const cursorsFor = (paging: Paging, filters: string) =>
  paging.filters === filters ? paging.cursors : firstPage(filters).cursors;

export type PagingEvent = { type: 'next'; after: string } | { type: 'previous' };

export function pagingStep(paging: Paging, filters: string, event: PagingEvent): Paging {
  const cursors = cursorsFor(paging, filters);
  if (event.type === 'next') return { filters, cursors: [...cursors, event.after] };
  return { filters, cursors: cursors.length > 1 ? cursors.slice(0, -1) : cursors };
}

/** The query for the page shown: the filters and, past the first page, its cursor. */
export const pageQuery = (filters: Filters, paging: Paging, filterQuery: string) =>
  queryString({ ...filters, after: cursorsFor(paging, filterQuery).at(-1) });

/** The rows under a heading per group, the groups in the order their first row comes. */
export function groupRows<Row>(rows: readonly Row[], groupBy?: (row: Row) => string): Map<string, Row[]> {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const group = groupBy?.(row) ?? '';
    groups.set(group, [...(groups.get(group) ?? []), row]);
  }
  return groups;
}

import type { FastifyError, FastifyInstance } from 'fastify';
import { type SelectQueryBuilder, sql } from 'kysely';
import type { ListQuery, Page } from '#shared/api/lead-lists.ts';
import { backOfficeMessages, pageSize } from '#shared/back-office.ts';
import { decodeCursor, encodeCursor } from '#shared/list-cursor.ts';
import { firmTimeZone } from '#shared/site-firm.ts';
import { failure } from '../http/errors.ts';
import { zonedTimeToUtc } from '../time/zoned-time.ts';
import { spokenReference } from '../tokens.ts';

// The filters and rows themselves are the shared contract's (shared/api/lead-lists.ts).
export type { Page };

/**
 * A list's query string that its schema refuses answers 400, naming the first filter it could not read
 * ("The stage filter could not be read"), rather than the 422 a refused body gets: staff did not type a
 * wrong value, the link itself is broken. Set in the back office's scope; every other error, and a query
 * refused by a route that says how (config.refusal), goes on to the app's own handler.
 */
export function refuseUnreadableFilters(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.validationContext !== 'querystring' || !error.validation) throw error;
    // A query staff type (the search's words) is refused in the route's own words.
    if (request.routeOptions.config.refusal) throw error;
    const field = error.validation[0]?.instancePath.split('/').find(Boolean) ?? 'list';
    return reply.status(400).send(failure(backOfficeMessages.filter(field)));
  });
}

/** A day's bounds as UTC instants: [start of `from`, start of the day after `to`). */
export function dayRange(query: ListQuery): { since?: string; before?: string } {
  const start = (day: string, plusDays = 0) => {
    const [year, month, date] = day.split('-').map(Number) as [number, number, number];
    const utc = zonedTimeToUtc({ year, month: month - 1, day: date + plusDays }, 0, 0, firmTimeZone);
    return utc.toISOString();
  };
  return {
    ...(query.from && { since: start(query.from) }),
    ...(query.to && { before: start(query.to, 1) }),
  };
}

/** Escapes LIKE's wildcards in what staff typed, so "50%" finds "50%" and not everything. */
export function likePrefix(text: string): string {
  return `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** How a list of one table reads: the time it is ordered and filtered by, and what a search matches. */
export interface ListShape {
  /** A column holding an ISO instant, indexed together with `id` (and the list's fixed filters). */
  timeColumn: string;
  /** Columns searched by prefix, case-insensitively. */
  searchColumns: string[];
  /** A column searched for the exact text (the lead's reference). */
  exactColumn?: string;
}

/**
 * One page of a list, newest or oldest first, filtered by day range and search on top of whatever
 * `select` already filters. Each filter rides the table's (filter…, time, id) index in time order and
 * the page stops one row past `limit`, so a list of 100,000 costs what a list of 100 does; a text search
 * reads rows in that order until it has filled the page.
 */
export async function keysetPage<DB, TB extends keyof DB, Row extends { id: number }>(
  select: SelectQueryBuilder<DB, TB, Row>,
  shape: ListShape,
  query: ListQuery,
  limit = pageSize,
): Promise<Page<Row>> {
  const time = sql.ref(shape.timeColumn);
  const newest = query.order === 'newest';
  const { since, before } = dayRange(query);
  const after = decodeCursor(query.after);
  if (since) select = select.where(sql<boolean>`${time} >= ${since}`);
  if (before) select = select.where(sql<boolean>`${time} < ${before}`);
  if (query.q) {
    const pattern = likePrefix(query.q);
    const matches = [
      ...shape.searchColumns.map((column) => sql`lower(${sql.ref(column)}) like ${pattern} escape '\\'`),
      ...(shape.exactColumn ? [sql`${sql.ref(shape.exactColumn)} = ${spokenReference(query.q)}`] : []),
    ];
    select = select.where(sql<boolean>`(${sql.join(matches, sql` or `)})`);
  }
  if (after) {
    const beyond = newest ? sql.raw('<') : sql.raw('>');
    // The first half lets the index seek to the cursor's time; the second breaks ties on id.
    const beyondOrAt = newest ? sql.raw('<=') : sql.raw('>=');
    select = select.where(
      sql<boolean>`${time} ${beyondOrAt} ${after.at} and (${time} ${beyond} ${after.at} or id ${beyond} ${after.id})`,
    );
  }
  const direction = newest ? 'desc' : 'asc';
  const rows = await select
    .orderBy(time, direction)
    .orderBy(sql.ref('id'), direction)
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const lastTime = last && (last as Record<string, unknown>)[shape.timeColumn.split('.').at(-1) as string];
  return {
    items: page,
    next: rows.length > limit && last ? encodeCursor(String(lastTime), last.id) : null,
  };
}

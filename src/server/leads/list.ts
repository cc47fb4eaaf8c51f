import { type SelectQueryBuilder, sql } from 'kysely';
import { z } from 'zod';
import { firm } from '../../../content/firm.ts';
import { backOfficeMessages, leadStages, pageSize } from '../../shared/back-office.ts';
import { zonedTimeToUtc } from '../time/zoned-time.ts';

/** Where the previous page ended (`next` of its answer): one of ours, or the list answers 400. */
export const cursorSchema = z
  .string()
  .max(200)
  .refine((cursor) => decodeCursor(cursor) !== null);

/** The filters every list takes from its query string. */
export const listQuerySchema = z
  .object({
    /** Days in the firm's time zone, inclusive. */
    from: z.iso.date().optional(),
    to: z.iso.date().optional(),
    /** A name or email address, or the start of one, or a reference. */
    q: z.string().trim().max(100).optional(),
    order: z.enum(['newest', 'oldest']).default('newest'),
    after: cursorSchema.optional(),
  })
  .strict();
/** Lists of leads also filter by stage. */
export const leadListQuerySchema = listQuerySchema.extend({ stage: z.enum(leadStages).optional() });
export type ListQuery = z.infer<typeof listQuerySchema>;
export type LeadListQuery = z.infer<typeof leadListQuerySchema>;

/** The first message for a bad filter, naming it. */
export function listQueryProblem(error: z.ZodError): string {
  const field = String(error.issues[0]?.path[0] ?? 'list');
  return backOfficeMessages.filter(field);
}

/** A day's bounds as UTC instants: [start of `from`, start of the day after `to`). */
export function dayRange(query: ListQuery): { since?: string; before?: string } {
  const start = (day: string, plusDays = 0) => {
    const [year, month, date] = day.split('-').map(Number) as [number, number, number];
    const utc = zonedTimeToUtc({ year, month: month - 1, day: date + plusDays }, 0, 0, firm.timeZone);
    return utc.toISOString();
  };
  return {
    ...(query.from && { since: start(query.from) }),
    ...(query.to && { before: start(query.to, 1) }),
  };
}

/** Keyset pagination: a page ends at (time, id), and the next starts strictly beyond it. */
export function encodeCursor(at: string, id: number): string {
  return Buffer.from(JSON.stringify([at, id])).toString('base64url');
}

export function decodeCursor(cursor: string | undefined): { at: string; id: number } | null {
  if (!cursor) return null;
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (typeof at !== 'string' || !Number.isInteger(id)) return null;
    return { at, id };
  } catch {
    return null;
  }
}

/** Escapes LIKE's wildcards in what staff typed, so "50%" finds "50%" and not everything. */
export function likePrefix(text: string): string {
  return `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface Page<Item> {
  items: Item[];
  /** The cursor for the next page, or null on the last one. */
  next: string | null;
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
      ...(shape.exactColumn ? [sql`${sql.ref(shape.exactColumn)} = ${query.q}`] : []),
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

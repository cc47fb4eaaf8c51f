import { z } from 'zod';
import { firm } from '../../../../content/firm.ts';
import { backOfficeMessages, leadStages, pageSize } from '../../../shared/back-office.ts';
import { zonedTimeToUtc } from '../booking/zoned-time.ts';

/** The filters every lead list takes from its query string. */
export const listQuerySchema = z
  .object({
    stage: z.enum(leadStages).optional(),
    /** Days in the firm's time zone, inclusive. */
    from: z.iso.date().optional(),
    to: z.iso.date().optional(),
    /** A name or email address, or the start of one. */
    q: z.string().trim().max(100).optional(),
    order: z.enum(['newest', 'oldest']).default('newest'),
    /** Where the previous page ended (`next` of its answer). */
    after: z.string().max(200).optional(),
  })
  .strict();
export type ListQuery = z.infer<typeof listQuerySchema>;

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

/** Keyset pagination: a page ends at (created_at, id), and the next starts strictly beyond it. */
export function encodeCursor(createdAt: string, id: number): string {
  return Buffer.from(JSON.stringify([createdAt, id])).toString('base64url');
}

export function decodeCursor(cursor: string | undefined): { createdAt: string; id: number } | null {
  if (!cursor) return null;
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (typeof createdAt !== 'string' || !Number.isInteger(id)) return null;
    return { createdAt, id };
  } catch {
    return null;
  }
}

/** One more row than a page, so the answer knows whether there is a next page without counting. */
export const rowsToFetch = pageSize + 1;

/** Escapes LIKE's wildcards in what staff typed, so "50%" finds "50%" and not everything. */
export function likePrefix(text: string): string {
  return `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

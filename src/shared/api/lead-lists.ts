import { backOfficeApi, leadStages } from '../back-office.ts';
import { decodeCursor } from '../list-cursor.ts';
import { z } from '../zod.ts';
import { endpoint, refusal } from './endpoint.ts';

// The back office's lists of leads: the filters each takes from its query string, a page of rows as JSON,
// and the same rows as one CSV file for a spreadsheet or a practice-management system.

/** Where the previous page ended (`next` of its answer): one of ours, or the list answers 400. */
export const cursorSchema = z
  .string()
  .max(200)
  .refine((cursor) => decodeCursor(cursor) !== null)
  .describe('The `next` of the previous page, to read the page after it.');

/** The filters every list takes from its query string; any other parameter answers 400. */
export const listQuerySchema = z
  .object({
    from: z.iso.date().optional().describe('The first day, in the firm’s time zone (YYYY-MM-DD).'),
    to: z.iso.date().optional().describe('The last day, in the firm’s time zone, included.'),
    q: z
      .string()
      .trim()
      .max(100)
      .optional()
      .describe('A name or email address, or the start of one, or a reference.'),
    order: z.enum(['newest', 'oldest']).default('newest'),
    after: cursorSchema.optional(),
  })
  .strict();
/** Lists of leads also filter by stage. */
export const leadListQuerySchema = listQuerySchema.extend({ stage: z.enum(leadStages).optional() });
export type ListQuery = z.output<typeof listQuerySchema>;
export type LeadListQuery = z.output<typeof leadListQuerySchema>;

/** A page of rows, and the cursor for the next. */
export const pageOf = <Row extends z.ZodType>(row: Row) =>
  z.object({
    items: z.array(row),
    next: z.string().nullable().describe('Pass as `after` for the next page; null on the last page.'),
  });

export interface Page<Item> {
  items: Item[];
  /** The cursor for the next page, or null on the last one. */
  next: string | null;
}

export const filterRefused = refusal.describe(
  'A filter cannot be read: errorMessages names it ("The stage filter could not be read").',
);

export const backOfficeTag = 'Back office';

/**
 * One list of leads: `name` is both its API path under /api/back-office and its screen in the back office,
 * `title` the screen's heading; `list` answers a page of `row`s as JSON, newest first unless `order` says otherwise, and `csv` every row
 * the same filters match.
 */
export function leadList<const Query extends z.ZodType, const Row extends z.ZodType>(list: {
  name: string;
  title: string;
  query: Query;
  row: Row;
  description?: string;
}) {
  const { name, title, query, row } = list;
  return {
    name,
    title,
    row,
    list: endpoint({
      method: 'GET',
      path: `${backOfficeApi}/${name}`,
      access: 'staff',
      tag: backOfficeTag,
      summary: `${title}: one page of 25`,
      ...(list.description && { description: list.description }),
      query,
      answers: { 200: pageOf(row).describe(`A page of ${title.toLowerCase()}.`), 400: filterRefused },
    }),
    csv: endpoint({
      method: 'GET',
      path: `${backOfficeApi}/${name}.csv`,
      access: 'staff',
      tag: backOfficeTag,
      summary: `${title}: every row the filters match, as CSV`,
      description: '`after` is ignored: the file always starts from the first row.',
      query,
      answers: {
        200: {
          contentType: 'text/csv',
          description: `A download named ${name}-YYYY-MM-DD.csv, with a header line.`,
        },
        400: filterRefused,
      },
    }),
  };
}

/** Any list's entries, whatever its filters and rows. */
export type LeadListEndpoints = ReturnType<typeof leadList<z.ZodType, z.ZodType>>;

import { backOfficeApi, backOfficeMessages } from '../back-office.ts';
import { z } from '../zod.ts';
import { endpoint } from './endpoint.ts';
import { backOfficeTag, filterRefused } from './lead-lists.ts';

// Reports over a chosen period (decision 028, docs/behaviour/back-office.md#reports): leads by source,
// conversion by stage, time to first reply, calls by adviser and subscribers over time. One answer holds
// all five; each is also a CSV file of the same figures as its table.

export const reportNames = ['sources', 'stages', 'first-reply', 'advisers', 'subscribers'] as const;
export type ReportName = (typeof reportNames)[number];

/** The longest period a report covers: five years of weeks or months stay a readable chart and table. */
export const longestPeriodDays = 5 * 366;

/** A day of a period: the years a firm's records could hold, so each instant is one a database reads. */
const day = (words: string) =>
  z.iso
    .date()
    .refine((date) => date >= '1900-01-01' && date <= '2999-12-31')
    .optional()
    .describe(words);

const periodShape = {
  from: day('The first day, in the firm’s time zone (YYYY-MM-DD); 89 days before `to` unless given.'),
  to: day('The last day, in the firm’s time zone, included; today unless given.'),
};

/** A period that ends before it starts, or runs past five years, is refused as its filter would be. */
function checkedPeriod<S extends z.ZodObject<typeof periodShape & z.ZodRawShape>>(schema: S) {
  type Period = { from?: string; to?: string };
  return schema
    .refine(({ from, to }: Period) => !from || !to || from <= to, {
      error: backOfficeMessages.periodBackwards,
      path: ['to'],
    })
    .refine(
      ({ from, to }: Period) =>
        !from || !to || Date.parse(to) - Date.parse(from) < longestPeriodDays * 86_400_000,
      { error: backOfficeMessages.periodTooLong, path: ['from'] },
    );
}

/** The period, as the lists take it: days in the firm's time zone, both included. */
export const reportPeriodQuery = checkedPeriod(z.strictObject(periodShape));
export type ReportPeriodQuery = z.infer<typeof reportPeriodQuery>;

const count = z.number().int();

export const reportsSchema = z.object({
  period: z.object({
    from: z.iso.date(),
    to: z.iso.date(),
    unit: z
      .enum(['week', 'month'])
      .describe('How subscribers are counted: by week up to 92 days, else by month.'),
  }),
  sources: z
    .array(
      z.object({
        source: z.string().describe('utm_source, else the referring site’s host, else "Direct".'),
        leads: count.describe('Enquiries, quote requests, applications and calls that arrived.'),
        movedOn: count.describe('Of those, the leads whose business has reached Contacted or further.'),
        signUps: count.describe('Mailing-list sign-ups.'),
      }),
    )
    .describe('Leads by where the visitor came from, most leads first.'),
  stages: z
    .object({
      opened: count,
      contacted: count,
      qualified: count,
      won: count,
      lost: count,
    })
    .describe('New business opened in the period, and how many reached each stage (or was lost).'),
  firstReply: z
    .object({
      people: count.describe('People whose first lead arrived in the period.'),
      medianSeconds: z.number().nullable().describe('The median wait of those replied to; null if none.'),
      buckets: z.array(z.object({ label: z.string(), people: count })),
    })
    .describe('How long people waited for the first reply written from inside.'),
  advisers: z
    .array(z.object({ adviser: z.string(), calls: count, cancelled: count }))
    .describe('Calls due to start in the period, by adviser: kept, and cancelled apart.'),
  subscribers: z
    .array(
      z.object({
        from: z.iso.date(),
        to: z.iso.date(),
        joined: count,
        left: count,
        total: count.describe('Confirmed subscribers at the end of the week or month.'),
      }),
    )
    .describe('Confirmed subscribers by week or month.'),
});
export type Reports = z.infer<typeof reportsSchema>;

export const backOfficeReports = endpoint({
  method: 'GET',
  path: `${backOfficeApi}/reports`,
  access: 'staff',
  tag: backOfficeTag,
  summary: 'Reports over a period: leads by source, conversion, first replies, calls, subscribers',
  query: reportPeriodQuery,
  answers: { 200: reportsSchema.describe('The five reports.'), 400: filterRefused },
});

export const backOfficeReportCsv = endpoint({
  method: 'GET',
  path: `${backOfficeApi}/reports.csv`,
  access: 'staff',
  tag: backOfficeTag,
  summary: 'One report over a period, as CSV: the figures of its table',
  query: checkedPeriod(
    z.strictObject({ ...periodShape, report: z.enum(reportNames).describe('Which report.') }),
  ),
  answers: {
    200: { contentType: 'text/csv', description: 'A download named report-{report}-{from}-to-{to}.csv.' },
    400: filterRefused,
  },
});

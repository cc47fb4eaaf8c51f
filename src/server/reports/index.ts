import type { Db } from '#server/db/database.ts';
import { csvByteOrderMark, csvField } from '#server/leads/csv.ts';
import {
  type ReportName,
  type ReportPeriodQuery,
  type Reports,
  reportNames,
} from '#shared/api/back-office-reports.ts';
import { reportTable } from '#shared/report-tables.ts';
import { callsByAdviser } from './advisers.ts';
import { timeToFirstReply } from './first-reply.ts';
import { type Period, periodOf, periodWords } from './period.ts';
import { leadsBySource } from './sources.ts';
import { conversionByStage } from './stages.ts';
import { subscribersOverTime } from './subscribers.ts';

// The Reports screen's five reports (decision 028): one query each, run side by side.

type Figures = Omit<Reports, 'period'>;

/** Each report's query, and where its figures go in the answer. */
const readers: { [N in ReportName]: (db: Db, period: Period) => Promise<Partial<Figures>> } = {
  sources: async (db, period) => ({ sources: await leadsBySource(db, period) }),
  stages: async (db, period) => ({ stages: await conversionByStage(db, period) }),
  'first-reply': async (db, period) => ({ firstReply: await timeToFirstReply(db, period) }),
  advisers: async (db, period) => ({ advisers: await callsByAdviser(db, period) }),
  subscribers: async (db, period) => ({ subscribers: await subscribersOverTime(db, period) }),
};

/** What a report not asked for holds: nothing. */
const unread: Figures = {
  sources: [],
  stages: { opened: 0, contacted: 0, qualified: 0, won: 0, lost: 0 },
  firstReply: { people: 0, medianSeconds: null, buckets: [] },
  advisers: [],
  subscribers: [],
};

/** The reports named (all five unless said) over the query's period. */
export async function readReports(
  db: Db,
  query: ReportPeriodQuery,
  now: Date,
  names: readonly ReportName[] = reportNames,
): Promise<Reports> {
  const period = periodOf(query, now);
  const figures = await Promise.all(names.map((name) => readers[name](db, period)));
  return Object.assign({ period: periodWords(period), ...unread }, ...figures);
}

/** One report as CSV: its table's header and rows, escaped as the lists' files are (leads/csv.ts). */
export function reportCsv(name: ReportName, reports: Reports): string {
  const { columns, rows } = reportTable(name, reports);
  const line = (cells: string[]) => `${cells.map(csvField).join(',')}\r\n`;
  return csvByteOrderMark + line(columns) + rows.map(line).join('');
}

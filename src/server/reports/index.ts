import type { Db } from '#server/db/database.ts';
import { csvByteOrderMark, csvField } from '#server/leads/csv.ts';
import type { ReportName, ReportPeriodQuery, Reports } from '#shared/api/back-office-reports.ts';
import { reportTable } from '#shared/report-tables.ts';
import { callsByAdviser } from './advisers.ts';
import { timeToFirstReply } from './first-reply.ts';
import { periodOf, periodWords } from './period.ts';
import { leadsBySource } from './sources.ts';
import { conversionByStage } from './stages.ts';
import { subscribersOverTime } from './subscribers.ts';

// The Reports screen's five reports (decision 028): one query each, run side by side.

export async function readReports(db: Db, query: ReportPeriodQuery, now: Date): Promise<Reports> {
  const period = periodOf(query, now);
  const [sources, stages, firstReply, advisers, subscribers] = await Promise.all([
    leadsBySource(db, period),
    conversionByStage(db, period),
    timeToFirstReply(db, period),
    callsByAdviser(db, period),
    subscribersOverTime(db, period),
  ]);
  return { period: periodWords(period), sources, stages, firstReply, advisers, subscribers };
}

/** One report as CSV: its table's header and rows, escaped as the lists' files are (leads/csv.ts). */
export function reportCsv(name: ReportName, reports: Reports): string {
  const { columns, rows } = reportTable(name, reports);
  const line = (cells: string[]) => `${cells.map(csvField).join(',')}\r\n`;
  return csvByteOrderMark + line(columns) + rows.map(line).join('');
}

import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import type { Db } from '#server/db/database.ts';
import { serve } from '#server/http/serve.ts';
import { readReports, reportCsv } from '#server/reports/index.ts';
import type { Clock } from '#server/time/clock.ts';
import { backOfficeReportCsv, backOfficeReports } from '#shared/api/back-office-reports.ts';
import { backOfficeMessages } from '#shared/back-office.ts';

/**
 * The Reports screen's figures over a period, and each report's table as a CSV file. A period its schema
 * refuses answers 400 naming the filter, as the lists do (leads/list.ts).
 */
export function registerReportRoutes(app: FastifyInstance, db: Db, now: Clock) {
  serve(app, backOfficeReports, (request) => readReports(db, request.query, now()), periodRefusal);
  serve(
    app,
    backOfficeReportCsv,
    async (request, reply) => {
      const { report, ...period } = request.query;
      const reports = await readReports(db, period, now(), [report]);
      const name = `report-${report}-${reports.period.from}-to-${reports.period.to}.csv`;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(reportCsv(report, reports));
    },
    periodRefusal,
  );
}

/**
 * A period that ends before it starts, or runs too long, is refused saying so; anything else it cannot
 * read is refused naming the filter, as the lists' are ("The from filter could not be read").
 */
const periodRefusal: FastifyContextConfig = {
  refusal: (problems) => {
    const periodWords: string[] = [backOfficeMessages.periodBackwards, backOfficeMessages.periodTooLong];
    const period = problems.find((problem) => periodWords.includes(problem.message));
    const first = problems[0] as { path: PropertyKey[]; keys?: string[] } | undefined;
    // A filter it does not know is named by its key; one it cannot read, by its place.
    const field = String(first?.keys?.[0] ?? first?.path[0] ?? 'period');
    return { status: 400, messages: [period ? period.message : backOfficeMessages.filter(field)] };
  },
};

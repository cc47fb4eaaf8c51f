import type { FastifyInstance } from 'fastify';
import type { Db } from '#server/db/database.ts';
import { serve } from '#server/http/serve.ts';
import { readReports, reportCsv } from '#server/reports/index.ts';
import type { Clock } from '#server/time/clock.ts';
import { backOfficeReportCsv, backOfficeReports } from '#shared/api/back-office-reports.ts';

/**
 * The Reports screen's figures over a period, and each report's table as a CSV file. A period its schema
 * refuses answers 400 naming the filter, as the lists do (leads/list.ts).
 */
export function registerReportRoutes(app: FastifyInstance, db: Db, now: Clock) {
  serve(app, backOfficeReports, (request) => readReports(db, request.query, now()));
  serve(app, backOfficeReportCsv, async (request, reply) => {
    const { report, ...period } = request.query;
    const reports = await readReports(db, period, now(), [report]);
    const name = `report-${report}-${reports.period.from}-to-${reports.period.to}.csv`;
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}"`)
      .send(reportCsv(report, reports));
  });
}

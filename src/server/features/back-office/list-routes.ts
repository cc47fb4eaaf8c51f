import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import { serve } from '#server/http/serve.ts';
import { csvByteOrderMark, csvHeader, csvLine } from '#server/leads/csv.ts';
import type { AnyLeadList, LeadRegistry } from '#server/leads/kind.ts';
import type { Clock } from '#server/time/clock.ts';
import { firmTimeZone } from '#shared/site-firm.ts';

/** How many rows the CSV export reads at a time, keyset page after page, so memory stays flat. */
const csvBatch = 1000;

/**
 * Each list of each kind of lead, from its contract entries: a page as JSON ({ items, next }), and every
 * row the same filters match as a CSV download. Their query schemas read the filters; one they refuse
 * answers 400 (leads/list.ts, refuseUnreadableFilters).
 */
export function registerListRoutes(
  app: FastifyInstance,
  db: Kysely<Database>,
  leadKinds: LeadRegistry,
  now: Clock,
) {
  for (const kind of leadKinds) {
    for (const list of kind.lists) register(app, db, list, now);
  }
}

function register(app: FastifyInstance, db: Kysely<Database>, definition: AnyLeadList, now: Clock) {
  const { endpoints, csv } = definition;
  serve(app, endpoints.list, (request) => definition.list(db, request.query, now()));

  serve(app, endpoints.csv, (request, reply) => {
    // From the first row, whatever page the list was showing.
    const filters: { after?: string } = { ...(request.query as object), after: undefined };
    async function* lines() {
      yield csvByteOrderMark + csvHeader(csv.columns);
      let query = filters;
      while (true) {
        const page = await csv.rows(db, query, now(), csvBatch);
        yield page.items.map((row: unknown) => csvLine(csv.columns, row)).join('');
        if (!page.next) return;
        query = { ...query, after: page.next };
      }
    }
    const day = now().toLocaleDateString('en-CA', { timeZone: firmTimeZone });
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${endpoints.name}-${day}.csv"`)
      .send(Readable.from(lines()));
  });
}

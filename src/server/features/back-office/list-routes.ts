import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { firm } from '../../../../content/firm.ts';
import { backOfficeApi } from '../../../shared/back-office.ts';
import type { Database } from '../../db/schema.ts';
import { failure } from '../../http/errors.ts';
import { csvHeader, csvLine } from '../../leads/csv.ts';
import type { LeadList, LeadRegistry } from '../../leads/kind.ts';
import { listQueryProblem } from '../../leads/list.ts';
import type { Clock } from '../../time/clock.ts';

/** How many rows the CSV export reads at a time, keyset page after page, so memory stays flat. */
const csvBatch = 1000;

/**
 * GET /api/back-office/<list> answers a page as JSON ({ items, next }); GET /api/back-office/<list>.csv
 * answers every row the same filters match, as a CSV download. One pair for each list of each kind of lead.
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

function register<Query extends { after?: string }, Row>(
  app: FastifyInstance,
  db: Kysely<Database>,
  definition: LeadList<Query, Row>,
  now: Clock,
) {
  const { path, query: schema, csv } = definition;
  const list = (db: Kysely<Database>, query: Query, limit?: number) =>
    definition.list(db, query, now(), limit);
  app.get(`${backOfficeApi}/${path}`, async (request, reply) => {
    const query = schema.safeParse(request.query);
    if (!query.success) return reply.status(400).send(failure(listQueryProblem(query.error)));
    return list(db, query.data);
  });

  app.get(`${backOfficeApi}/${path}.csv`, async (request, reply) => {
    const parsed = schema.safeParse(request.query);
    if (!parsed.success) return reply.status(400).send(failure(listQueryProblem(parsed.error)));
    // From the first row, whatever page the list was showing.
    const filters: Query = { ...parsed.data, after: undefined };
    async function* lines() {
      yield csvHeader(csv);
      let query = filters;
      while (true) {
        const page = await list(db, query, csvBatch);
        yield page.items.map((row) => csvLine(csv, row)).join('');
        if (!page.next) return;
        query = { ...query, after: page.next };
      }
    }
    const day = now().toLocaleDateString('en-CA', { timeZone: firm.timeZone });
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${path}-${day}.csv"`)
      .send(Readable.from(lines()));
  });
}

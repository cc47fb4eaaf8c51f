import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import { serve } from '#server/http/serve.ts';
import { csvLines, sendCsv } from '#server/leads/csv.ts';
import type { AnyLeadList, LeadRegistry } from '#server/leads/kind.ts';
import type { Clock } from '#server/time/clock.ts';

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
    const filters = { ...(request.query as object), after: undefined };
    const lines = csvLines(csv.columns, (after) => csv.rows(db, { ...filters, after }, now(), csvBatch));
    return sendCsv(reply, endpoints.name, now(), lines);
  });
}

import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { firm } from '../../../../content/firm.ts';
import { backOfficeApi } from '../../../shared/back-office.ts';
import type { Database } from '../../db/schema.ts';
import { failure } from '../../http/errors.ts';
import { type ApplicationRow, listApplications } from './application-leads.ts';
import { type BookingRow, bookingListQuerySchema, listBookings } from './booking-leads.ts';
import { type CsvColumn, csvHeader, csvLine } from './csv.ts';
import { type EnquiryRow, listEnquiries } from './enquiry-leads.ts';
import { leadListQuerySchema, listQueryProblem, type Page } from './lead-list.ts';
import { listSubscribers, type SubscriberRow, subscriberListQuerySchema } from './subscriber-leads.ts';

/** How many rows the CSV export reads at a time, keyset page after page, so memory stays flat. */
const csvBatch = 1000;

interface ListDefinition<Query extends { after?: string }, Row> {
  path: string;
  schema: z.ZodType<Query>;
  list: (db: Kysely<Database>, query: Query, limit?: number) => Promise<Page<Row>>;
  csv: CsvColumn<Row>[];
}

const leadColumns = <Row extends { stage: string; createdAt: string }>(): CsvColumn<Row>[] => [
  ['Stage', (row) => row.stage],
  ['Received', (row) => row.createdAt],
];

const enquiryColumns: CsvColumn<EnquiryRow>[] = [
  ['Reference', (row) => row.reference],
  ['Name', (row) => row.name],
  ['Email', (row) => row.email],
  ['Organisation', (row) => row.organisation],
  ...leadColumns<EnquiryRow>(),
];

/**
 * GET /api/back-office/<list> answers a page as JSON ({ items, next }); GET /api/back-office/<list>.csv
 * answers every row the same filters match, as a CSV download.
 */
export function registerListRoutes(app: FastifyInstance, db: Kysely<Database>) {
  register(app, db, {
    path: 'contact-enquiries',
    schema: leadListQuerySchema,
    list: (db, query, limit) => listEnquiries(db, 'contact', query, limit),
    csv: enquiryColumns,
  });
  register(app, db, {
    path: 'quote-requests',
    schema: leadListQuerySchema,
    list: (db, query, limit) => listEnquiries(db, 'quote', query, limit),
    csv: enquiryColumns,
  });
  register(app, db, {
    path: 'applications',
    schema: leadListQuerySchema,
    list: listApplications,
    csv: [
      ['Reference', (row: ApplicationRow) => row.reference],
      ['Name', (row) => row.name],
      ['Business', (row) => row.businessName],
      ['Email', (row) => row.email],
      ...leadColumns<ApplicationRow>(),
    ],
  });
  register(app, db, {
    path: 'bookings',
    schema: bookingListQuerySchema,
    list: (db, query, limit) => listBookings(db, query, limit),
    csv: [
      ['Reference', (row: BookingRow) => row.reference],
      ['Date', (row) => row.localDate],
      ['Time', (row) => row.localTime],
      ['Email', (row) => row.email],
      ['Status', (row) => row.status],
      ...leadColumns<BookingRow>(),
    ],
  });
  register(app, db, {
    path: 'subscribers',
    schema: subscriberListQuerySchema,
    list: listSubscribers,
    csv: [
      ['Email', (row: SubscriberRow) => row.email],
      ['Status', (row) => row.status],
      ['Signed up', (row) => row.createdAt],
      ['Confirmed', (row) => row.confirmedAt],
      ['Unsubscribed', (row) => row.unsubscribedAt],
    ],
  });
}

function register<Query extends { after?: string }, Row>(
  app: FastifyInstance,
  db: Kysely<Database>,
  definition: ListDefinition<Query, Row>,
) {
  const { path, schema, list, csv } = definition;
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
    const day = new Date().toLocaleDateString('en-CA', { timeZone: firm.timeZone });
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${path}-${day}.csv"`)
      .send(Readable.from(lines()));
  });
}

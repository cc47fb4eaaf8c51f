import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  backOfficeApi,
  backOfficeMessages,
  type LeadKind,
  leadStages,
  noteMaxLength,
} from '../../../shared/back-office.ts';
import { isTypedText } from '../../../shared/form-fields.ts';
import type { Database } from '../../db/schema.ts';
import { failure } from '../../http/errors.ts';
import { findBookingByReference as findBooking } from '../booking/repository.ts';
import type { BookingService } from '../booking/service.ts';
import { applicationDetail, findApplication } from './application-leads.ts';
import { bookingDetail } from './booking-leads.ts';
import { enquiryDetail, findEnquiry } from './enquiry-leads.ts';
import { changeStage, recordLeadEvent } from './lead-events.ts';
import { findSubscriber } from './subscriber-leads.ts';

const stageBody = z.object({ stage: z.enum(leadStages) }).strict();
const noteBody = z.object({ text: z.string().trim().min(1).max(noteMaxLength).refine(isTypedText) }).strict();

interface LeadDefinition<Row extends { id: number; stage: string }, Detail> {
  /** The path segment: /api/back-office/<path>/:reference */
  path: string;
  kind: LeadKind;
  find: (db: Kysely<Database>, reference: string) => Promise<Row | undefined>;
  detail: (db: Kysely<Database>, row: Row) => Promise<Detail>;
}

/** One lead with its timeline, its stage and its notes, for each kind of lead; cancelling a booking. */
export function registerLeadRoutes(
  app: FastifyInstance,
  db: Kysely<Database>,
  bookings: BookingService,
  mailQueued: () => void,
) {
  register(app, db, { path: 'enquiries', kind: 'enquiry', find: findEnquiry, detail: enquiryDetail });
  register(app, db, {
    path: 'applications',
    kind: 'application',
    find: findApplication,
    detail: applicationDetail,
  });
  register(app, db, { path: 'bookings', kind: 'booking', find: findBooking, detail: bookingDetail });

  app.post<{ Params: { reference: string } }>(
    `${backOfficeApi}/bookings/:reference/cancel`,
    async (request, reply) => {
      const outcome = await bookings.cancelByStaff(request.params.reference, request.staff.id);
      if (outcome === 'unknown') return reply.status(404).send(failure(backOfficeMessages.notFound));
      if (outcome === 'already-cancelled') {
        return reply.status(409).send(failure(backOfficeMessages.alreadyCancelled));
      }
      mailQueued();
      const row = await findBooking(db, request.params.reference);
      return row ? bookingDetail(db, row) : reply.status(404).send(failure(backOfficeMessages.notFound));
    },
  );

  app.get<{ Params: { email: string } }>(`${backOfficeApi}/subscribers/:email`, async (request, reply) => {
    const subscriber = await findSubscriber(db, request.params.email);
    return subscriber ?? reply.status(404).send(failure(backOfficeMessages.notFound));
  });
}

function register<Row extends { id: number; stage: string }, Detail>(
  app: FastifyInstance,
  db: Kysely<Database>,
  { path, kind, find, detail }: LeadDefinition<Row, Detail>,
) {
  type Params = { Params: { reference: string } };

  app.get<Params>(`${backOfficeApi}/${path}/:reference`, async (request, reply) => {
    const row = await find(db, request.params.reference);
    if (!row) return reply.status(404).send(failure(backOfficeMessages.notFound));
    return detail(db, row);
  });

  app.post<Params>(`${backOfficeApi}/${path}/:reference/stage`, async (request, reply) => {
    const body = stageBody.safeParse(request.body);
    if (!body.success) return reply.status(422).send(failure(backOfficeMessages.stage));
    const row = await find(db, request.params.reference);
    if (!row) return reply.status(404).send(failure(backOfficeMessages.notFound));
    await changeStage(db, { kind, id: row.id }, body.data.stage, request.staff.id);
    return detail(db, { ...row, stage: body.data.stage });
  });

  app.post<Params>(`${backOfficeApi}/${path}/:reference/notes`, async (request, reply) => {
    const body = noteBody.safeParse(request.body);
    if (!body.success) return reply.status(422).send(failure(backOfficeMessages.note));
    const row = await find(db, request.params.reference);
    if (!row) return reply.status(404).send(failure(backOfficeMessages.notFound));
    await recordLeadEvent(db, {
      kind,
      id: row.id,
      event: 'note',
      detail: body.data.text,
      userId: request.staff.id,
    });
    return reply.status(201).send(await detail(db, row));
  });
}

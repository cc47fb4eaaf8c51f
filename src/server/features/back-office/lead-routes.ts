import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  backOfficeApi,
  backOfficeMessages,
  type LeadStage,
  leadStages,
  noteMaxLength,
} from '../../../shared/back-office.ts';
import { isTypedText } from '../../../shared/form-fields.ts';
import type { Database } from '../../db/schema.ts';
import { failure } from '../../http/errors.ts';
import { changeStage, recordLeadEvent } from '../../leads/events.ts';
import type { LeadDetail, LeadRegistry, StagedLeadDetail } from '../../leads/kind.ts';
import type { Clock } from '../../time/clock.ts';

const stageBody = z.object({ stage: z.enum(leadStages) }).strict();
const noteBody = z.object({ text: z.string().trim().min(1).max(noteMaxLength).refine(isTypedText) }).strict();

/** What the back office asks of the booking feature: a call cancelled for the firm by a member of staff. */
export type CancelBooking = (
  reference: string,
  userId: number,
) => Promise<'cancelled' | 'already-cancelled' | 'unknown'>;

/**
 * One lead with its timeline, its stage and its notes, for each kind of lead that has them; a subscriber
 * with their consent trail; cancelling a booking.
 */
export function registerLeadRoutes(
  app: FastifyInstance,
  db: Kysely<Database>,
  options: { leadKinds: LeadRegistry; cancelBooking: CancelBooking; mailQueued: () => void; now: Clock },
) {
  const { leadKinds, cancelBooking, mailQueued, now } = options;
  for (const { staged, detail } of leadKinds) {
    if (staged) register(app, db, staged, now);
    if (detail) registerDetail(app, db, detail);
  }
  const bookings = leadKinds.find(({ staged }) => staged?.kind === 'booking')?.staged;
  if (!bookings) throw new Error('No kind of lead answers for bookings');

  app.post<{ Params: { reference: string } }>(
    `${backOfficeApi}/bookings/:reference/cancel`,
    async (request, reply) => {
      const outcome = await cancelBooking(request.params.reference, request.staff.id);
      if (outcome === 'unknown') return reply.status(404).send(failure(backOfficeMessages.notFound));
      if (outcome === 'already-cancelled') {
        return reply.status(409).send(failure(backOfficeMessages.alreadyCancelled));
      }
      mailQueued();
      const row = await bookings.find(db, request.params.reference);
      return row ? bookings.detail(db, row) : reply.status(404).send(failure(backOfficeMessages.notFound));
    },
  );
}

/** A lead without stage or notes (a subscriber, by email address). */
function registerDetail<Found, Detail>(
  app: FastifyInstance,
  db: Kysely<Database>,
  { path, param, find, detail }: LeadDetail<Found, Detail>,
) {
  app.get<{ Params: Record<string, string> }>(
    `${backOfficeApi}/${path}/:${param}`,
    async (request, reply) => {
      const found = await find(db, request.params[param] ?? '');
      if (found === undefined) return reply.status(404).send(failure(backOfficeMessages.notFound));
      return detail(db, found);
    },
  );
}

function register<Row extends { id: number; stage: LeadStage }, Detail>(
  app: FastifyInstance,
  db: Kysely<Database>,
  { path, kind, find, detail, setStage }: StagedLeadDetail<Row, Detail>,
  now: Clock,
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
    await changeStage(db, { kind, id: row.id }, body.data.stage, request.staff.id, setStage, now());
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
      at: now(),
    });
    return reply.status(201).send(await detail(db, row));
  });
}

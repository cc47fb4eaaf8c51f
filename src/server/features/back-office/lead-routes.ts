import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import { failure } from '#server/http/errors.ts';
import { serve } from '#server/http/serve.ts';
import { changeStage, recordLeadEvent } from '#server/leads/events.ts';
import type { AnyLeadDetail, AnyStagedLeadDetail, LeadRegistry } from '#server/leads/kind.ts';
import { moveOpportunity } from '#server/leads/opportunities.ts';
import type { Clock } from '#server/time/clock.ts';
import { bookingLead } from '#shared/api/back-office-bookings.ts';
import type { StagedLeadEndpoints } from '#shared/api/staged-leads.ts';
import { backOfficeMessages } from '#shared/back-office.ts';

/** What the back office asks of the booking feature: a call cancelled for the firm by a member of staff. */
export type CancelBooking = (
  reference: string,
  userId: number,
) => Promise<'cancelled' | 'already-cancelled' | 'unknown'>;

const notFound = failure(backOfficeMessages.notFound);

/**
 * One lead with its timeline, its stage and its notes, for each kind of lead that has them; a subscriber
 * with their consent trail; cancelling a booking. Each from its contract entries, whose schemas read the
 * reference and the body.
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
  const bookings = leadKinds.find(({ staged }) => staged?.endpoints.kind === bookingLead.kind)?.staged;
  if (!bookings) throw new Error('No kind of lead answers for bookings');

  serve(app, bookingLead.cancel, async (request, reply) => {
    const { reference } = request.params;
    const outcome = await cancelBooking(reference, request.staff.id);
    if (outcome === 'unknown') return reply.status(404).send(notFound);
    if (outcome === 'already-cancelled') {
      return reply.status(409).send(failure(backOfficeMessages.alreadyCancelled));
    }
    mailQueued();
    const row = await bookings.find(db, reference);
    return row ? bookings.detail(db, row) : reply.status(404).send(notFound);
  });
}

/** A lead without stage or notes (a subscriber, by email address). */
function registerDetail(app: FastifyInstance, db: Kysely<Database>, lead: AnyLeadDetail) {
  serve(app, lead.endpoint, async (request, reply) => {
    const found = await lead.find(db, request.params);
    if (found === undefined) return reply.status(404).send(notFound);
    return lead.detail(db, found);
  });
}

function register(app: FastifyInstance, db: Kysely<Database>, lead: AnyStagedLeadDetail, now: Clock) {
  const { find, detail, setStage } = lead;
  const endpoints: StagedLeadEndpoints = lead.endpoints;

  serve(app, endpoints.detail, async (request, reply) => {
    const row = await find(db, request.params.reference);
    if (!row) return reply.status(404).send(notFound);
    return detail(db, row);
  });

  serve(app, endpoints.stage, async (request, reply) => {
    const { stage } = request.body;
    const row = await find(db, request.params.reference);
    if (!row) return reply.status(404).send(notFound);
    const { opportunity_id: opportunity } = row;
    if (opportunity === null) {
      // A lead stored without an opportunity (only ever by hand) moves alone.
      await changeStage(db, { kind: endpoints.kind, id: row.id }, stage, request.staff.id, setStage, now());
    } else {
      await db
        .transaction()
        .execute((trx) => moveOpportunity(trx, opportunity, stage, request.staff.id, now()));
    }
    return detail(db, { ...row, stage });
  });

  serve(app, endpoints.notes, async (request, reply) => {
    const row = await find(db, request.params.reference);
    if (!row) return reply.status(404).send(notFound);
    await recordLeadEvent(db, {
      kind: endpoints.kind,
      id: row.id,
      event: 'note',
      detail: request.body.text,
      userId: request.staff.id,
      at: now(),
    });
    return reply.status(201).send(await detail(db, row));
  });
}

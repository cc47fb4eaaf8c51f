import type { FastifyInstance } from 'fastify';
import { failure, succeeded } from '#server/http/errors.ts';
import { perMinute } from '#server/http/rate-limit.ts';
import { isSameOrigin } from '#server/http/same-origin.ts';
import { serve } from '#server/http/serve.ts';
import {
  callChangeMessages,
  callFreeAdvisers,
  callFreeTimes,
  changeCall,
  changeCallDays,
  changeCallTimes,
  changingCall,
  reassignCall,
  rescheduleCall,
} from '#shared/api/booking-changes.ts';
import { backOfficeMessages } from '#shared/back-office.ts';
import { bookingMessages } from '#shared/booking.ts';
import { isValidDate, parseIsoDate } from '#shared/calendar.ts';
import type { ChangeOutcome } from './call-changes.ts';
import type { BookingRow } from './for-mail.ts';
import type { BookingService } from './service.ts';

// The routes that move a call or give it to another adviser: the visitor's, from their email's "Change the
// time" link (the link's token sent back in each body, never in an address the page asks for), and the
// back office's, from the call's page (docs/behaviour/booking.md#changing-a-call).

/** How a change's outcome is answered, in the same words to the visitor and to staff. */
function answerOf(outcome: ChangeOutcome, done: string) {
  switch (outcome.status) {
    case 'changed':
      return { code: 200 as const, body: succeeded(done) };
    case 'cancelled':
      return { code: 409 as const, body: failure(callChangeMessages.cancelled) };
    case 'past':
      return { code: 409 as const, body: failure(callChangeMessages.past) };
    case 'taken':
      return { code: 409 as const, body: failure(bookingMessages.slotTaken) };
    case 'invalid':
      return { code: 422 as const, body: failure(...outcome.messages) };
  }
}

/** The adviser whose free times a call may move to: its own (none before the firm had advisers). */
const adviserOf = (row: BookingRow) => row.adviser_id ?? undefined;

export interface CallChangeRoutesOptions {
  booking: BookingService;
  publicUrl: URL;
  rateLimitPerMinute: number;
  /** Called after a commit that queued mail and, perhaps, a write into an adviser's calendar. */
  mailQueued: () => void;
}

/** The change page's requests, each rate-limited as the cancel link's are. */
export function registerVisitorCallChanges(app: FastifyInstance, options: CallChangeRoutesOptions) {
  const { booking, mailQueued } = options;
  const { changes } = booking;
  const formLimit = perMinute(options.rateLimitPerMinute);
  const readLimit = perMinute(options.rateLimitPerMinute * 10);
  const unknown = failure(callChangeMessages.unknownLink);

  serve(
    app,
    changingCall,
    async (request, reply) => {
      const row = await changes.findByLinkToken(request.body.token);
      if (!row) return reply.status(404).send(unknown);
      reply.header('cache-control', 'no-store');
      return changes.describe(row);
    },
    formLimit,
  );

  serve(
    app,
    changeCallDays,
    async (request, reply) => {
      const { token, year, month } = request.body;
      const row = await changes.findByLinkToken(token);
      if (!row) return reply.status(404).send(unknown);
      reply.header('cache-control', 'no-store');
      return { availableDates: await booking.datesWithTimes(year, month - 1, adviserOf(row), row.id) };
    },
    readLimit,
  );

  serve(
    app,
    changeCallTimes,
    async (request, reply) => {
      const { token, year, month, day } = request.body;
      const date = { year, month: month - 1, day };
      if (!isValidDate(date))
        return reply.status(422).send(failure('year, month and day do not make a real date'));
      const row = await changes.findByLinkToken(token);
      if (!row) return reply.status(404).send(unknown);
      reply.header('cache-control', 'no-store');
      return booking.timesForDate(date, adviserOf(row), row.id);
    },
    readLimit,
  );

  serve(
    app,
    changeCall,
    async (request, reply) => {
      if (!isSameOrigin(request, options.publicUrl))
        return reply.status(403).send(failure(callChangeMessages.notAllowed));
      const { token, date, time } = request.body;
      const row = await changes.findByLinkToken(token);
      if (!row) return reply.status(404).send(unknown);
      const { code, body } = answerOf(
        await changes.reschedule(row, { date, time }, null),
        callChangeMessages.visitorMoved,
      );
      if (code === 200) mailQueued();
      return reply.status(code).send(body);
    },
    formLimit,
  );
}

/** The call page's: its free times on a day, the advisers free at its time, and the two changes. */
export function registerCallChangeStaffRoutes(
  app: FastifyInstance,
  { booking, mailQueued }: Pick<CallChangeRoutesOptions, 'booking' | 'mailQueued'>,
) {
  const { changes } = booking;
  const notFound = failure(backOfficeMessages.notFound);

  serve(app, callFreeTimes, async (request, reply) => {
    const row = await changes.find(request.params.reference);
    if (!row) return reply.status(404).send(notFound);
    const date = parseIsoDate(request.query.date);
    return { times: date ? await booking.timesForDate(date, adviserOf(row), row.id) : [] };
  });

  serve(app, rescheduleCall, async (request, reply) => {
    const row = await changes.find(request.params.reference);
    if (!row) return reply.status(404).send(notFound);
    const outcome = await changes.reschedule(row, request.body, request.staff.id);
    const { code, body } = answerOf(outcome, callChangeMessages.moved);
    if (code === 200) mailQueued();
    return reply.status(code).send(body);
  });

  serve(app, callFreeAdvisers, async (request, reply) => {
    const row = await changes.find(request.params.reference);
    if (!row) return reply.status(404).send(notFound);
    return { advisers: await changes.freeAdvisers(row) };
  });

  serve(app, reassignCall, async (request, reply) => {
    const row = await changes.find(request.params.reference);
    if (!row) return reply.status(404).send(notFound);
    const outcome = await changes.reassign(row, request.body.adviser, request.staff.id);
    const { code, body } = answerOf(outcome, callChangeMessages.reassigned);
    if (code === 200) mailQueued();
    return reply.status(code).send(body);
  });
}

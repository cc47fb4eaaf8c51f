import type { FastifyInstance } from 'fastify';
import { failure, succeeded } from '#server/http/errors.ts';
import { serve } from '#server/http/serve.ts';
import { resendSubscriberConfirmation, unsubscribeSubscriber } from '#shared/api/back-office-subscribers.ts';
import { backOfficeMessages } from '#shared/back-office.ts';
import type { MailingListService } from './service.ts';

/** What staff can do to a subscriber from the back office besides erasing them (data protection). */
export function registerSubscriberStaffRoutes(
  app: FastifyInstance,
  options: { mailingList: MailingListService; mailQueued: () => void },
) {
  const { mailingList } = options;

  serve(app, unsubscribeSubscriber, async (request, reply) => {
    const outcome = await mailingList.unsubscribeByStaff(request.params.email, {
      userId: request.staff.id,
      ipAddress: request.ip,
    });
    if (outcome === 'unknown') return reply.status(404).send(failure(backOfficeMessages.notFound));
    if (outcome === 'already-unsubscribed') {
      return reply.status(409).send(failure(backOfficeMessages.alreadyUnsubscribed));
    }
    return succeeded(backOfficeMessages.unsubscribed);
  });

  serve(app, resendSubscriberConfirmation, async (request, reply) => {
    const outcome = await mailingList.resendConfirmation(request.params.email, request.staff.id);
    if (outcome === 'unknown') return reply.status(404).send(failure(backOfficeMessages.notFound));
    if (outcome === 'not-pending') return reply.status(409).send(failure(backOfficeMessages.notPending));
    if (outcome === 'too-soon') {
      return reply.status(429).send(failure(backOfficeMessages.confirmationTooSoon));
    }
    options.mailQueued();
    return succeeded(backOfficeMessages.confirmationResent);
  });
}

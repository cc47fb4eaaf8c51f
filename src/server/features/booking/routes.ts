import type { FastifyPluginAsync } from 'fastify';
import type { BotCheck } from '#server/captcha/index.ts';
import { failure, succeeded } from '#server/http/errors.ts';
import { perMinute } from '#server/http/rate-limit.ts';
import { isSameOrigin } from '#server/http/same-origin.ts';
import { serve } from '#server/http/serve.ts';
import { html, type ServerPages } from '#server/http/server-page.ts';
import { sourceOfRequest } from '#server/http/visit-source.ts';
import { describeSlot } from '#server/mail/booked-call.ts';
import {
  bookCall,
  bookingSettings,
  cancelBooking,
  cancelBookingPage,
  datesForMonth,
  timesForDate,
  type VideoLink,
} from '#shared/api/booking.ts';
import { bookingMessages } from '#shared/booking.ts';
import { botCheckActions, botCheckMessages } from '#shared/bot-check.ts';
import { isValidDate } from '#shared/calendar.ts';
import { registerVisitorCallChanges } from './change-routes.ts';
import type { BookedFromApplication, BookingService } from './service.ts';

export interface BookingRoutesOptions {
  booking: BookingService;
  botCheck: BotCheck;
  pages: ServerPages;
  publicUrl: URL;
  rateLimitPerMinute: number;
  /** How booked calls get their video link (Zoom, MEETING_URL or neither), which the page tells. */
  videoLink: VideoLink;
  /**
   * The application questionnaire behind a booking's applicationReference: undefined when there is none,
   * null when it was made from another email address (the call is then booked without it).
   */
  findApplication: (reference: string, email: string) => Promise<BookedFromApplication | null | undefined>;
  /** Called after a commit that queued mail. */
  mailQueued: () => void;
}

/** The booking calendar, the booking form and the cancel link of each confirmation email. */
export const bookingPlugin: FastifyPluginAsync<BookingRoutesOptions> = async (app, options) => {
  const { booking, pages } = options;
  const formLimit = perMinute(options.rateLimitPerMinute);
  const readLimit = perMinute(options.rateLimitPerMinute * 10);

  serve(
    app,
    bookingSettings,
    async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      return { ...(await booking.publicSettings(request.query.adviser)), videoLink: options.videoLink };
    },
    readLimit,
  );

  serve(
    app,
    datesForMonth,
    async (request, reply) => {
      const { year, month, adviser } = request.body;
      reply.header('cache-control', 'no-store');
      return { availableDates: await booking.datesWithTimes(year, month - 1, adviser) };
    },
    readLimit,
  );

  serve(
    app,
    timesForDate,
    async (request, reply) => {
      const { year, month, day, adviser } = request.body;
      const date = { year, month: month - 1, day };
      if (!isValidDate(date))
        return reply.status(422).send(failure('year, month and day do not make a real date'));
      reply.header('cache-control', 'no-store');
      return booking.timesForDate(date, adviser);
    },
    readLimit,
  );

  serve(
    app,
    bookCall,
    async (request, reply) => {
      const form = request.body;
      const check = await options.botCheck.verify(form.recToken, botCheckActions.booking, request.ip);
      if (!check.passed) {
        request.log.warn({ reason: check.reason, action: botCheckActions.booking }, 'bot check failed');
        return reply.status(403).send(failure(botCheckMessages.failed));
      }
      const { applicationReference } = form;
      const application = applicationReference
        ? await options.findApplication(applicationReference, form.emailAddress)
        : null;
      if (application === undefined) {
        return reply.status(422).send(failure('applicationReference does not match an application'));
      }
      const result = await booking.book(
        form,
        { ipAddress: request.ip, cameFrom: sourceOfRequest(request, form) },
        application,
      );
      if (result.status === 'invalid') return reply.status(422).send(failure(...result.messages));
      if (result.status === 'taken') return reply.status(409).send(failure(bookingMessages.slotTaken));
      if (result.status === 'limited') {
        request.log.info({ limit: result.limit }, 'booking refused at its limit');
        const message =
          result.limit === 'upcoming-per-email'
            ? bookingMessages.tooManyUpcoming
            : bookingMessages.tooManyToday;
        return reply.status(429).send(failure(message));
      }
      options.mailQueued();
      return reply.status(201).send(succeeded(bookingMessages.booked));
    },
    formLimit,
  );

  serve(app, cancelBookingPage, async (request, reply) => {
    const token = request.query.token ?? '';
    const found = token ? await booking.findByCancelToken(token) : undefined;
    if (!found) return invalidLink(reply);
    const { dateText, timeText, zone } = describeSlot(found);
    if (found.status === 'cancelled') {
      return pages.send(
        reply,
        200,
        'Call already cancelled',
        html`<h1>This call is already cancelled</h1>
        <p>Your call on ${dateText} at ${timeText} ${zone} was cancelled. <a href="/">Book another time</a>.</p>`,
      );
    }
    return pages.send(
      reply,
      200,
      'Cancel your call',
      html`<h1>Cancel your call?</h1>
      <p>Your initial call with ${pages.firm.name} is on <strong>${dateText} at ${timeText} ${zone}</strong>.</p>
      <form method="post" action="${cancelBooking.path}">
        <input type="hidden" name="token" value="${token}">
        <button type="submit" class="button">Cancel my call</button>
      </form>
      <p>Changed your mind? Keep this page closed and your call stays booked.</p>`,
    );
  });

  serve(
    app,
    cancelBooking,
    async (request, reply) => {
      if (!isSameOrigin(request, options.publicUrl)) {
        return pages.send(
          reply,
          403,
          'Not allowed',
          html`<h1>This request was not allowed</h1>
        <p>Please use the link in your confirmation email to cancel your call.</p>`,
        );
      }
      const token = request.body.token ?? '';
      const outcome = token ? await booking.cancelByToken(token) : 'unknown';
      if (outcome === 'unknown') return invalidLink(reply);
      if (outcome === 'already-cancelled') {
        return pages.send(
          reply,
          200,
          'Call already cancelled',
          html`<h1>This call is already cancelled</h1>
        <p>There is nothing more to do. If you would like another time, <a href="/">book again</a> or call us on
        <a href="${pages.firm.phoneHref}">${pages.firm.phone}</a>.</p>`,
        );
      }
      options.mailQueued();
      return pages.send(
        reply,
        200,
        'Call cancelled',
        html`<h1>Your call is cancelled</h1>
      <p>We have emailed you to confirm. If you would like another time, <a href="/">book again</a> or call us on
      <a href="${pages.firm.phoneHref}">${pages.firm.phone}</a>.</p>`,
      );
    },
    formLimit,
  );

  registerVisitorCallChanges(app, {
    booking,
    publicUrl: options.publicUrl,
    rateLimitPerMinute: options.rateLimitPerMinute,
    mailQueued: options.mailQueued,
  });

  function invalidLink(reply: Parameters<ServerPages['send']>[0]) {
    return pages.send(
      reply,
      404,
      'Link not recognised',
      html`<h1>We do not recognise this link</h1>
      <p>Please check it is the whole link from your confirmation email, or call us on
      <a href="${pages.firm.phoneHref}">${pages.firm.phone}</a> and we will help.</p>`,
    );
  }
};

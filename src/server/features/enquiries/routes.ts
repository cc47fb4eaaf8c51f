import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { BotCheck } from '#server/captcha/index.ts';
import { failure, succeeded } from '#server/http/errors.ts';
import { perMinute } from '#server/http/rate-limit.ts';
import { scriptedFormRefusal } from '#server/http/scripted-form.ts';
import { serve } from '#server/http/serve.ts';
import type { ServerPages } from '#server/http/server-page.ts';
import { sourceOfRequest } from '#server/http/visit-source.ts';
import { sendContactEnquiry, sendQuoteRequest } from '#shared/api/enquiries.ts';
import { type BotCheckAction, botCheckActions, botCheckMessages } from '#shared/bot-check.ts';
import { type ContactEnquiry, enquiryMessages, type QuoteEnquiry } from '#shared/enquiries.ts';
import { honeypotField } from '#shared/mailing-list.ts';
import { contactEnquiry, type Enquiry, quoteEnquiry } from './enquiry.ts';
import type { EnquiryService } from './service.ts';

export interface EnquiryRoutesOptions {
  enquiries: EnquiryService;
  botCheck: BotCheck;
  rateLimitPerMinute: number;
  /** Called after a commit that queued mail. */
  mailQueued: () => void;
  pages: ServerPages;
}

const received = succeeded(enquiryMessages.received);

/** The contact and quote forms: checked, bot-checked, stored, then acknowledged. */
export const enquiriesPlugin: FastifyPluginAsync<EnquiryRoutesOptions> = async (app, options) => {
  const formLimit = perMinute(options.rateLimitPerMinute);

  const receive = async <T extends ContactEnquiry | QuoteEnquiry>(
    request: FastifyRequest,
    reply: FastifyReply,
    form: T,
    action: BotCheckAction,
    toEnquiry: (form: T, ipAddress: string) => Enquiry,
  ) => {
    // A bot that fills the hidden field is told what a person would be told, and nothing is kept.
    if (form[honeypotField]) return reply.status(201).send(received);
    const check = await options.botCheck.verify(form.recToken, action, request.ip);
    if (!check.passed) {
      request.log.warn({ reason: check.reason, action }, 'bot check failed');
      return reply.status(403).send(failure(botCheckMessages.failed));
    }
    await options.enquiries.submit({
      ...toEnquiry(form, request.ip),
      cameFrom: sourceOfRequest(request, form),
    });
    options.mailQueued();
    return reply.status(201).send(received);
  };

  serve(
    app,
    sendContactEnquiry,
    (request, reply) => receive(request, reply, request.body, botCheckActions.contact, contactEnquiry),
    { ...formLimit, refusalPage: scriptedFormRefusal(options.pages, '/contact') },
  );
  serve(
    app,
    sendQuoteRequest,
    (request, reply) =>
      receive(request, reply, request.body, botCheckActions.quote, (form, ip) =>
        quoteEnquiry(form, ip, app.deps.clock()),
      ),
    { ...formLimit, refusalPage: scriptedFormRefusal(options.pages, '/quote') },
  );
};

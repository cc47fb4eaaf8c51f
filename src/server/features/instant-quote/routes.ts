import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';
import type { BotCheck } from '#server/captcha/index.ts';
import type { Db } from '#server/db/database.ts';
import type { EnquiryService } from '#server/features/enquiries/index.ts';
import { currentPriceList } from '#server/features/pricing/index.ts';
import { succeeded } from '#server/http/errors.ts';
import { perMinute } from '#server/http/rate-limit.ts';
import { serve } from '#server/http/serve.ts';
import { html, type ServerPages } from '#server/http/server-page.ts';
import { sourceOfRequest } from '#server/http/visit-source.ts';
import type { Clock } from '#server/time/clock.ts';
import { readInstantQuoteSetting, saveInstantQuoteSetting } from '#shared/api/back-office-pricing.ts';
import {
  instantQuotePage,
  instantQuoteSent,
  priceInstantQuote,
  sendInstantQuote,
} from '#shared/api/instant-quote.ts';
import { backOfficeMessages } from '#shared/back-office.ts';
import { botCheckActions, botCheckMessages } from '#shared/bot-check.ts';
import { enquiryMessages, quoteFields } from '#shared/enquiries.ts';
import { fieldsShape } from '#shared/form-fields.ts';
import {
  answerLines,
  type ChoiceProblem,
  instantQuotePaths,
  instantQuoteWords,
  priceOf,
  quoteView,
  readChoices,
} from '#shared/instant-quote.ts';
import { honeypotField } from '#shared/mailing-list.ts';
import type { PriceList } from '#shared/pricing.ts';
import { z } from '#shared/zod.ts';
import { instantQuoteContent, type Posted, sentContent } from './page.ts';
import { instantQuoteIsOn, setInstantQuote } from './settings.ts';

export interface InstantQuoteRoutesOptions {
  db: Db;
  enquiries: EnquiryService;
  botCheck: BotCheck;
  pages: ServerPages;
  rateLimitPerMinute: number;
  /** Called after a commit that queued mail. */
  mailQueued: () => void;
}

// The send form's own fields, with the quote form's words for them.
const contactSchema = z.object(
  fieldsShape({ name: quoteFields.name, emailAddress: quoteFields.emailAddress }),
);

/**
 * The instant quote: its page, priced by the server on each form post (so it works without script), and
 * the post that sends it as a quote request carrying the server's own figures.
 */
export const instantQuotePlugin: FastifyPluginAsync<InstantQuoteRoutesOptions> = async (app, options) => {
  const { db, pages } = options;

  const show = (
    reply: FastifyReply,
    status: number,
    list: PriceList,
    posted: Posted,
    problems: ChoiceProblem[],
  ) => {
    const choices = readChoices(list, posted);
    const pricing = priceOf(list, choices);
    const view = pricing ? quoteView(list.vat, pricing) : null;
    return pages.send(
      reply,
      status,
      instantQuoteWords.title,
      instantQuoteContent({ list, firmName: pages.firm.name, posted, view, problems }),
    );
  };

  const turnedOff = (reply: FastifyReply) =>
    pages.send(
      reply,
      404,
      instantQuoteWords.off,
      html`<h1>${instantQuoteWords.off}</h1>
        <p><a href="/quote">Ask for a quote</a> instead, and we will reply with a price.</p>`,
    );

  serve(app, instantQuotePage, async (_request, reply) => {
    if (!(await instantQuoteIsOn(db))) return turnedOff(reply);
    const { priceList } = await currentPriceList(db);
    return pages.send(
      reply,
      200,
      instantQuoteWords.title,
      instantQuoteContent({
        list: priceList,
        firmName: pages.firm.name,
        posted: {},
        view: null,
        problems: [],
      }),
    );
  });

  // Each press of "Show my price" without the page's script: a page a visitor may ask for a few times a
  // minute as they change their answers, so its limit is looser than a sent form's.
  serve(
    app,
    priceInstantQuote,
    async (request, reply) => {
      if (!(await instantQuoteIsOn(db))) return turnedOff(reply);
      const { priceList } = await currentPriceList(db);
      const { problems } = readChoices(priceList, request.body);
      return show(reply, problems.length > 0 ? 422 : 200, priceList, request.body, problems);
    },
    perMinute(options.rateLimitPerMinute * 5),
  );

  serve(
    app,
    sendInstantQuote,
    async (request, reply) => {
      if (!(await instantQuoteIsOn(db))) return turnedOff(reply);
      const body = request.body;
      const sent = () => reply.redirect(instantQuotePaths.sent, 303);
      // A bot that fills the hidden field is told what a person would be told, and nothing is kept.
      if (body[honeypotField]) return sent();
      const { version, priceList } = await currentPriceList(db);
      // The price is worked out here from the services and answers: any figure the browser sent is ignored.
      const choices = readChoices(priceList, body);
      const contact = contactSchema.safeParse({
        name: body.name ?? '',
        emailAddress: body.emailAddress ?? '',
      });
      const problems: ChoiceProblem[] = [
        ...choices.problems,
        ...(contact.success
          ? []
          : contact.error.issues.map((issue) => ({ field: String(issue.path[0]), message: issue.message }))),
        ...(body.accept === true ? [] : [{ field: 'accept', message: enquiryMessages.acceptMissing }]),
      ];
      if (problems.length > 0 || !contact.success) return show(reply, 422, priceList, body, problems);
      const pricing = priceOf(priceList, choices);
      if (!pricing) return show(reply, 422, priceList, body, choices.problems);
      const check = await options.botCheck.verify(body.recToken ?? '', botCheckActions.quote, request.ip);
      if (!check.passed) {
        request.log.warn({ reason: check.reason, action: 'instant-quote' }, 'bot check failed');
        // No token at all: the page's script never ran, and the provider's check needs it.
        const message = body.recToken ? botCheckMessages.failed : instantQuoteWords.needsScript;
        return show(reply, 403, priceList, body, [{ field: 'recToken', message }]);
      }
      await options.enquiries.submit({
        kind: 'quote',
        name: String(contact.data.name),
        email: String(contact.data.emailAddress),
        organisation: '',
        phone: null,
        postcode: null,
        message: '',
        details: {
          optin: body.optin === true,
          instantQuote: {
            priceListVersion: version,
            vat: priceList.vat,
            services: choices.services,
            answers: choices.answers,
            answerLines: answerLines(priceList, choices.answers),
            pricing,
          },
        },
        ipAddress: request.ip,
        cameFrom: sourceOfRequest(request, body),
      });
      options.mailQueued();
      return sent();
    },
    perMinute(options.rateLimitPerMinute),
  );

  serve(app, instantQuoteSent, (_request, reply) =>
    pages.send(reply, 200, instantQuoteWords.sentTitle, sentContent(pages.firm)),
  );
};

/** The owner's switch for the instant quote, in the back office. */
export function registerInstantQuoteSettingRoutes(app: FastifyInstance, db: Db, now: Clock) {
  serve(app, readInstantQuoteSetting, async () => ({ enabled: await instantQuoteIsOn(db) }));
  serve(app, saveInstantQuoteSetting, async (request) => {
    const { enabled } = request.body;
    await setInstantQuote(db, enabled, { by: request.staff.id, now: now() });
    return succeeded(enabled ? backOfficeMessages.instantQuoteOn : backOfficeMessages.instantQuoteOff);
  });
}

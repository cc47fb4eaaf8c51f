import type { FastifyInstance, FastifyReply } from 'fastify';
import { firm } from '../../../../content/firm.ts';
import { consentWording, honeypotField, mailingListMessages } from '../../../shared/mailing-list.ts';
import { signUpFormOf, subscribeSchema } from '../../../shared/mailing-list-schema.ts';
import { publicRoute } from '../../http/access.ts';
import { failure, isPageRequest, succeeded } from '../../http/errors.ts';
import { validationMessages } from '../../http/problems.ts';
import { perMinute } from '../../http/rate-limit.ts';
import { crossSiteAllowed } from '../../http/same-origin.ts';
import { html, type ServerPages } from '../../http/server-page.ts';
import type { MailingListService } from './service.ts';

/** A browser's own form post (no script): it asks for a page, where our scripts ask for JSON. */
export interface MailingListRoutesOptions {
  mailingList: MailingListService;
  pages: ServerPages;
  rateLimitPerMinute: number;
  /** Called after a commit that queued mail. */
  mailQueued: () => void;
}

const accepted = succeeded(mailingListMessages.checkInbox);

export function registerMailingListRoutes(app: FastifyInstance, options: MailingListRoutesOptions) {
  const { mailingList, pages } = options;
  const formLimit = { ...publicRoute, ...perMinute(options.rateLimitPerMinute) };

  app.post('/subscribe', { config: formLimit }, async (request, reply) => {
    // The forms also work before their script has loaded: the browser then posts them as a page.
    const wantsPage = isPageRequest(request);
    const parsed = subscribeSchema.safeParse(request.body);
    if (!parsed.success) {
      const messages = validationMessages(parsed.error);
      if (!wantsPage) return reply.status(422).send(failure(...messages));
      return pages.send(
        reply,
        422,
        'Please check your email address',
        html`<h1>Please check your email address</h1>
        <ul>${messages.map((message) => html`<li>${message}</li>`)}</ul>
        <p><a href="/newsletter">Try again</a></p>`,
      );
    }
    const done = () => (wantsPage ? reply.redirect('/subscribed', 303) : accepted);
    // A bot that fills the hidden field is told what a person would be told, and nothing is kept.
    if (parsed.data[honeypotField]) return done();
    const form = signUpFormOf(parsed.data);
    await mailingList.signUp({
      email: parsed.data.emailAddress,
      source: form,
      wording: consentWording[form],
      ipAddress: request.ip,
    });
    options.mailQueued();
    return done();
  });

  // Opening the link in the email only shows a button: mail scanners (Safe Links and the like) open every
  // link, and must not subscribe anyone. The button posts the token to the route below, which confirms.
  app.get<{ Querystring: { token?: string } }>(
    '/subscribe/confirm',
    { config: publicRoute },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const token = String(request.query.token ?? '');
      const subscriber = await mailingList.findByConfirmToken(token);
      if (!subscriber) return expiredConfirmLink(reply);
      if (subscriber.status === 'confirmed') return subscribedPage(reply);
      return pages.send(
        reply,
        200,
        'Confirm your subscription',
        html`<h1>Confirm your subscription</h1>
      <p>Press the button to send the ${firm.name} newsletter to ${subscriber.email}, about once a month.</p>
      <form method="post" action="/subscribe/confirm">
        <input type="hidden" name="token" value="${token}">
        <button type="submit" class="button">Confirm my subscription</button>
      </form>
      <p>Did not ask for it? Close this page: without the button, we send you nothing more.</p>`,
      );
    },
  );

  app.post<{ Body: { token?: unknown } | undefined }>(
    '/subscribe/confirm',
    { config: { ...publicRoute, ...formLimit } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const token = typeof request.body?.token === 'string' ? request.body.token : '';
      const outcome = await mailingList.confirm(token, request.ip);
      if (outcome === 'unknown') return expiredConfirmLink(reply);
      return subscribedPage(reply);
    },
  );

  app.get<{ Querystring: { token?: string } }>(
    '/unsubscribe',
    { config: publicRoute },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const token = String(request.query.token ?? '');
      const subscriber = await mailingList.findByUnsubscribeToken(token);
      if (!subscriber) return unknownLink(reply);
      if (subscriber.status === 'unsubscribed') return unsubscribedPage(reply);
      return pages.send(
        reply,
        200,
        'Unsubscribe',
        html`<h1>Unsubscribe from our newsletter?</h1>
      <p>${subscriber.email} will get no more newsletters from ${firm.name}.</p>
      <form method="post" action="/unsubscribe?token=${encodeURIComponent(token)}">
        <input type="hidden" name="List-Unsubscribe" value="One-Click">
        <input type="hidden" name="from" value="page">
        <button type="submit" class="button">Unsubscribe</button>
      </form>`,
      );
    },
  );

  // RFC 8058: mail providers POST here from their own servers (or a webmail page), with no cookies and no
  // page of ours, so this is the one post that other sites may send; the unguessable token is the authority.
  app.register(async (scope) => {
    scope.addContentTypeParser(
      'multipart/form-data',
      { parseAs: 'string', bodyLimit: 4096 },
      (_r, body, done) => done(null, body),
    );
    scope.post<{ Querystring: { token?: string }; Body: unknown }>(
      '/unsubscribe',
      { config: { ...crossSiteAllowed, ...formLimit } },
      async (request, reply) => {
        const body = request.body as { from?: unknown } | string | undefined;
        const fromOurPage = typeof body === 'object' && body?.from === 'page';
        const outcome = await mailingList.unsubscribe(
          String(request.query.token ?? ''),
          fromOurPage ? 'unsubscribe-page' : 'one-click',
          request.ip,
        );
        if (outcome === 'unknown') return unknownLink(reply);
        return unsubscribedPage(reply);
      },
    );
  });

  function subscribedPage(reply: FastifyReply) {
    return pages.send(
      reply,
      200,
      'Subscription confirmed',
      html`<h1>You are subscribed</h1>
      <p>Thank you for confirming. The ${firm.name} newsletter will arrive about once a month, and every
      issue has a link to unsubscribe with one click.</p>
      <p><a href="/">Back to the home page</a></p>`,
    );
  }

  function expiredConfirmLink(reply: FastifyReply) {
    return pages.send(
      reply,
      404,
      'Link not recognised',
      html`<h1>This link has expired or is not complete</h1>
      <p>Please check it is the whole link from your email. Links work for 14 days: if yours is older,
      <a href="/newsletter">sign up again</a> and we will send a new one.</p>`,
    );
  }

  function unsubscribedPage(reply: FastifyReply) {
    return pages.send(
      reply,
      200,
      'Unsubscribed',
      html`<h1>You are unsubscribed</h1>
      <p>You will get no more newsletters from ${firm.name}. If you change your mind,
      <a href="/newsletter">sign up again</a>.</p>`,
    );
  }

  function unknownLink(reply: FastifyReply) {
    return pages.send(
      reply,
      404,
      'Link not recognised',
      html`<h1>We do not recognise this link</h1>
      <p>Please check it is the whole link from your email, or email us at
      <a href="mailto:${firm.email}">${firm.email}</a> and we will take you off the list.</p>`,
    );
  }
}

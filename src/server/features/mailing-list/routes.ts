import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { isPageRequest, succeeded } from '#server/http/errors.ts';
import { answerNoSoonerThan } from '#server/http/even-timing.ts';
import { perMinute } from '#server/http/rate-limit.ts';
import { crossSiteAllowed } from '#server/http/same-origin.ts';
import { serve } from '#server/http/serve.ts';
import { html, type ServerPages } from '#server/http/server-page.ts';
import { sourceOfRequest } from '#server/http/visit-source.ts';
import {
  confirmSubscription,
  confirmSubscriptionPage,
  subscribe,
  unsubscribe,
  unsubscribePage,
} from '#shared/api/mailing-list.ts';
import { consentWording, honeypotField, mailingListMessages, subscribedPage } from '#shared/mailing-list.ts';
import { signUpFormOf } from '#shared/mailing-list-schema.ts';
import { mailtoHref } from '#shared/mailto.ts';
import type { MailingListService } from './service.ts';

export interface MailingListRoutesOptions {
  mailingList: MailingListService;
  pages: ServerPages;
  rateLimitPerMinute: number;
  /** Called after a commit that queued mail. */
  mailQueued: () => void;
}

const accepted = succeeded(mailingListMessages.checkInbox);
/** Every sign-up is answered after this long, whatever the address: see answerNoSoonerThan. */
const signUpAnswerMs = 150;

/** The newsletter's sign-up forms, its confirmation link and its unsubscribe link. */
export const mailingListPlugin: FastifyPluginAsync<MailingListRoutesOptions> = async (app, options) => {
  const { mailingList, pages } = options;
  const formLimit = perMinute(options.rateLimitPerMinute);

  // The forms also work before their script has loaded: the browser then posts them as a page, and gets
  // pages back (a browser's own form post asks for a page, where our scripts ask for JSON).
  serve(
    app,
    subscribe,
    async (request, reply) => {
      const done = async () => {
        await answerNoSoonerThan(reply, signUpAnswerMs);
        return isPageRequest(request) ? reply.redirect(subscribedPage, 303) : accepted;
      };
      // A bot that fills the hidden field is told what a person would be told, and nothing is kept.
      if (request.body[honeypotField]) return done();
      const form = signUpFormOf(request.body);
      await mailingList.signUp({
        email: request.body.emailAddress,
        source: form,
        wording: consentWording(form, pages.firm.name),
        ipAddress: request.ip,
        cameFrom: sourceOfRequest(request, request.body),
      });
      options.mailQueued();
      return done();
    },
    {
      ...formLimit,
      refusalPage: (reply, problems) =>
        pages.send(
          reply,
          422,
          'Please check your email address',
          html`<h1>Please check your email address</h1>
          <ul>${problems.map((problem) => html`<li>${problem}</li>`)}</ul>
          <p><a href="/newsletter">Try again</a></p>`,
        ),
    },
  );

  // Opening the link in the email only shows a button: mail scanners (Safe Links and the like) open every
  // link, and must not subscribe anyone. The button posts the token to the route below, which confirms.
  serve(app, confirmSubscriptionPage, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const token = request.query.token ?? '';
    const subscriber = await mailingList.findByConfirmToken(token);
    if (!subscriber) return expiredConfirmLink(reply);
    if (subscriber.status === 'confirmed') return confirmedPage(reply);
    return pages.send(
      reply,
      200,
      'Confirm your subscription',
      html`<h1>Confirm your subscription</h1>
      <p>Press the button to send the ${pages.firm.name} newsletter to ${subscriber.email}, about once a month.</p>
      <form method="post" action="${confirmSubscription.path}">
        <input type="hidden" name="token" value="${token}">
        <button type="submit" class="button">Confirm my subscription</button>
      </form>
      <p>Did not ask for it? Close this page: without the button, we send you nothing more.</p>`,
    );
  });

  serve(
    app,
    confirmSubscription,
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const outcome = await mailingList.confirm(request.body.token ?? '', request.ip);
      if (outcome === 'unknown') return expiredConfirmLink(reply);
      return confirmedPage(reply);
    },
    formLimit,
  );

  serve(app, unsubscribePage, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const token = request.query.token ?? '';
    const subscriber = await mailingList.findByUnsubscribeToken(token);
    if (!subscriber) return unknownLink(reply);
    if (subscriber.status === 'unsubscribed') return unsubscribedPage(reply);
    return pages.send(
      reply,
      200,
      'Unsubscribe',
      html`<h1>Unsubscribe from our newsletter?</h1>
      <p>${subscriber.email} will get no more newsletters from ${pages.firm.name}.</p>
      <form method="post" action="${unsubscribe.path}?token=${encodeURIComponent(token)}">
        <input type="hidden" name="List-Unsubscribe" value="One-Click">
        <input type="hidden" name="from" value="page">
        <button type="submit" class="button">Unsubscribe</button>
      </form>`,
    );
  });

  // RFC 8058: mail providers POST here from their own servers (or a webmail page), with no cookies and no
  // page of ours, so this is the one post that other sites may send; the unguessable token is the authority.
  await app.register(async (oneClick) => {
    // Some providers send the one-click post as multipart; its fields are not needed, only that it came.
    oneClick.addContentTypeParser(
      'multipart/form-data',
      { parseAs: 'string', bodyLimit: 4096 },
      (_r, body, done) => done(null, body),
    );
    serve(
      oneClick,
      unsubscribe,
      async (request, reply) => {
        const fromOurPage = request.body.from === 'page';
        const outcome = await mailingList.unsubscribe(
          request.query.token ?? '',
          fromOurPage ? 'unsubscribe-page' : 'one-click',
          request.ip,
        );
        if (outcome === 'unknown') return unknownLink(reply);
        return unsubscribedPage(reply);
      },
      { ...crossSiteAllowed, ...formLimit },
    );
  });

  function confirmedPage(reply: FastifyReply) {
    return pages.send(
      reply,
      200,
      'Subscription confirmed',
      html`<h1>You are subscribed</h1>
      <p>Thank you for confirming. The ${pages.firm.name} newsletter will arrive about once a month, and every
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
      <p>You will get no more newsletters from ${pages.firm.name}. If you change your mind,
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
      <a href="${mailtoHref(pages.firm.email)}">${pages.firm.email}</a> and we will take you off the list.</p>`,
    );
  }
};

import type { FastifyPluginAsync } from 'fastify';
import { failure, succeeded } from '#server/http/errors.ts';
import { serve } from '#server/http/serve.ts';
import { html, SafeHtml, type ServerPages } from '#server/http/server-page.ts';
import {
  campaignDetail,
  campaignPreview,
  campaignPreviewPage,
  cancelCampaign,
  createCampaign,
  listCampaigns,
  newsletterArchive,
  newsletterIssue,
  sendCampaign,
  sendCampaignTest,
  updateCampaign,
} from '#shared/api/back-office-newsletter.ts';
import { renderMarkdown } from '#shared/markdown.ts';
import { newsletterArchivePath, newsletterMessages } from '#shared/newsletter.ts';
import { dayInWords } from './campaign-email.ts';
import type { NewsletterService } from './service.ts';

export interface NewsletterRoutesOptions {
  newsletter: NewsletterService;
  pages: ServerPages;
  publicUrl: URL;
  /** Called after a commit that queued mail. */
  mailQueued: () => void;
  /** Called after a campaign started sending, so its recipients are added at once. */
  campaignStarted: () => void;
}

/** The back office's Newsletter screen, and the public archive of the issues sent. */
export const newsletterPlugin: FastifyPluginAsync<NewsletterRoutesOptions> = async (app, options) => {
  const { newsletter, pages } = options;
  const notFound = failure(newsletterMessages.noCampaign);

  serve(app, listCampaigns, async () => newsletter.list());

  serve(app, createCampaign, async (request, reply) =>
    reply.status(201).send(await newsletter.create(request.body, request.staff.id)),
  );

  serve(app, campaignDetail, async (request, reply) => {
    const campaign = await newsletter.get(request.params.id);
    return campaign ?? reply.status(404).send(notFound);
  });

  serve(app, updateCampaign, async (request, reply) => {
    const outcome = await newsletter.update(request.params.id, request.body, request.staff.id);
    if (outcome === 'unknown') return reply.status(404).send(notFound);
    if (outcome === 'not-draft') return reply.status(409).send(failure(newsletterMessages.notDraft));
    return outcome;
  });

  serve(app, campaignPreview, async (request, reply) => {
    const preview = await newsletter.preview(request.params.id);
    return preview ?? reply.status(404).send(notFound);
  });

  serve(app, campaignPreviewPage, async (request, reply) => {
    const preview = await newsletter.preview(request.params.id);
    if (!preview) return reply.status(404).send(notFound);
    // The email's own styles are inline; nothing in it may run, load from elsewhere than images, or be
    // framed by any page but the back office's.
    reply.raw.removeHeader('x-frame-options');
    return reply
      .header(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' https: data:; frame-ancestors 'self'; sandbox",
      )
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(preview.html);
  });

  serve(app, sendCampaignTest, async (request, reply) => {
    const outcome = await newsletter.sendTest(request.params.id, request.staff);
    if (outcome === 'unknown') return reply.status(404).send(notFound);
    if (outcome === 'too-many') return reply.status(429).send(failure(newsletterMessages.tooManyTests));
    options.mailQueued();
    return succeeded(newsletterMessages.testSent);
  });

  serve(app, sendCampaign, async (request, reply) => {
    const { at, updatedAt } = request.body;
    const outcome = await newsletter.send(request.params.id, at, updatedAt, request.staff.id);
    if (outcome === 'unknown') return reply.status(404).send(notFound);
    if (outcome === 'past') return reply.status(422).send(failure(newsletterMessages.pastTime));
    if (outcome === 'already') return reply.status(409).send(failure(newsletterMessages.alreadySent));
    if (outcome === 'changed') {
      return reply.status(409).send(failure(newsletterMessages.changedSinceOpened));
    }
    options.campaignStarted();
    return outcome;
  });

  serve(app, cancelCampaign, async (request, reply) => {
    const outcome = await newsletter.cancel(request.params.id, request.staff.id);
    if (outcome === 'unknown') return reply.status(404).send(notFound);
    if (outcome === 'not-cancellable') {
      return reply.status(409).send(failure(newsletterMessages.notCancellable));
    }
    return outcome;
  });

  serve(app, newsletterArchive, async (_request, reply) => {
    const issues = await newsletter.archive();
    return pages.send(
      reply,
      200,
      'Newsletter archive',
      html`<h1>Past issues of our newsletter</h1>
      <p>Tax news that matters to your business, once a month. <a href="/newsletter">Sign up</a> to get it by email.</p>
      ${
        issues.length === 0
          ? html`<p>No issue has been sent yet.</p>`
          : html`<ul class="newsletter-archive">${issues.map(
              (issue) =>
                html`<li><a href="${newsletterArchivePath}/${issue.slug}">${issue.subject}</a>
                <time datetime="${issue.sent_at ?? ''}">${dayInWords(issue.sent_at ?? issue.started_at ?? '')}</time></li>`,
            )}</ul>`
      }`,
    );
  });

  serve(app, newsletterIssue, async (request, reply) => {
    const issue = await newsletter.issue(request.params.slug);
    if (!issue) {
      return pages.send(
        reply,
        404,
        'Issue not found',
        html`<h1>Issue not found</h1>
        <p>No issue of the newsletter was sent at this address. <a href="${newsletterArchivePath}">See every past issue</a>.</p>`,
      );
    }
    const { row, content } = issue;
    // The issue as subscribers read it, without anyone's unsubscribe link: the Markdown renderer's HTML is
    // safe by construction.
    const body = new SafeHtml(renderMarkdown(content.bodyMarkdown, options.publicUrl.origin));
    return pages.send(
      reply,
      200,
      `${content.subject}: our newsletter`,
      html`<article class="newsletter-issue">
        <p><a href="${newsletterArchivePath}">Newsletter archive</a></p>
        <h1>${content.subject}</h1>
        <p><time datetime="${row.sent_at ?? ''}">${dayInWords(row.sent_at ?? row.started_at ?? row.created_at)}</time></p>
        ${body}
        ${content.readOnSite ? html`<p><a href="${content.readOnSite}">Read the article on our site</a></p>` : html``}
        <p><a href="/newsletter">Sign up to get the next issue by email</a></p>
      </article>`,
    );
  });
};

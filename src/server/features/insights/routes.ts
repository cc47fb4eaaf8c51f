import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';
import { failure, succeeded } from '#server/http/errors.ts';
import { sendCompressed } from '#server/http/pages.ts';
import { serve } from '#server/http/serve.ts';
import { createPoller } from '#server/jobs/poller.ts';
import { sendPhotoFile } from '#server/pictures/photo-file.ts';
import { PhotoRefusal } from '#server/pictures/photo-sizes.ts';
import {
  createArticle,
  discardArticleRevision,
  getArticle,
  listArticles,
  publishArticle,
  publishArticleRevision,
  saveArticle,
  scheduleArticle,
  unpublishArticle,
  uploadArticleCover,
} from '#shared/api/back-office-articles.ts';
import {
  insightsArticle,
  insightsFeed,
  insightsImage,
  insightsList,
  insightsTag,
} from '#shared/api/insights.ts';
import { articleMessages, articlePath, insightsTagPath } from '#shared/articles.ts';
import type { PublishedInsights } from './published-pages.ts';
import { ArticleRefusal, type ArticleService } from './service.ts';

export interface InsightsOptions {
  articles: ArticleService;
  published: PublishedInsights;
  /** How often each instance publishes what came due and looks for changes made elsewhere. */
  refreshSeconds: number;
}

/** Big enough for a cover of coverMaxBytes as base64 and its alt text; the service refuses past the limit in words. */
const coverBodyLimit = 16 * 1024 * 1024;

/** Answers a refused change with its status and words; anything else is the app's error handler's. */
async function answering(reply: FastifyReply, change: () => Promise<string>) {
  try {
    return reply.status(200).send(succeeded(await change()));
  } catch (error) {
    if (error instanceof ArticleRefusal || error instanceof PhotoRefusal) {
      return reply.status(error.status).send(failure(error.message));
    }
    throw error;
  }
}

/**
 * The back office's Insights API: every route is staff-only (its contract entry says so), and what a
 * member of staff who is not an owner changes in a live article waits for an owner (service.ts).
 */
function registerEditorRoutes(app: FastifyInstance, { articles }: InsightsOptions) {
  const idOf = (params: { id: string }) => Number(params.id);

  serve(app, listArticles, async () => ({
    articles: await articles.list(),
    authors: await articles.authors(),
    timeZone: await articles.timeZone(),
  }));

  serve(app, getArticle, async (request, reply) => {
    try {
      return await articles.get(idOf(request.params));
    } catch (error) {
      if (error instanceof ArticleRefusal) return reply.status(404).send(failure(error.message));
      throw error;
    }
  });

  serve(app, createArticle, async (request, reply) => {
    try {
      const id = await articles.create(request.staff.id, request.body);
      return reply.status(201).send({ ...succeeded(articleMessages.created), id });
    } catch (error) {
      if (error instanceof ArticleRefusal && error.status !== 404) {
        return reply.status(error.status).send(failure(error.message));
      }
      throw error;
    }
  });

  serve(app, saveArticle, async (request, reply) => {
    try {
      const saved = await articles.save(request.staff, idOf(request.params), request.body);
      const said = saved.went === 'live' ? articleMessages.saved : articleMessages.revisionSaved;
      return reply.status(200).send({ ...succeeded(said), updatedAt: saved.updatedAt });
    } catch (error) {
      if (error instanceof ArticleRefusal) return reply.status(error.status).send(failure(error.message));
      throw error;
    }
  });
  serve(app, scheduleArticle, (request, reply) =>
    answering(reply, async () => {
      const { publishAt, updatedAt } = request.body;
      await articles.schedule(request.staff.id, idOf(request.params), publishAt, updatedAt);
      return articleMessages.scheduled;
    }),
  );
  serve(app, publishArticle, (request, reply) =>
    answering(reply, async () => {
      await articles.publish(request.staff.id, idOf(request.params), request.body.updatedAt);
      return articleMessages.published;
    }),
  );
  serve(app, unpublishArticle, (request, reply) =>
    answering(reply, async () => {
      await articles.unpublish(request.staff.id, idOf(request.params));
      return articleMessages.unpublished;
    }),
  );
  serve(app, uploadArticleCover, (request, reply) =>
    answering(reply, async () => {
      const { data, contentType, alt } = request.body;
      const went = await articles.uploadCover(request.staff, idOf(request.params), {
        bytes: Buffer.from(data, 'base64'),
        contentType,
        alt,
      });
      return went === 'live' ? articleMessages.coverSaved : articleMessages.coverRevisionSaved;
    }),
  );
  serve(app, publishArticleRevision, (request, reply) =>
    answering(reply, async () => {
      await articles.publishRevision(request.staff.id, idOf(request.params), request.body.writtenAt);
      return articleMessages.revisionPublished;
    }),
  );
  serve(app, discardArticleRevision, (request, reply) =>
    answering(reply, async () => {
      await articles.discardRevision(request.staff.id, idOf(request.params));
      return articleMessages.revisionDiscarded;
    }),
  );
}

/** The site's not-found page (or answer), as for any path nothing is published at. */
function notFound(reply: FastifyReply) {
  reply.callNotFound();
  return reply;
}

/** The public pages, the feed and the cover images, each answered from memory (the images from the database). */
function registerPublicRoutes(app: FastifyInstance, { published }: InsightsOptions) {
  serve(app, insightsList, (request, reply) =>
    sendCompressed(
      request,
      reply,
      published.page(insightsList.path) as NonNullable<ReturnType<typeof published.page>>,
    ),
  );
  serve(app, insightsFeed, (request, reply) =>
    sendCompressed(request, reply, published.feed, 200, 'application/atom+xml; charset=utf-8'),
  );
  serve(app, insightsArticle, (request, reply) => {
    const page = published.page(articlePath(request.params.slug));
    return page ? sendCompressed(request, reply, page) : notFound(reply);
  });
  serve(app, insightsTag, (request, reply) => {
    const page = published.page(insightsTagPath(request.params.tag));
    return page ? sendCompressed(request, reply, page) : notFound(reply);
  });
  serve(app, insightsImage, async (request, reply) => {
    const image = await app.deps.db
      .selectFrom('article_images')
      .select(['content_type', 'bytes'])
      .where('name', '=', request.params.name)
      .executeTakeFirst();
    if (!image) return notFound(reply);
    return sendPhotoFile(reply, image);
  });
}

/**
 * Articles: the editor's API, the public pages, and the job that publishes scheduled articles on time and
 * keeps this instance's pages in step with the database.
 */
export const insightsPlugin: FastifyPluginAsync<InsightsOptions> = async (app, options) => {
  app.addHook('onRoute', (route) => {
    if (route.url === uploadArticleCover.path) route.bodyLimit = coverBodyLimit;
  });
  registerEditorRoutes(app, options);
  registerPublicRoutes(app, options);

  const { articles, published } = options;
  const job = createPoller(
    async () => {
      const due = await articles.publishDue();
      const refreshed = await published.refreshIfChanged();
      return due + (refreshed ? 1 : 0);
    },
    { pollIntervalMs: options.refreshSeconds * 1000, log: app.log as never, what: 'insights refresh' },
  );
  app.addHook('onReady', async () => {
    await published.refresh();
    job.start();
  });
  app.addHook('onClose', async () => {
    await job.stop();
  });
};

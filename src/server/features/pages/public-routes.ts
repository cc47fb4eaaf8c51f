import type { FastifyPluginAsync } from 'fastify';
import type { SitePages } from '#server/http/pages.ts';
import { serve } from '#server/http/serve.ts';
import { createPoller } from '#server/jobs/poller.ts';
import { sendPhotoFile } from '#server/pictures/photo-file.ts';
import { firmPage, homePage, pagePictureFile } from '#shared/api/site.ts';
import { addBuiltInPages } from './built-in-pages.ts';
import type { PublishedPages } from './published-pages.ts';
import type { PagesService } from './service.ts';

export interface PublicPagesOptions {
  pages: PagesService;
  published: PublishedPages;
  site: SitePages;
  /** How often each instance publishes what came due and looks for changes made elsewhere. */
  refreshSeconds: number;
}

/**
 * The firm's pages at their addresses, from memory: a page as published, an address a page gave up sent
 * on (301) or told it has gone (410), and anything else the site's not-found answer. A job publishes what
 * was scheduled and keeps this instance in step with the others.
 */
export const publicPagesPlugin: FastifyPluginAsync<PublicPagesOptions> = async (app, options) => {
  const { pages, published, site } = options;
  serve(app, homePage, (request, reply) => {
    const page = published.page('/');
    if (page) return site.send(request, reply, page);
    reply.callNotFound();
    return reply;
  });

  serve(app, firmPage, (request, reply) => {
    const path = `/${request.params.page}`;
    const page = published.page(path);
    if (page) return site.send(request, reply, page);
    const movedTo = published.movedTo(path);
    if (movedTo) return reply.redirect(movedTo, 301);
    if (movedTo === null && site.notFound) return site.send(request, reply, site.notFound, 410);
    reply.callNotFound();
    return reply;
  });

  serve(app, pagePictureFile, async (request, reply) => {
    const picture = await app.deps.db
      .selectFrom('page_images')
      .select(['content_type', 'bytes'])
      .where('name', '=', request.params.name)
      .executeTakeFirst();
    if (!picture) {
      reply.callNotFound();
      return reply;
    }
    return sendPhotoFile(reply, picture);
  });

  const job = createPoller(
    async () => {
      const due = await pages.publishDue();
      const refreshed = await published.refreshIfChanged();
      return due + (refreshed ? 1 : 0);
    },
    { pollIntervalMs: options.refreshSeconds * 1000, log: app.log as never, what: 'pages refresh' },
  );
  app.addHook('onReady', async () => {
    await addBuiltInPages(app.deps.db, app.deps.clock());
    await published.refresh();
    job.start();
  });
  app.addHook('onClose', async () => {
    await job.stop();
  });
};

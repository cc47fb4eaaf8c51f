import type { FastifyInstance } from 'fastify';
import { failure, succeeded } from '#server/http/errors.ts';
import type { Page } from '#server/http/pages.ts';
import { serve } from '#server/http/serve.ts';
import { makePhotoSizes, PhotoRefusal } from '#server/pictures/photo-sizes.ts';
import {
  createPage,
  getPage,
  getPageRevision,
  listPages,
  movePage,
  previewPage,
  publishPage,
  removePage,
  restorePageRevision,
  savePageDraft,
  setPageNav,
  uploadPagePicture,
} from '#shared/api/back-office-pages.ts';
import { pageMessages, pagePictureMessages } from '#shared/pages.ts';
import { type PageDocument, pictureMissing } from '#shared/sections.ts';
import type { PagesService } from './service.ts';

/** Big enough for a photo of 8 MB as base64; the photo's own checks refuse past that in words. */
const pictureBodyLimit = 12 * 1024 * 1024;
/**
 * Big enough for a page at every limit its schema sets (40 sections of rich text at 50,000 characters,
 * as JSON), which then refuses past those limits in words naming the field.
 */
const draftBodyLimit = 8 * 1024 * 1024;

/**
 * The back office's Pages API (src/shared/api/back-office-pages.ts): every member of staff reads and edits
 * drafts; publishing, restoring, moving and removing are an owner's, as each endpoint's contract declares.
 * `changed` is told after anything visitors could see has changed, so this instance renders its pages again.
 */
export function registerPageRoutes(
  app: FastifyInstance,
  {
    pages,
    changed,
    draw,
  }: {
    pages: PagesService;
    changed: () => Promise<void>;
    /** Draws a document as a page of the site, as a published one is drawn. */
    draw: (path: string, document: PageDocument) => Page;
  },
) {
  const idOf = (params: { id: string }) => Number(params.id);
  const noSuchPage = failure(pageMessages.noSuchPage);
  app.addHook('onRoute', (route) => {
    if (route.url === uploadPagePicture.path) route.bodyLimit = pictureBodyLimit;
    if (route.url === savePageDraft.path) route.bodyLimit = draftBodyLimit;
  });

  serve(app, uploadPagePicture, async (request, reply) => {
    const { contentType, data } = request.body;
    try {
      const photo = await makePhotoSizes(Buffer.from(data, 'base64'), contentType, {
        size: pagePictureMessages.size,
        pixels: pagePictureMessages.pixels,
        unreadable: pagePictureMessages.unreadable,
        type: pagePictureMessages.mislabelled,
      });
      await pages.storePicture(photo);
      return reply.status(201).send({
        ...succeeded(pagePictureMessages.uploaded),
        key: photo.key,
        width: photo.width,
        height: photo.height,
      });
    } catch (error) {
      if (error instanceof PhotoRefusal) return reply.status(error.status).send(failure(error.message));
      throw error;
    }
  });

  serve(app, listPages, async () => ({ pages: await pages.list() }));

  serve(app, getPage, async (request, reply) => {
    const page = await pages.read(idOf(request.params));
    return page ?? reply.status(404).send(noSuchPage);
  });

  serve(app, previewPage, async (request, reply) => {
    const page = await pages.read(idOf(request.params));
    if (!page) return reply.status(404).send(noSuchPage);
    // The editor shows it in a frame of its own: this answer alone may be framed, by the site itself.
    const policy = String(reply.getHeader('content-security-policy') ?? '');
    return reply
      .header('content-security-policy', policy.replace("frame-ancestors 'none'", "frame-ancestors 'self'"))
      .header('x-frame-options', 'SAMEORIGIN')
      .header('x-robots-tag', 'noindex')
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(draw(page.path, page.draft).identity);
  });

  serve(app, createPage, async (request, reply) => {
    const { path, ...words } = request.body;
    const made = await pages.create(path, words, request.staff.id);
    if (!made.created) return reply.status(409).send(failure(pageMessages.pathTaken));
    return reply.status(201).send({ ...succeeded(pageMessages.created), id: made.id });
  });

  serve(app, savePageDraft, async (request, reply) => {
    const { document, basedOn } = request.body;
    const saved = await pages.saveDraft(idOf(request.params), document, basedOn, request.staff.id);
    if (saved.saved) return { ...succeeded(pageMessages.saved), draftVersion: saved.draftVersion };
    if (saved.reason === 'kept-section') return reply.status(422).send(failure(saved.message));
    if (saved.reason === 'missing-picture') return reply.status(422).send(failure(pictureMissing));
    if (saved.reason === 'no-such-adviser')
      return reply.status(422).send(failure(pageMessages.noSuchAdviser));
    return saved.reason === 'no-page'
      ? reply.status(404).send(noSuchPage)
      : reply.status(409).send(failure(pageMessages.savedElsewhere));
  });

  serve(app, publishPage, async (request, reply) => {
    const { basedOn, at } = request.body;
    const outcome = await pages.publish(idOf(request.params), {
      basedOn,
      ...(at && { at: new Date(at) }),
      by: request.staff.id,
    });
    if (outcome === 'no-page') return reply.status(404).send(noSuchPage);
    if (outcome === 'conflict') return reply.status(409).send(failure(pageMessages.savedElsewhere));
    if (outcome === 'unchanged') return reply.status(422).send(failure(pageMessages.nothingToPublish));
    if (outcome === 'published') await changed();
    return succeeded(outcome === 'published' ? pageMessages.published : pageMessages.scheduled);
  });

  serve(app, getPageRevision, async (request, reply) => {
    const revision = await pages.revision(idOf(request.params), Number(request.params.number));
    return revision ?? reply.status(404).send(failure(pageMessages.noSuchRevision));
  });

  serve(app, restorePageRevision, async (request, reply) => {
    const restored = await pages.restore(
      idOf(request.params),
      Number(request.params.number),
      request.body.basedOn,
      request.staff.id,
    );
    if (restored.saved) return { ...succeeded(pageMessages.restored), draftVersion: restored.draftVersion };
    if (restored.reason === 'conflict') return reply.status(409).send(failure(pageMessages.savedElsewhere));
    return reply
      .status(404)
      .send(restored.reason === 'no-page' ? noSuchPage : failure(pageMessages.noSuchRevision));
  });

  serve(app, movePage, async (request, reply) => {
    const moved = await pages.move(idOf(request.params), request.body.path, request.staff.id);
    if (moved === 'no-page') return reply.status(404).send(noSuchPage);
    if (moved === 'taken') return reply.status(409).send(failure(pageMessages.pathTaken));
    if (moved === 'built-in') return reply.status(409).send(failure(pageMessages.builtInAddress));
    await changed();
    return succeeded(pageMessages.moved);
  });

  serve(app, setPageNav, async (request, reply) => {
    const { place, label, order } = request.body;
    const set = await pages.setNav(idOf(request.params), { place, label, order }, request.staff.id);
    if (!set) return reply.status(404).send(noSuchPage);
    await changed();
    return succeeded(pageMessages.navChanged);
  });

  serve(app, removePage, async (request, reply) => {
    const removal = await pages.remove(idOf(request.params), request.staff.id);
    if (removal === 'no-page') return reply.status(404).send(noSuchPage);
    if (removal === 'built-in') return reply.status(409).send(failure(pageMessages.builtInRemoval));
    await changed();
    return succeeded(pageMessages.removed);
  });
}

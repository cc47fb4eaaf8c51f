import type { FastifyInstance } from 'fastify';
import { themeStylesheet } from '#shared/api/site.ts';
import { lookStylesheet, themeHref } from '#shared/look.ts';
import type { SiteFirm } from '#shared/site-firm.ts';
import type { TypefaceId } from '#shared/typefaces.ts';
import { CompressedPage, sendCompressed } from './pages.ts';
import { serve } from './serve.ts';

/**
 * The one stylesheet every page links, from memory: the build's (when the page names the build, `b`),
 * then the firm's colours and typeface over its defaults, so that a page waits on one request before its
 * first paint rather than two. A page links it with the build and the look it was rendered with in its
 * address, so a browser keeps that one for a year; a new build or a change of look is a new address.
 * `typefaceFile` is where the site serves a typeface's file (the build's list).
 */
export function registerTheme(
  app: FastifyInstance,
  firm: () => SiteFirm,
  typefaceFile: (id: TypefaceId) => string,
  styles: { build: string; css: string },
) {
  // Compressed once for each look and kept (the last few): the build's stylesheet makes it worth it.
  const made = new Map<string, CompressedPage>();
  serve(app, themeStylesheet, (request, reply) => {
    const look = firm();
    const { v = '', b } = request.query;
    const current =
      themeHref(look) === `${themeStylesheet.path}?v=${v}` && (b === undefined || b === styles.build);
    const key = `${themeHref(look)} ${b === undefined ? 'alone' : 'with the build'}`;
    let sheet = made.get(key);
    if (!sheet) {
      const theme = lookStylesheet(look, typefaceFile(look.typeface));
      sheet = new CompressedPage(Buffer.from(b === undefined ? theme : `${styles.css}\n${theme}`));
      if (made.size >= 8) made.clear();
      made.set(key, sheet);
    }
    const cache = current ? 'public, max-age=31536000, immutable' : 'no-cache';
    return sendCompressed(request, reply, sheet, 200, 'text/css; charset=utf-8', cache);
  });
}

import type { FastifyInstance } from 'fastify';
import { themeStylesheet } from '#shared/api/site.ts';
import { lookStylesheet, themeHref } from '#shared/look.ts';
import type { SiteFirm } from '#shared/site-firm.ts';
import type { TypefaceId } from '#shared/typefaces.ts';
import { serve } from './serve.ts';

/**
 * The firm's colours and typeface as a stylesheet, from memory. A page links it with the look it was
 * rendered with in its address, so a browser keeps that one for a year; a change renders the pages with
 * a new address. `typefaceFile` is where the site serves a typeface's file (the build's list).
 */
export function registerTheme(
  app: FastifyInstance,
  firm: () => SiteFirm,
  typefaceFile: (id: TypefaceId) => string,
) {
  serve(app, themeStylesheet, (request, reply) => {
    const look = firm();
    const current = themeHref(look) === `${themeStylesheet.path}?v=${request.query.v ?? ''}`;
    return reply
      .type('text/css; charset=utf-8')
      .header('cache-control', current ? 'public, max-age=31536000, immutable' : 'no-cache')
      .send(lookStylesheet(look, typefaceFile(look.typeface)));
  });
}

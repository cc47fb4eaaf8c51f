import type { FastifyInstance } from 'fastify';
import { themeStylesheet } from '#shared/api/site.ts';
import { colourStylesheet, themeHref } from '#shared/colours.ts';
import type { SiteFirm } from '#shared/site-firm.ts';
import { serve } from './serve.ts';

/**
 * The firm's colours as a stylesheet, from memory. A page links it with the colours it was rendered with
 * in its address, so a browser keeps that one for a year; a change renders the pages with a new address.
 */
export function registerTheme(app: FastifyInstance, firm: () => SiteFirm) {
  serve(app, themeStylesheet, (request, reply) => {
    const { colours } = firm();
    const current = themeHref(colours) === `${themeStylesheet.path}?v=${request.query.v ?? ''}`;
    return reply
      .type('text/css; charset=utf-8')
      .header('cache-control', current ? 'public, max-age=31536000, immutable' : 'no-cache')
      .send(colourStylesheet(colours));
  });
}

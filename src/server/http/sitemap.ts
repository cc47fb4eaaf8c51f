import type { FastifyInstance } from 'fastify';
import { robots as robotsFile, sitemap as sitemapFile } from '#shared/api/site.ts';
import { escapeHtml } from '#shared/html.ts';
import { serve } from './serve.ts';

export interface SitemapPage {
  path: string;
  /** When it last changed (ISO 8601), if known. */
  lastmod?: string;
}

/**
 * /robots.txt, written once at start, and /sitemap.xml, from the pages the server draws and the site's
 * public address. Pages kept out of search results (sign-in, thank-you pages) carry a noindex tag instead
 * of a Disallow line, so that crawlers can read it.
 */
export function registerSitemap(
  app: FastifyInstance,
  publicUrl: URL,
  /** The pages the server draws (the firm's pages, the articles): each the same list until one changes. */
  sources: (() => readonly SitemapPage[])[],
) {
  const origin = publicUrl.origin;
  const url = ({ path: page, lastmod }: SitemapPage) =>
    `  <url><loc>${escapeHtml(`${origin}${page}`)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`;
  const write = (more: readonly SitemapPage[]) =>
    [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...more.map(url),
      '</urlset>',
      '',
    ].join('\n');
  // Written again only when the server's own pages changed.
  const lists = () => sources.map((source) => source());
  let more = lists();
  let sitemap = write(more.flat());
  const robots = [
    'User-agent: *',
    'Disallow: /api/',
    'Disallow: /back-office',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');

  serve(app, sitemapFile, (_request, reply) => {
    const now = lists();
    if (now.some((list, index) => list !== more[index])) {
      more = now;
      sitemap = write(more.flat());
    }
    return reply
      .header('content-type', 'application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(sitemap);
  });
  serve(app, robotsFile, (_request, reply) =>
    reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(robots),
  );
}

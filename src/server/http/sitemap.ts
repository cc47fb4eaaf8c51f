import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { robots as robotsFile, sitemap as sitemapFile } from '#shared/api/site.ts';
import { escapeHtml } from '#shared/html.ts';
import { serve } from './serve.ts';

/**
 * /robots.txt and /sitemap.xml, written once at start from the build's list of indexable pages and the
 * site's public address. Pages kept out of search results (sign-in, thank-you pages) carry a noindex tag
 * instead of a Disallow line, so that crawlers can read it.
 */
export function registerSitemap(app: FastifyInstance, distDir: string, publicUrl: URL) {
  const { paths }: { paths: string[] } = JSON.parse(readFileSync(path.join(distDir, 'sitemap.json'), 'utf8'));
  const origin = publicUrl.origin;
  const sitemap = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...paths.map((page) => `  <url><loc>${escapeHtml(`${origin}${page}`)}</loc></url>`),
    '</urlset>',
    '',
  ].join('\n');
  const robots = [
    'User-agent: *',
    'Disallow: /api/',
    'Disallow: /back-office',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');

  serve(app, sitemapFile, (_request, reply) =>
    reply
      .header('content-type', 'application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(sitemap),
  );
  serve(app, robotsFile, (_request, reply) =>
    reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(robots),
  );
}

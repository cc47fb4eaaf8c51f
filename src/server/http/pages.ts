import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { sitePage } from '#shared/api/site.ts';
import { escapeHtml, unescapeHtml } from '#shared/html.ts';
import { serve } from './serve.ts';

export interface Page {
  /** Its `<title>`, as the API document names it. */
  title: string;
  etag: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/**
 * The prerendered HTML pages, read and compressed once at start so that answering one is a lookup.
 * `dist/pages/index.html` answers `/`, `dist/pages/a/b.html` answers `/a/b`, `404.html` the not-found page.
 */
export class PrerenderedPages {
  readonly byPath = new Map<string, Page>();
  readonly notFound: Page | undefined;

  /** `values` fills the build's tokens (each escaped here): the site's origin, the bot check's settings. */
  constructor(dir: string, values: Record<string, string>) {
    if (!existsSync(dir)) throw new Error(`No prerendered pages in ${dir}: run npm run build first`);
    for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
      if (!file.endsWith('.html')) continue;
      const urlPath = `/${file.slice(0, -'.html'.length).split(path.sep).join('/')}`.replace(
        /^\/index$/,
        '/',
      );
      let html = readFileSync(path.join(dir, file), 'utf8');
      for (const [token, value] of Object.entries(values)) html = html.replaceAll(token, escapeHtml(value));
      this.byPath.set(urlPath, { title: titleOf(html), ...compress(Buffer.from(html)) });
    }
    this.notFound = this.byPath.get('/404');
    this.byPath.delete('/404');
  }

  send(request: FastifyRequest, reply: FastifyReply, page: Page, status = 200) {
    return sendCompressed(request, reply, page, status);
  }
}

/**
 * Answers with a page compressed ahead of time: brotli or gzip as the browser accepts, 304 when its copy
 * is current. Also for the pages and feed the server writes itself (the articles).
 */
export function sendCompressed(
  request: FastifyRequest,
  reply: FastifyReply,
  page: Omit<Page, 'title'>,
  status = 200,
  contentType = 'text/html; charset=utf-8',
) {
  reply
    .status(status)
    .header('content-type', contentType)
    .header('cache-control', 'no-cache')
    .header('vary', 'Accept-Encoding');
  if (status === 200) {
    reply.header('etag', page.etag);
    if (request.headers['if-none-match'] === page.etag) return reply.status(304).send();
  }
  const accepted = request.headers['accept-encoding'] ?? '';
  if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(page.br);
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(page.gzip);
  return reply.send(page.identity);
}

const titleOf = (html: string) => unescapeHtml(html.match(/<title>([^<]*)<\/title>/)?.[1] ?? '');

/** A page's bytes, compressed once, with the etag that names them. */
export function compress(identity: Buffer): Omit<Page, 'title'> {
  return {
    etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
    identity,
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(identity, { level: 9 }),
  };
}

/**
 * Serves every prerendered page at its path, except a page a feature serves itself (the reset page checks
 * its link first): so it is registered after the features.
 */
export const prerenderedPagesPlugin: FastifyPluginAsync<{ pages: PrerenderedPages }> = async (
  app,
  { pages },
) => {
  for (const [urlPath, page] of pages.byPath) {
    if (app.hasRoute({ method: 'GET', url: urlPath })) continue;
    serve(app, sitePage(urlPath, page.title), (request, reply) => pages.send(request, reply, page));
  }
};

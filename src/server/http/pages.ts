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
 * The prerendered HTML pages, read once at start so that answering one is a lookup (each compressed form
 * is made the first time a browser asks for it, and kept).
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
      this.byPath.set(urlPath, new CompressedPage(Buffer.from(html), titleOf(html)));
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

/**
 * A page's bytes and the etag that names them. Each compressed form is made the first time it is asked
 * for and kept: a start-up compressing every page ahead of time cost a quarter of a second, on every
 * start, for pages that a restarted site may not be asked for before the next publish replaces them.
 */
export class CompressedPage implements Page {
  readonly identity: Buffer;
  readonly title: string;
  readonly etag: string;
  #br: Buffer | undefined;
  #gzip: Buffer | undefined;

  constructor(identity: Buffer, title = '') {
    this.identity = identity;
    this.title = title;
    this.etag = `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`;
  }

  get br() {
    this.#br ??= brotliCompressSync(this.identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
    return this.#br;
  }

  get gzip() {
    this.#gzip ??= gzipSync(this.identity, { level: 9 });
    return this.#gzip;
  }
}

/** A page's bytes, compressed as browsers ask for them (see CompressedPage). */
export const compress = (identity: Buffer): Omit<Page, 'title'> => new CompressedPage(identity);

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

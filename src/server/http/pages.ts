import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { SiteAssets } from '#client/prerender.tsx';
import { sitePage } from '#shared/api/site.ts';
import { escapeHtml, unescapeHtml } from '#shared/html.ts';
import { buildOf } from '#shared/look.ts';
import type { RichText } from '#shared/rich-text.ts';
import type { PageDocument } from '#shared/sections.ts';
import type { SiteFirm } from '#shared/site-firm.ts';
import type { TypefaceId } from '#shared/typefaces.ts';
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
 * Who renders the pages: the build's bundle of src/client/prerender.tsx, as the server's bundle holds it
 * (scripts/server-bundle.ts), sharing that bundle's React.
 */
type Renderer = typeof import('#client/prerender.tsx');

/**
 * Every page of the site, rendered by the server with the firm it is given, at start and again when the
 * firm changes, and held in memory so that answering one is a lookup (each compressed form is made the
 * first time a browser asks for it, and kept). The set of paths is the build's; their words are the firm's.
 */
export class SitePages {
  readonly #renderer: Renderer;
  readonly #assets: SiteAssets;
  readonly #values: Record<string, string>;
  readonly #css: string;
  #byPath = new Map<string, Page>();
  #notFound: Page | undefined;
  #shell = '';
  #firm: SiteFirm;

  /**
   * Loads the build's renderer from `distDir` and renders the site for `firm`. `values` fills the
   * pages' tokens (each escaped here): the site's origin, the bot check's settings, the retention period.
   */
  static async load(distDir: string, values: Record<string, string>, firm: SiteFirm): Promise<SitePages> {
    const rendererFile = path.join(distDir, 'server-bundle/renderer.js');
    if (!existsSync(rendererFile)) throw new Error(`No page renderer in ${distDir}: run npm run build first`);
    const renderer: Renderer = await import(pathToFileURL(rendererFile).href);
    const assets = JSON.parse(readFileSync(path.join(distDir, 'page-assets.json'), 'utf8')) as SiteAssets;
    const css = assets.entry.styles.map((href) => readFileSync(path.join(distDir, 'client', href), 'utf8'));
    return new SitePages(renderer, assets, values, firm, css.join('\n'));
  }

  private constructor(
    renderer: Renderer,
    assets: SiteAssets,
    values: Record<string, string>,
    firm: SiteFirm,
    css: string,
  ) {
    this.#renderer = renderer;
    this.#assets = assets;
    this.#css = css;
    this.#values = values;
    this.#firm = firm;
    this.render(firm);
  }

  /** The build's stylesheet, which the one stylesheet every page links begins with (http/theme.ts). */
  get styles(): { build: string; css: string } {
    return { build: buildOf(this.#assets.entry.styles), css: this.#css };
  }

  /** Where the site serves a typeface's file. */
  typefaceFile(id: TypefaceId): string {
    return this.#assets.typefaces[id];
  }

  /**
   * Lists the firm's own pages in every page's navigation from now on (features/pages/), drawing every
   * page again when the list changed; answers whether it did.
   */
  showPages(pages: SiteFirm['pages']): boolean {
    if (JSON.stringify(pages) === JSON.stringify(this.#firm.pages)) return false;
    this.render(this.#firm, pages);
    return true;
  }

  /** Renders every page again for `firm`; a request after this gets the new pages. */
  render(details: SiteFirm, pages: SiteFirm['pages'] = this.#firm?.pages ?? []): void {
    const firm = { ...details, pages };
    const site = this.#renderer.renderSite(firm, this.#assets);
    const filled = (html: string) => this.#filled(html);
    const byPath = new Map<string, Page>();
    let notFound: Page | undefined;
    for (const { path: urlPath, html } of site.pages) {
      const page = new CompressedPage(Buffer.from(filled(html)), titleOf(html));
      if (urlPath === null) notFound = page;
      else byPath.set(urlPath, page);
    }
    [this.#byPath, this.#notFound, this.#shell, this.#firm] = [byPath, notFound, filled(site.shell), firm];
  }

  /** A page of the firm's own, drawn from its sections, showing the firm the other pages show now. */
  renderSections(urlPath: string, document: PageDocument): Page {
    const html = this.#renderer.renderSectionsPage(this.#firm, this.#assets, { path: urlPath, document });
    return new CompressedPage(Buffer.from(this.#filled(html)), titleOf(html));
  }

  /** A page with its tokens filled in, each value escaped. */
  #filled(html: string): string {
    for (const [token, value] of Object.entries(this.#values))
      html = html.replaceAll(token, escapeHtml(value));
    return html;
  }

  /** The firm the pages show now. */
  get firm(): SiteFirm {
    return this.#firm;
  }

  /** The page at `urlPath` as it is now. */
  page(urlPath: string): Page | undefined {
    return this.#byPath.get(urlPath);
  }

  /** Every page's path, sorted (the build fixes them; a change of firm changes their words, not their paths). */
  get paths(): string[] {
    return [...this.#byPath.keys()].sort();
  }

  get notFound(): Page | undefined {
    return this.#notFound;
  }

  /** Rich text as the pages draw it, for a page the server writes (escaped throughout). */
  richText(text: RichText, headingsFrom: 2 | 3 = 2): string {
    return this.#renderer.renderRichText(text, headingsFrom);
  }

  /** The document of a page the server writes itself, with its tokens for title, head and content. */
  get shell(): string {
    return this.#shell;
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
  cacheControl = 'no-cache',
) {
  reply
    .status(status)
    .header('content-type', contentType)
    .header('cache-control', cacheControl)
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
 * Serves every page at its path, as it is rendered now, except a page a feature serves itself (the reset
 * page checks its link first): so it is registered after the features.
 */
export const sitePagesPlugin: FastifyPluginAsync<{ pages: SitePages }> = async (app, { pages }) => {
  for (const urlPath of pages.paths) {
    if (app.hasRoute({ method: 'GET', url: urlPath })) continue;
    const title = pages.page(urlPath)?.title ?? '';
    serve(app, sitePage(urlPath, title), (request, reply) =>
      pages.send(request, reply, pages.page(urlPath) as Page),
    );
  }
};

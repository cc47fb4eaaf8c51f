import { sql } from 'kysely';
import type { Db } from '#server/db/database.ts';
import { compress, type Page } from '#server/http/pages.ts';
import type { ServerPages } from '#server/http/server-page.ts';
import { coalesced } from '#server/jobs/coalesced.ts';
import { articlePath, insightsPath, insightsTagPath } from '#shared/articles.ts';
import type { SiteFirm } from '#shared/site-firm.ts';
import {
  articlePage,
  insightsListPage,
  type PublishedArticle,
  type RenderedPage,
  tagPage,
} from './article-pages.ts';
import { atomFeed } from './feed.ts';

type CompressedPage = Omit<Page, 'title'>;

export interface SitemapEntry {
  path: string;
  lastmod?: string;
}

/**
 * The published articles' pages, written and compressed when something changes and kept in memory, so
 * that answering one is a lookup as for the prerendered pages. An article's own page is written again only
 * when it changed; the lists, tag pages and feed each time anything did.
 *
 * Each instance keeps its own copy. A change made here refreshes it at once; a change made by another
 * instance (or a scheduled article coming due) is seen by `refreshIfChanged`, which a job calls every few
 * seconds and which reads only a one-row summary of the table unless it moved.
 */
export class PublishedInsights {
  readonly #db: Db;
  readonly #shell: ServerPages;
  readonly #origin: string;
  readonly #now: () => Date;
  #pages = new Map<string, CompressedPage>();
  #feed: CompressedPage;
  #sitemap: readonly SitemapEntry[] = [{ path: insightsPath }];
  /** Each article's page with the change it was written from, so an unchanged one is not written again. */
  #written = new Map<number, { updatedAt: string; firm: SiteFirm; page: CompressedPage }>();
  #version: string | null = null;

  constructor(options: { db: Db; shell: ServerPages; origin: string; now: () => Date }) {
    this.#db = options.db;
    this.#shell = options.shell;
    this.#origin = options.origin;
    this.#now = options.now;
    this.#feed = compress(Buffer.from(atomFeed(this.#shell.firm, this.#origin, [], this.#now())));
    this.#pages.set(insightsPath, this.#write(insightsListPage(this.#shell.firm, this.#origin, [])));
  }

  /** The page at `path` (/insights, an article's, a tag's), if one is published there. */
  page(path: string): CompressedPage | undefined {
    return this.#pages.get(path);
  }

  get feed(): CompressedPage {
    return this.#feed;
  }

  /** For /sitemap.xml: the same list object until something changes. */
  sitemapEntries(): readonly SitemapEntry[] {
    return this.#sitemap;
  }

  /** Reads what is published and writes the pages again; a call during a refresh runs one more after it. */
  readonly refresh = coalesced(() => this.#rebuild());

  /** Refreshes when the articles changed since the last refresh, here or on another instance. */
  async refreshIfChanged(): Promise<boolean> {
    if ((await this.#currentVersion()) === this.#version) return false;
    await this.refresh();
    return true;
  }

  async #currentVersion() {
    const row = await this.#db
      .selectFrom('articles')
      .select([
        sql<string>`count(*)`.as('count'),
        sql<string>`max(updated_at)`.as('latest'),
        sql<string>`sum(case when status = 'published' then id else 0 end)`.as('published'),
      ])
      .executeTakeFirst();
    return `${row?.count}/${row?.latest}/${row?.published}`;
  }

  async #rebuild() {
    const version = await this.#currentVersion();
    const rows = await this.#db
      .selectFrom('articles')
      .selectAll()
      .where('status', '=', 'published')
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const articles: PublishedArticle[] = rows.map((row) => ({
      id: row.id,
      slug: row.slug,
      title: row.title,
      summary: row.summary,
      body: row.body,
      tags: JSON.parse(row.tags),
      authorName: row.author_name,
      publishedAt: new Date(row.published_at ?? row.updated_at).toISOString(),
      updatedAt: new Date(row.updated_at).toISOString(),
      cover:
        row.cover_key && row.cover_width && row.cover_height
          ? { key: row.cover_key, alt: row.cover_alt ?? '', width: row.cover_width, height: row.cover_height }
          : null,
    }));

    const pages = new Map<string, CompressedPage>();
    pages.set(insightsPath, this.#write(insightsListPage(this.#shell.firm, this.#origin, articles)));
    const written = new Map<number, { updatedAt: string; firm: SiteFirm; page: CompressedPage }>();
    for (const article of articles) {
      const before = this.#written.get(article.id);
      // An article's page is kept while neither it nor the firm the pages show changed.
      const page =
        before?.updatedAt === article.updatedAt && before.firm === this.#shell.firm
          ? before.page
          : this.#write(articlePage(this.#shell.firm, this.#origin, article));
      written.set(article.id, { updatedAt: article.updatedAt, firm: this.#shell.firm, page });
      pages.set(articlePath(article.slug), page);
    }
    const tags = [...new Set(articles.flatMap((article) => article.tags))].sort();
    for (const tag of tags) {
      const tagged = articles.filter((article) => article.tags.includes(tag));
      pages.set(insightsTagPath(tag), this.#write(tagPage(this.#shell.firm, this.#origin, tag, tagged)));
    }
    const latest = articles.reduce((max, { updatedAt }) => (updatedAt > max ? updatedAt : max), '');
    this.#sitemap = [
      { path: insightsPath, ...(latest && { lastmod: latest }) },
      ...tags.map((tag) => ({ path: insightsTagPath(tag) })),
      ...articles.map((article) => ({ path: articlePath(article.slug), lastmod: article.updatedAt })),
    ];
    this.#feed = compress(Buffer.from(atomFeed(this.#shell.firm, this.#origin, articles, this.#now())));
    this.#pages = pages;
    this.#written = written;
    this.#version = version;
  }

  #write(page: RenderedPage): CompressedPage {
    return compress(Buffer.from(this.#shell.render(page.title, page.content, page.head)));
  }
}

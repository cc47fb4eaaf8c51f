import type { Db } from '#server/db/database.ts';
import type { Page } from '#server/http/pages.ts';
import type { SitemapPage } from '#server/http/sitemap.ts';
import { coalesced } from '#server/jobs/coalesced.ts';
import type { PageDocument } from '#shared/sections.ts';
import type { SiteFirm } from '#shared/site-firm.ts';
import {
  activeAdviserIds,
  type LivePage,
  loadLivePages,
  loadLivePagesStamp,
  navigationOf,
} from './live-pages.ts';

/**
 * The firm's published pages, drawn and kept in memory, so that answering one is a lookup as for the
 * site's other pages; and where each address a page gave up leads now. A change made here refreshes them
 * at once; one made on another instance, or a scheduled publish coming due, is seen by `refreshIfChanged`,
 * which a job calls every few seconds and which reads one small summary unless it moved. A change of the
 * firm draws them again (`refresh`).
 */
export class PublishedPages {
  readonly #db: Db;
  readonly #draw: (path: string, document: PageDocument) => Page;
  readonly #showInNavigation: (pages: SiteFirm['pages']) => Promise<void>;
  readonly #drawFailed: (path: string, error: unknown) => void;
  #pages = new Map<string, Page>();
  #addresses = new Map<string, string | null>();
  #live: LivePage[] = [];
  #sitemap: readonly SitemapPage[] = [];
  #stamp: string | null = null;

  /**
   * `draw` makes a page's document from its sections; `showInNavigation` puts the pages the navigation
   * lists into every page of the site (drawing them again when they changed), before these are drawn.
   * `drawFailed` is told of a page that could not be drawn, which keeps its last drawing (or none), so
   * that one page never keeps the others, or the site's start, from going ahead.
   */
  constructor(options: {
    db: Db;
    draw: (path: string, document: PageDocument) => Page;
    showInNavigation: (pages: SiteFirm['pages']) => Promise<void>;
    drawFailed: (path: string, error: unknown) => void;
  }) {
    this.#db = options.db;
    this.#draw = options.draw;
    this.#showInNavigation = options.showInNavigation;
    this.#drawFailed = options.drawFailed;
  }

  /** The published page at `path`, if there is one. */
  page(path: string): Page | undefined {
    return this.#pages.get(path);
  }

  /**
   * Where an address a page gave up leads: the page's path now, null for a page removed, undefined for an
   * address no page ever had.
   */
  movedTo(path: string): string | null | undefined {
    return this.#addresses.get(path);
  }

  /** The pages as published, in the navigation's order, for the navigation and the sitemap. */
  get live(): readonly LivePage[] {
    return this.#live;
  }

  /** For /sitemap.xml: the same list object until something changes. */
  sitemapEntries(): readonly SitemapPage[] {
    return this.#sitemap;
  }

  /** Reads what is published and draws it again; a call during a refresh runs one more after it. */
  readonly refresh = coalesced(() => this.#rebuild());

  /** Refreshes when the published pages changed since the last refresh, here or on another instance. */
  async refreshIfChanged(): Promise<boolean> {
    if ((await loadLivePagesStamp(this.#db)) === this.#stamp) return false;
    await this.refresh();
    return true;
  }

  async #rebuild() {
    const stamp = await loadLivePagesStamp(this.#db);
    const { pages, addresses } = await loadLivePages(this.#db);
    const advisers = await activeAdviserIds(this.#db);
    await this.#showInNavigation(navigationOf(pages));
    const drawn = new Map<string, Page>();
    for (const page of pages) {
      try {
        drawn.set(page.path, this.#draw(page.path, withAdvisersTakingCalls(page.document, advisers)));
      } catch (error) {
        this.#drawFailed(page.path, error);
        const before = this.#pages.get(page.path);
        if (before) drawn.set(page.path, before);
      }
    }
    this.#pages = drawn;
    this.#addresses = addresses;
    this.#live = pages;
    this.#sitemap = pages.map((page) => ({ path: page.path }));
    this.#stamp = stamp;
  }
}

/**
 * The page with "Book a call with …" only beside advisers taking calls now: one who stopped keeps their
 * card, without a button that would open a calendar with no day to choose.
 */
function withAdvisersTakingCalls(document: PageDocument, advisers: Set<number>): PageDocument {
  return {
    ...document,
    sections: document.sections.map((section) =>
      section.type === 'team'
        ? {
            ...section,
            members: section.members.map(({ adviserId, ...member }) =>
              adviserId !== undefined && advisers.has(adviserId) ? { ...member, adviserId } : member,
            ),
          }
        : section,
    ),
  };
}

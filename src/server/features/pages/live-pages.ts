import { type Kysely, sql } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import type { PageNavPlace } from '#shared/pages.ts';
import type { PageDocument } from '#shared/sections.ts';
import type { SiteFirm } from '#shared/site-firm.ts';
import { activeAdvisers, parse } from './service.ts';

// What visitors see of the firm's pages: the version live of each, where the addresses they gave up lead,
// and the one small summary that tells another instance to read them again.

type Db = Kysely<Database>;

/** A published page as visitors see it: the version live, at its address. */
export interface LivePage {
  id: number;
  path: string;
  nav: PageNavPlace;
  /** The words the navigation lists it by: its own, or the title published. */
  navLabel: string;
  navOrder: number;
  number: number;
  document: PageDocument;
}

/** The advisers taking calls now: a team member's "Book a call with …" is drawn only for one of them. */
export async function activeAdviserIds(db: Db): Promise<Set<number>> {
  const rows = await activeAdvisers(db).select('advisers.id').execute();
  return new Set(rows.map((row) => row.id));
}

/** The pages the navigation lists, as every page of the site shows them (`SiteFirm.pages`). */
export const navigationOf = (
  pages: readonly Pick<LivePage, 'path' | 'nav' | 'navLabel'>[],
): SiteFirm['pages'] =>
  pages.flatMap(({ path, nav, navLabel }) =>
    nav === 'none' ? [] : [{ href: path, label: navLabel, place: nav }],
  );

/** Every page visitors may see, as published, and where each address that moved now leads. */
export async function loadLivePages(
  db: Db,
): Promise<{ pages: LivePage[]; addresses: Map<string, string | null> }> {
  const rows = await db
    .selectFrom('site_pages')
    .innerJoin('page_revisions', (join) =>
      join
        .onRef('page_revisions.page_id', '=', 'site_pages.id')
        .onRef('page_revisions.number', '=', 'site_pages.live_revision'),
    )
    .select([
      'site_pages.id',
      'site_pages.path',
      'site_pages.nav',
      'site_pages.nav_label',
      'site_pages.nav_order',
      'page_revisions.number',
      'page_revisions.document',
    ])
    .where('site_pages.removed_at', 'is', null)
    .orderBy('site_pages.nav_order')
    .orderBy('site_pages.id')
    .execute();
  const pages = rows.map((row) => {
    const document = parse(row.document);
    return {
      id: row.id,
      path: row.path,
      nav: row.nav,
      navLabel: row.nav_label || document.title,
      navOrder: row.nav_order,
      number: row.number,
      document,
    };
  });
  const byId = new Map(pages.map((page) => [page.id, page.path]));
  const moved = await db.selectFrom('page_addresses').select(['path', 'page_id']).execute();
  // An address answers 301 to its page's path while that page is live, else 410.
  const addresses = new Map(
    moved.map((address) => [address.path, (address.page_id !== null && byId.get(address.page_id)) || null]),
  );
  return { pages, addresses };
}

/**
 * What moves with any change visitors could see, in one small query: a publish adds a revision, a move
 * or a removal writes an address, a change of navigation stamps its time, and an adviser who starts or
 * stops taking calls changes who is offered (their number and the sums of their ids). Another instance
 * that sees it move reads the pages again.
 */
export async function loadLivePagesStamp(db: Db): Promise<string> {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('page_revisions')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .as('revisions'),
      eb
        .selectFrom('page_addresses')
        .select((inner) => inner.fn.max('moved_at').as('m'))
        .as('moved'),
      eb
        .selectFrom('site_pages')
        .select((inner) => inner.fn.max('nav_changed_at').as('m'))
        .as('nav'),
      activeAdvisers(db)
        .select(
          sql<string>`count(*) || ':' || coalesce(sum(advisers.id), 0) || ':' || coalesce(sum(advisers.id * advisers.id), 0)`.as(
            'a',
          ),
        )
        .as('advisers'),
    ])
    .executeTakeFirst();
  return `${row?.revisions ?? 0}/${row?.moved ?? ''}/${row?.nav ?? ''}/${row?.advisers ?? ''}`;
}

import type { Kysely, Selectable, Transaction } from 'kysely';
import { recordAudit } from '#server/audit/log.ts';
import type { Database } from '#server/db/schema.ts';
import type { Photo } from '#server/pictures/photo-sizes.ts';
import type { PageSummary, SitePage } from '#shared/api/back-office-pages.ts';
import { missingKeptSection } from '#shared/page-roles.ts';
import type { PageNavPlace } from '#shared/pages.ts';
import { type PageDocument, pageDocumentSchema, picturesOf, withPeople } from '#shared/sections.ts';

// The firm's pages as stored (migrations/028-site-pages.ts): drafts saved from the version read, every
// publish kept as a version, and the addresses a page gave up answering for it.

type Db = Kysely<Database>;
type Trx = Transaction<Database>;
type PageRow = Selectable<Database['site_pages']>;

export type DraftSave =
  | { saved: true; draftVersion: number }
  | { saved: false; reason: 'no-page' | 'conflict' | 'missing-picture' | 'no-such-adviser' }
  | { saved: false; reason: 'kept-section'; message: string };
/** `built-in`: a page the site is built around, whose address stays and which is never removed. */
export type PathChange = 'moved' | 'no-page' | 'taken' | 'built-in';
export type Removal = 'removed' | 'no-page' | 'built-in';

/** `document` without the people `isGone` picks; a section of people left with none goes. */
const withoutPeople = (document: PageDocument, isGone: (person: { name: string }) => boolean) =>
  withPeople(document, {
    team: (members) => members.filter((member) => !isGone(member)),
    reviews: (items) => items.filter((review) => !isGone(review)),
  });

/** The advisers taking calls now: active, and their account too. */
export const activeAdvisers = (db: Db | Trx) =>
  db
    .selectFrom('advisers')
    .innerJoin('users', 'users.id', 'advisers.user_id')
    .where('advisers.status', '=', 'active')
    .where('users.status', '=', 'active');

/** A stored document, checked as it is read. */
export const parse = (json: string) => pageDocumentSchema.parse(JSON.parse(json));

/**
 * Creates, saves, publishes, restores, moves and removes pages. `isTaken(path)` says whether a part of the
 * site other than the pages answers at an address (a route, a built-in page), which a page may not take.
 */
export function pagesService(
  db: Db,
  { isTaken, now }: { isTaken: (path: string) => boolean; now: () => Date },
) {
  /** Whether a page (live or draft) or an address a page gave up holds `path`, or the site answers there. */
  async function pathInUse(trx: Trx | Db, path: string, exceptPage?: number): Promise<boolean> {
    if (isTaken(path)) return true;
    const page = await trx
      .selectFrom('site_pages')
      .select('id')
      .where('path', '=', path)
      .where('removed_at', 'is', null)
      .executeTakeFirst();
    if (page && page.id !== exceptPage) return true;
    const address = await trx
      .selectFrom('page_addresses')
      .select('page_id')
      .where('path', '=', path)
      .executeTakeFirst();
    // An address the same page gave up may be taken back; one another page answers for, or a removed page's, not.
    return address !== undefined && (address.page_id === null || address.page_id !== exceptPage);
  }

  /** Whether the site holds every picture the document names (uploaded through the editor). */
  async function picturesHeld(trx: Trx | Db, document: PageDocument): Promise<boolean> {
    const keys = [...new Set(picturesOf(document).map((picture) => picture.key))];
    if (keys.length === 0) return true;
    const held = await trx
      .selectFrom('page_images')
      .select('key')
      .distinct()
      .where('key', 'in', keys)
      .execute();
    return held.length === keys.length;
  }

  /** Whether every team member's "Book a call with …" names one of the firm's advisers. */
  async function advisersHeld(trx: Trx | Db, document: PageDocument): Promise<boolean> {
    const ids = [
      ...new Set(
        document.sections.flatMap((section) =>
          section.type === 'team' ? section.members.flatMap((member) => member.adviserId ?? []) : [],
        ),
      ),
    ];
    if (ids.length === 0) return true;
    const held = await trx.selectFrom('advisers').select('id').where('id', 'in', ids).execute();
    return held.length === ids.length;
  }

  async function findPage(trx: Trx | Db, id: number) {
    return trx
      .selectFrom('site_pages')
      .selectAll()
      .where('id', '=', id)
      .where('removed_at', 'is', null)
      .executeTakeFirst();
  }

  async function summaryOf(trx: Trx | Db, row: PageRow): Promise<PageSummary> {
    const live =
      row.live_revision === null
        ? null
        : await trx
            .selectFrom('page_revisions')
            .select(['number', 'published_at', 'document', 'path'])
            .where('page_id', '=', row.id)
            .where('number', '=', row.live_revision)
            .executeTakeFirst();
    const draft = parse(row.draft);
    return {
      id: row.id,
      path: row.path,
      title: draft.title,
      nav: row.nav,
      navLabel: row.nav_label,
      navOrder: row.nav_order,
      builtIn: row.role !== null,
      live: live ? { number: live.number, publishedAt: live.published_at } : null,
      draftDiffers: !live || live.document !== row.draft,
      publishAt: row.publish_at,
    };
  }

  /** Writes the draft as the next version if it is still at `basedOn`; the version is the write's condition. */
  async function writeDraft(
    trx: Trx,
    id: number,
    document: PageDocument,
    basedOn: number,
    by: number | null,
  ) {
    const result = await trx
      .updateTable('site_pages')
      .set({
        draft: JSON.stringify(document),
        draft_version: basedOn + 1,
        draft_saved_at: now().toISOString(),
        draft_saved_by: by,
      })
      .where('id', '=', id)
      .where('draft_version', '=', basedOn)
      .where('removed_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * Makes the draft the live version: a new revision, numbered after the last. A scheduled publish puts
   * live the draft as the owner read it when scheduling, not what was typed since.
   */
  async function publishDraft(trx: Trx, row: PageRow, by: number | null, via?: 'schedule') {
    const document = via === 'schedule' ? (row.publish_document ?? row.draft) : row.draft;
    const last = await trx
      .selectFrom('page_revisions')
      .select((eb) => eb.fn.max('number').as('number'))
      .where('page_id', '=', row.id)
      .executeTakeFirst();
    const number = Number(last?.number ?? 0) + 1;
    const at = now();
    await trx
      .insertInto('page_revisions')
      .values({
        page_id: row.id,
        number,
        path: row.path,
        document,
        published_at: at.toISOString(),
        published_by: by,
      })
      .execute();
    await trx
      .updateTable('site_pages')
      .set({ live_revision: number, publish_at: null, publish_document: null })
      .where('id', '=', row.id)
      .execute();
    await recordAudit(
      trx,
      { userId: by, action: 'page.published', subject: row.path, detail: { number, ...(via && { via }) } },
      at,
    );
  }

  return {
    /** Every page not removed: those in the main navigation first, then the footer's, then the rest. */
    async list(): Promise<PageSummary[]> {
      const rows = await db
        .selectFrom('site_pages')
        .selectAll()
        .where('removed_at', 'is', null)
        .orderBy('nav_order')
        .orderBy('id')
        .execute();
      const order = { main: 0, footer: 1, none: 2 };
      const summaries = await Promise.all(rows.map((row) => summaryOf(db, row)));
      return summaries.sort((a, b) => order[a.nav] - order[b.nav]);
    },

    async read(id: number): Promise<SitePage | undefined> {
      const row = await findPage(db, id);
      if (!row) return undefined;
      const revisions = await db
        .selectFrom('page_revisions')
        .leftJoin('users', 'users.id', 'page_revisions.published_by')
        .select(['number', 'published_at', 'users.email'])
        .where('page_id', '=', id)
        .orderBy('number', 'desc')
        .execute();
      return {
        ...(await summaryOf(db, row)),
        role: row.role,
        draft: parse(row.draft),
        draftVersion: row.draft_version,
        draftSavedAt: row.draft_saved_at,
        advisers: await activeAdvisers(db)
          .select(['advisers.id', 'advisers.display_name as name'])
          .orderBy('advisers.display_name')
          .execute(),
        revisions: revisions.map((revision) => ({
          number: revision.number,
          publishedAt: revision.published_at,
          publishedBy: revision.email ?? null,
        })),
      };
    },

    /** Starts a page at `path` with a title and description and no sections, as a draft. */
    async create(
      path: string,
      { title, description }: { title: string; description: string },
      by: number | null,
    ): Promise<{ created: true; id: number } | { created: false }> {
      return db.transaction().execute(async (trx) => {
        if (await pathInUse(trx, path)) return { created: false };
        const at = now().toISOString();
        const document: PageDocument = { title, description, sections: [] };
        const { id } = await trx
          .insertInto('site_pages')
          .values({
            path,
            draft: JSON.stringify(document),
            draft_version: 1,
            draft_saved_at: at,
            draft_saved_by: by,
            created_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await recordAudit(trx, { userId: by, action: 'page.created', subject: path }, now());
        return { created: true, id };
      });
    },

    async saveDraft(
      id: number,
      document: PageDocument,
      basedOn: number,
      by: number | null,
    ): Promise<DraftSave> {
      return db.transaction().execute(async (trx) => {
        const row = await findPage(trx, id);
        if (!row) return { saved: false, reason: 'no-page' };
        const missing = missingKeptSection(row.role, document.sections);
        if (missing) return { saved: false, reason: 'kept-section', message: missing };
        if (!(await picturesHeld(trx, document))) return { saved: false, reason: 'missing-picture' };
        if (!(await advisersHeld(trx, document))) return { saved: false, reason: 'no-such-adviser' };
        if (row.draft_version === basedOn && row.draft === JSON.stringify(document))
          return { saved: true, draftVersion: basedOn };
        if (!(await writeDraft(trx, id, document, basedOn, by))) return { saved: false, reason: 'conflict' };
        return { saved: true, draftVersion: basedOn + 1 };
      });
    },

    /**
     * Publishes the draft an owner read (`basedOn`), now or at `at`; refused when the draft has been saved
     * since, or when it is what visitors see already.
     */
    async publish(
      id: number,
      { basedOn, at, by }: { basedOn: number; at?: Date; by: number | null },
    ): Promise<'published' | 'scheduled' | 'no-page' | 'conflict' | 'unchanged'> {
      return db.transaction().execute(async (trx) => {
        const row = await findPage(trx, id);
        if (!row) return 'no-page';
        if (row.draft_version !== basedOn) return 'conflict';
        const live =
          row.live_revision === null
            ? undefined
            : await trx
                .selectFrom('page_revisions')
                .select(['document', 'path'])
                .where('page_id', '=', id)
                .where('number', '=', row.live_revision)
                .executeTakeFirst();
        if (live && live.document === row.draft && live.path === row.path) return 'unchanged';
        if (at && at > now()) {
          await trx
            .updateTable('site_pages')
            .set({ publish_at: at.toISOString(), publish_document: row.draft })
            .where('id', '=', id)
            .execute();
          await recordAudit(
            trx,
            {
              userId: by,
              action: 'page.scheduled',
              subject: row.path,
              detail: { publishAt: at.toISOString() },
            },
            now(),
          );
          return 'scheduled';
        }
        await publishDraft(trx, row, by);
        return 'published';
      });
    },

    /** Keeps every size of an uploaded picture, named by its content (uploading one twice keeps one). */
    async storePicture(photo: Photo): Promise<void> {
      const at = now().toISOString();
      await db
        .insertInto('page_images')
        .values(
          photo.files.map((file) => ({
            name: file.name,
            key: photo.key,
            content_type: file.contentType,
            width: file.width,
            height: file.height,
            bytes: file.bytes,
            created_at: at,
          })),
        )
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
    },

    /** Publishes every draft whose scheduled time has come; answers how many went live. */
    async publishDue(): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const due = await trx
          .selectFrom('site_pages')
          .selectAll()
          .where('removed_at', 'is', null)
          .where('publish_at', 'is not', null)
          .where('publish_at', '<=', now().toISOString())
          .execute();
        for (const row of due) await publishDraft(trx, row, null, 'schedule');
        return due.length;
      });
    },

    async revision(id: number, number: number) {
      const row = await findPage(db, id);
      if (!row) return undefined;
      const revision = await db
        .selectFrom('page_revisions')
        .select(['number', 'path', 'document'])
        .where('page_id', '=', id)
        .where('number', '=', number)
        .executeTakeFirst();
      return revision && { number: revision.number, path: revision.path, document: parse(revision.document) };
    },

    /** Puts a published version's document in the draft, to be published again. */
    async restore(
      id: number,
      number: number,
      basedOn: number,
      by: number | null,
    ): Promise<DraftSave | { saved: false; reason: 'no-revision' }> {
      return db.transaction().execute(async (trx) => {
        const row = await findPage(trx, id);
        if (!row) return { saved: false, reason: 'no-page' };
        const revision = await trx
          .selectFrom('page_revisions')
          .select('document')
          .where('page_id', '=', id)
          .where('number', '=', number)
          .executeTakeFirst();
        if (!revision) return { saved: false, reason: 'no-revision' };
        if (!(await writeDraft(trx, id, parse(revision.document), basedOn, by)))
          return { saved: false, reason: 'conflict' };
        await recordAudit(
          trx,
          { userId: by, action: 'page.restored', subject: row.path, detail: { number } },
          now(),
        );
        return { saved: true, draftVersion: basedOn + 1 };
      });
    },

    /** Moves a page to `path` at once; the address it had answers 301 to the new one from now on. */
    async move(id: number, path: string, by: number | null): Promise<PathChange> {
      return db.transaction().execute(async (trx) => {
        const row = await findPage(trx, id);
        if (!row) return 'no-page';
        if (row.role) return 'built-in';
        if (row.path === path) return 'moved';
        if (await pathInUse(trx, path, id)) return 'taken';
        const at = now().toISOString();
        await trx.deleteFrom('page_addresses').where('path', '=', path).execute();
        await trx
          .insertInto('page_addresses')
          .values({ path: row.path, page_id: id, moved_at: at })
          .onConflict((oc) => oc.column('path').doUpdateSet({ page_id: id, moved_at: at }))
          .execute();
        await trx.updateTable('site_pages').set({ path }).where('id', '=', id).execute();
        await recordAudit(
          trx,
          { userId: by, action: 'page.moved', subject: path, detail: { was: row.path } },
          now(),
        );
        return 'moved';
      });
    },

    /**
     * Lists the page in the main navigation or the footer's (or neither), by `label` ('' for its title),
     * at `order` among the others there. Visitors see it there while the page is published.
     */
    async setNav(
      id: number,
      { place, label, order }: { place: PageNavPlace; label: string; order: number },
      by: number | null,
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const row = await findPage(trx, id);
        if (!row) return false;
        await trx
          .updateTable('site_pages')
          .set({ nav: place, nav_label: label, nav_order: order, nav_changed_at: now().toISOString() })
          .where('id', '=', id)
          .execute();
        await recordAudit(
          trx,
          { userId: by, action: 'page.nav-changed', subject: row.path, detail: { place } },
          now(),
        );
        return true;
      });
    },

    /**
     * Takes out of every page (its draft, and what visitors see, published again at once) the team
     * members and reviews `isGone` picks, and any section of them left empty. Answers whether it changed any.
     */
    async removePeople(isGone: (person: { name: string }) => boolean, by: number | null): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const rows = await trx.selectFrom('site_pages').selectAll().where('removed_at', 'is', null).execute();
        let changed = false;
        for (const row of rows) {
          const draft = withoutPeople(parse(row.draft), isGone);
          if (JSON.stringify(draft) === row.draft) continue;
          if (!(await writeDraft(trx, row.id, draft, row.draft_version, by))) continue;
          changed = true;
          if (row.live_revision !== null)
            await publishDraft(trx, { ...row, draft: JSON.stringify(draft) }, by);
        }
        return changed;
      });
    },

    /** Removes a page: its address, and every address it gave up, answer 410 from now on. */
    async remove(id: number, by: number | null): Promise<Removal> {
      return db.transaction().execute(async (trx) => {
        const row = await findPage(trx, id);
        if (!row) return 'no-page';
        if (row.role) return 'built-in';
        const at = now().toISOString();
        await trx
          .updateTable('site_pages')
          .set({ removed_at: at, publish_at: null, publish_document: null })
          .where('id', '=', id)
          .execute();
        await trx
          .updateTable('page_addresses')
          .set({ page_id: null, moved_at: at })
          .where('page_id', '=', id)
          .execute();
        await trx
          .insertInto('page_addresses')
          .values({ path: row.path, page_id: null, moved_at: at })
          .onConflict((oc) => oc.column('path').doUpdateSet({ page_id: null, moved_at: at }))
          .execute();
        await recordAudit(trx, { userId: by, action: 'page.removed', subject: row.path }, now());
        return 'removed';
      });
    },
  };
}

export type PagesService = ReturnType<typeof pagesService>;

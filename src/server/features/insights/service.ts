import type { Kysely, Selectable } from 'kysely';
import { type AuditAction, recordAudit } from '#server/audit/log.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import type { ArticleTable, Database } from '#server/db/schema.ts';
import { loadSettings } from '#server/features/availability/index.ts';
import { makePhotoSizes } from '#server/pictures/photo-sizes.ts';
import type { Clock } from '#server/time/clock.ts';
import { zonedTimeToUtc } from '#server/time/zoned-time.ts';
import type { Article, ArticleSummary } from '#shared/api/back-office-articles.ts';
import { articleMessages, normaliseTags } from '#shared/articles.ts';
import {
  applyRevision,
  changesGoLive,
  coverOf,
  dropRevision,
  followLiveChange,
  keepOnlyCovers,
  keepRevision,
  pendingRevisions,
  revisionOf,
} from './revisions.ts';

type Db = Kysely<Database>;
export type ArticleRow = Selectable<ArticleTable>;

/** A change refused, with its status and words for the editor. */
export class ArticleRefusal extends Error {
  readonly status: 404 | 409 | 422;
  constructor(status: 404 | 409 | 422, message: string) {
    super(message);
    this.status = status;
  }
}

/** What the editor saves, as the contract's schema leaves it (trimmed, checked). */
export interface ArticleInput {
  title: string;
  summary: string;
  slug: string;
  tags: string;
  authorUserId: number;
  authorName: string;
  body: string;
  coverAlt: string;
}

export interface ArticleServiceOptions {
  db: Db;
  now: Clock;
  /** Told after every change that may alter what the public pages show. */
  changed(): Promise<void>;
}

export const tagsOf = (row: Pick<ArticleRow, 'tags'>): string[] => JSON.parse(row.tags);

/** Who is changing an article: an owner's changes go live, another member of staff's may wait for one. */
export interface Editor {
  id: number;
  role: string;
}

export function summaryOf(row: ArticleRow): Omit<ArticleSummary, 'pendingRevision'> {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    status: row.status,
    authorName: row.author_name,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    publishAt: row.publish_at,
    publishedAt: row.published_at,
  };
}

/** Articles as the back office changes them: each change and its audit entry in one transaction. */
export function createArticleService({ db, now, changed }: ArticleServiceOptions) {
  async function find(executor: Db, id: number) {
    const row = await executor.selectFrom('articles').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw new ArticleRefusal(404, articleMessages.noSuchArticle);
    return row;
  }

  /** The author must be a member of staff; their account is only remembered, the byline is what is shown. */
  async function checkAuthor(executor: Db, userId: number) {
    const user = await executor.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
    if (!user) throw new ArticleRefusal(422, articleMessages.author);
  }

  const fields = (input: ArticleInput) => ({
    title: input.title,
    summary: input.summary,
    slug: input.slug,
    tags: JSON.stringify(normaliseTags(input.tags)),
    author_user_id: input.authorUserId,
    author_name: input.authorName,
    body: input.body,
    cover_alt: input.coverAlt || null,
  });

  /**
   * Runs a change with its audit entry, refusing a slug another article has (the unique index decides).
   * The work may name another action than the one expected (a change kept for review, not made).
   */
  async function change<T>(
    staffId: number | null,
    action: AuditAction,
    work: (
      trx: Db,
      at: Date,
    ) => Promise<{ result: T; subject: string; detail?: unknown; action?: AuditAction }>,
  ): Promise<T> {
    const at = now();
    let result: T;
    try {
      result = await db.transaction().execute(async (trx) => {
        const done = await work(trx, at);
        await recordAudit(
          trx,
          { userId: staffId, action: done.action ?? action, subject: done.subject, detail: done.detail },
          at,
        );
        return done.result;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ArticleRefusal(409, articleMessages.slugTaken);
      throw error;
    }
    await changed();
    return result;
  }

  /**
   * Makes a change to the article itself if this editor may: an owner always, anyone else only while it
   * is a draft. The update checks the status itself, so an article an owner publishes meanwhile (in
   * another transaction) is not changed behind their back. Answers whether it was made.
   */
  async function changeDirectly(trx: Db, editor: Editor, id: number, set: Partial<ArticleRow>) {
    let query = trx.updateTable('articles').set(set).where('id', '=', id);
    if (editor.role !== 'owner') query = query.where('status', '=', 'draft');
    return Number((await query.executeTakeFirst()).numUpdatedRows) === 1;
  }

  /**
   * An owner publishes or schedules only the version they read: `seen` is the `updatedAt` their screen
   * loaded. The article as it is now, or a refusal if it changed since.
   */
  async function findAsSeen(
    trx: Db,
    id: number,
    seen: string,
    refusal: string = articleMessages.changedSinceOpened,
  ) {
    const row = await find(trx, id);
    if (Date.parse(row.updated_at) !== Date.parse(seen)) throw new ArticleRefusal(409, refusal);
    return row;
  }

  /**
   * The owner's change, made only while the article is still the version they read: the update itself
   * checks it, so a member of staff's save committed in between (another transaction) refuses it.
   */
  async function changeIfSeen(
    trx: Db,
    id: number,
    seen: string,
    set: Partial<ArticleRow>,
    refusal: string = articleMessages.changedSinceOpened,
  ) {
    const result = await trx
      .updateTable('articles')
      .set(set)
      .where('id', '=', id)
      .where('updated_at', '=', new Date(seen).toISOString())
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw new ArticleRefusal(409, refusal);
    return true;
  }

  /** Refuses to publish what a reader could not read. */
  const ready = (row: ArticleRow) => {
    if (!row.title || !row.summary || row.body.trim() === '') {
      throw new ArticleRefusal(422, articleMessages.notReady);
    }
  };

  return {
    async list() {
      const rows = await db
        .selectFrom('articles')
        .selectAll()
        .orderBy('updated_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      const pending = await pendingRevisions(db);
      return rows.map((row) => ({ ...summaryOf(row), pendingRevision: pending.get(row.id) ?? null }));
    },

    /** Active staff who may be named as author, with their adviser name (a byline to start from). */
    async authors() {
      const rows = await db
        .selectFrom('users')
        .leftJoin('advisers', 'advisers.user_id', 'users.id')
        .select(['users.id', 'users.email', 'advisers.display_name'])
        .where('users.status', '=', 'active')
        .orderBy('users.email')
        .execute();
      return rows.map((row) => ({ id: row.id, email: row.email, name: row.display_name ?? '' }));
    },

    async timeZone() {
      return (await loadSettings(db)).timeZone;
    },

    async get(id: number): Promise<Article> {
      const row = await find(db, id);
      return {
        ...summaryOf(row),
        summary: row.summary,
        tags: tagsOf(row),
        authorUserId: row.author_user_id,
        body: row.body,
        cover: coverOf(row),
        revision: await revisionOf(db, id),
      };
    },

    create(staffId: number, input: ArticleInput) {
      return change(staffId, 'article.created', async (trx, at) => {
        await checkAuthor(trx, input.authorUserId);
        const { id } = await trx
          .insertInto('articles')
          .values({
            ...fields(input),
            status: 'draft',
            created_at: at.toISOString(),
            updated_at: at.toISOString(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return { result: id, subject: input.slug, detail: { title: input.title } };
      });
    },

    /**
     * Answers whether the change went live or waits for an owner as the article's pending revision, and
     * the article's version after it (what an owner then publishes). The editor sends the versions it
     * read (the article's `updatedAt`, its pending revision's `writtenAt`): if another member of staff
     * saved since, the save is refused rather than silently overwriting theirs.
     */
    save(
      editor: Editor,
      id: number,
      input: ArticleInput & { updatedAt?: string | undefined; revisionWrittenAt?: string | null | undefined },
    ) {
      const savedSince = articleMessages.savedSinceOpened;
      return change<{ went: 'live' | 'pending'; updatedAt: string }>(
        editor.id,
        'article.saved',
        async (trx, at) => {
          const seen = input.updatedAt;
          const before =
            seen === undefined ? await find(trx, id) : await findAsSeen(trx, id, seen, savedSince);
          await checkAuthor(trx, input.authorUserId);
          const set = { ...fields(input), updated_at: at.toISOString() };
          const made =
            changesGoLive(editor.role, before) &&
            (seen === undefined
              ? await changeDirectly(trx, editor, id, set)
              : await changeIfSeen(trx, id, seen, set, savedSince));
          if (!made) {
            const live = await find(trx, id);
            const writer = { id: editor.id, at, seen: input.revisionWrittenAt };
            const kept = await keepRevision(trx, live, fields(input), writer);
            if (kept === 'slug-taken') throw new ArticleRefusal(409, articleMessages.slugTaken);
            if (kept === 'changed') throw new ArticleRefusal(409, savedSince);
            return {
              result: { went: 'pending' as const, updatedAt: live.updated_at },
              action: 'article.revision-saved' as const,
              subject: live.slug,
              detail: { title: input.title, ...(live.slug !== input.slug && { slug: input.slug }) },
            };
          }
          await followLiveChange(trx, before, id, fields(input));
          const detail =
            before.slug === input.slug ? { title: input.title } : { title: input.title, was: before.slug };
          return {
            result: { went: 'live' as const, updatedAt: at.toISOString() },
            subject: input.slug,
            detail,
          };
        },
      );
    },

    /**
     * `publishAt` is the firm's wall-clock time ("2026-12-01T09:00"), which must be still to come;
     * `seen` is the version the owner read (see `changeIfSeen`).
     */
    async schedule(staffId: number, id: number, publishAt: string, seen: string) {
      const timeZone = (await loadSettings(db)).timeZone;
      const [date, time] = publishAt.split('T') as [string, string];
      const [year, month, day] = date.split('-').map(Number) as [number, number, number];
      const [hour, minute] = time.split(':').map(Number) as [number, number];
      const when = zonedTimeToUtc({ year, month: month - 1, day }, hour, minute, timeZone);
      if (Number.isNaN(when.getTime()) || hour > 23 || minute > 59 || when <= now()) {
        throw new ArticleRefusal(422, articleMessages.publishAt);
      }
      return change(staffId, 'article.scheduled', async (trx, at) => {
        const row = await findAsSeen(trx, id, seen);
        ready(row);
        await changeIfSeen(trx, id, seen, {
          status: 'scheduled',
          publish_at: when.toISOString(),
          updated_at: at.toISOString(),
        });
        return { result: undefined, subject: row.slug, detail: { publishAt: when.toISOString() } };
      });
    },

    /** Publishes the article as the owner read it: `seen` is its version then (see `changeIfSeen`). */
    publish(staffId: number, id: number, seen: string) {
      return change(staffId, 'article.published', async (trx, at) => {
        const row = await findAsSeen(trx, id, seen);
        ready(row);
        await changeIfSeen(trx, id, seen, {
          status: 'published',
          publish_at: null,
          published_at: row.published_at ?? at.toISOString(),
          updated_at: at.toISOString(),
        });
        return { result: undefined, subject: row.slug };
      });
    },

    unpublish(staffId: number, id: number) {
      return change(staffId, 'article.unpublished', async (trx, at) => {
        const row = await find(trx, id);
        await trx
          .updateTable('articles')
          .set({ status: 'draft', publish_at: null, updated_at: at.toISOString() })
          .where('id', '=', id)
          .execute();
        return { result: undefined, subject: row.slug };
      });
    },

    /**
     * Makes the cover's files (outside the transaction: encoding takes a while), then swaps them in, or
     * keeps them for the pending revision (as save does). Answers whether the new cover went live.
     */
    async uploadCover(
      editor: Editor,
      id: number,
      upload: { bytes: Buffer; contentType: string; alt: string },
    ) {
      await find(db, id);
      const cover = await makePhotoSizes(upload.bytes, upload.contentType, {
        size: articleMessages.coverSize,
        pixels: articleMessages.coverPixels,
        unreadable: articleMessages.coverUnreadable,
        type: articleMessages.coverType,
      });
      return change(editor.id, 'article.cover-changed', async (trx, at) => {
        const row = await find(trx, id);
        await trx
          .insertInto('article_images')
          .values(
            cover.files.map((file) => ({
              name: file.name,
              article_id: id,
              content_type: file.contentType,
              width: file.width,
              height: file.height,
              bytes: file.bytes,
              created_at: at.toISOString(),
            })),
          )
          .onConflict((oc) => oc.column('name').doNothing())
          .execute();
        const coverFields = {
          cover_key: cover.key,
          cover_alt: upload.alt,
          cover_width: cover.width,
          cover_height: cover.height,
        };
        const widths = cover.files.filter((f) => f.contentType === 'image/webp').map((f) => f.width);
        const made =
          changesGoLive(editor.role, row) &&
          (await changeDirectly(trx, editor, id, { ...coverFields, updated_at: at.toISOString() }));
        if (!made) {
          // keepRevision deletes the files of the revision's earlier cover, if it had its own.
          const live = await find(trx, id);
          await keepRevision(trx, live, coverFields, { id: editor.id, at });
          return {
            result: 'pending' as const,
            action: 'article.revision-saved' as const,
            subject: live.slug,
            detail: { cover: true, widths },
          };
        }
        await followLiveChange(trx, row, id, coverFields);
        // The replaced cover's files go; a pending revision's cover stays for the owner's review.
        const pending = await trx
          .selectFrom('article_revisions')
          .select('cover_key')
          .where('article_id', '=', id)
          .executeTakeFirst();
        await keepOnlyCovers(trx, id, [cover.key, pending?.cover_key]);
        return { result: 'live' as const, subject: row.slug, detail: { widths } };
      });
    },

    /**
     * An owner puts a member of staff's pending changes live, as their own edit would be: only the
     * revision they read (`seen`, its `writtenAt`), not one written again since.
     */
    publishRevision(staffId: number, id: number, seen: string) {
      return change(staffId, 'article.revision-published', async (trx, at) => {
        const row = await find(trx, id);
        const revision = await applyRevision(trx, row, seen, at);
        if (revision === 'changed') {
          throw new ArticleRefusal(409, articleMessages.revisionChangedSinceOpened);
        }
        if (!revision) throw new ArticleRefusal(404, articleMessages.noRevision);
        const detail = revision.slug === row.slug ? { title: revision.title } : { was: row.slug };
        return { result: undefined, subject: revision.slug, detail };
      });
    },

    /** An owner drops a member of staff's pending changes: the article stays as it is. */
    discardRevision(staffId: number, id: number) {
      return change(staffId, 'article.revision-discarded', async (trx) => {
        const row = await find(trx, id);
        const revision = await dropRevision(trx, row);
        if (!revision) throw new ArticleRefusal(404, articleMessages.noRevision);
        return { result: undefined, subject: row.slug, detail: { title: revision.title } };
      });
    },

    /**
     * Publishes the scheduled articles whose time has come, each once even with several instances
     * polling: only the instance whose update still finds it scheduled records it.
     */
    async publishDue(): Promise<number> {
      const at = now();
      const due = await db
        .selectFrom('articles')
        .select(['id', 'slug', 'publish_at'])
        .where('status', '=', 'scheduled')
        .where('publish_at', '<=', at.toISOString())
        .execute();
      let published = 0;
      for (const article of due) {
        const done = await db.transaction().execute(async (trx) => {
          const result = await trx
            .updateTable('articles')
            .set((eb) => ({
              status: 'published',
              published_at: eb.fn.coalesce('published_at', 'publish_at'),
              publish_at: null,
              updated_at: at.toISOString(),
            }))
            .where('id', '=', article.id)
            .where('status', '=', 'scheduled')
            .executeTakeFirst();
          if (Number(result.numUpdatedRows) !== 1) return false;
          await recordAudit(
            trx,
            { userId: null, action: 'article.published', subject: article.slug, detail: { via: 'schedule' } },
            at,
          );
          return true;
        });
        if (done) published++;
      }
      if (published > 0) await changed();
      return published;
    },
  };
}

export type ArticleService = ReturnType<typeof createArticleService>;

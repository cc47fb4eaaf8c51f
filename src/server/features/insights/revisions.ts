import type { Kysely, Selectable } from 'kysely';
import { isUniqueViolation } from '#server/db/errors.ts';
import type { ArticleRevisionTable, ArticleTable, Database } from '#server/db/schema.ts';
import { staffLabel } from '#server/db/staff-label.ts';
import type { ArticleRevision } from '#shared/api/back-office-articles.ts';
import { coverImagePath } from '#shared/articles.ts';

// Pending revisions: what a member of staff who is not an owner changes in a published or scheduled
// article waits here for an owner (docs/behaviour/insights.md), so that publishing stays an owner's act.

type Db = Kysely<Database>;
type ArticleRow = Selectable<ArticleTable>;
type RevisionRow = Selectable<ArticleRevisionTable>;

/** What a pending revision holds: every field of the article that a visitor sees. */
export type RevisedFields = Pick<
  ArticleRow,
  | 'slug'
  | 'title'
  | 'summary'
  | 'body'
  | 'tags'
  | 'author_user_id'
  | 'author_name'
  | 'cover_key'
  | 'cover_alt'
  | 'cover_width'
  | 'cover_height'
>;

/** A published or scheduled article is live (or about to be): only an owner changes it directly. */
export const changesGoLive = (role: string, row: Pick<ArticleRow, 'status'>) =>
  role === 'owner' || row.status === 'draft';

const revisedFieldsOf = (row: RevisedFields): RevisedFields => ({
  slug: row.slug,
  title: row.title,
  summary: row.summary,
  body: row.body,
  tags: row.tags,
  author_user_id: row.author_user_id,
  author_name: row.author_name,
  cover_key: row.cover_key,
  cover_alt: row.cover_alt,
  cover_width: row.cover_width,
  cover_height: row.cover_height,
});

export async function findRevision(executor: Db, articleId: number) {
  return executor
    .selectFrom('article_revisions')
    .selectAll()
    .where('article_id', '=', articleId)
    .executeTakeFirst();
}

/**
 * Keeps a member of staff's change as the article's pending revision: the first change starts from what
 * is live, later ones change the revision. An address another article has is refused now, not at review.
 * `writer.seen`, when the editor sent it, is the revision's `writtenAt` as it read it (null: none was
 * pending): a revision written since answers 'changed' and is left as it is.
 */
export async function keepRevision(
  trx: Db,
  article: ArticleRow,
  change: Partial<RevisedFields>,
  writer: { id: number; at: Date; seen?: string | null | undefined },
) {
  if (change.slug !== undefined) {
    const taken = await trx
      .selectFrom('articles')
      .select('id')
      .where('slug', '=', change.slug)
      .where('id', '!=', article.id)
      .executeTakeFirst();
    if (taken) return 'slug-taken' as const;
  }
  const before = await findRevision(trx, article.id);
  const { seen } = writer;
  if (seen !== undefined && (before ? seen === null : seen !== null)) return 'changed' as const;
  const fields = { ...revisedFieldsOf(before ?? article), ...change };
  const written = { written_by: writer.id, written_at: writer.at.toISOString() };
  if (before) {
    let update = trx
      .updateTable('article_revisions')
      .set({ ...fields, ...written })
      .where('article_id', '=', article.id);
    // The update checks the version itself, so a save committed in between (another transaction) wins.
    if (seen) update = update.where('written_at', '=', new Date(seen).toISOString());
    if (Number((await update.executeTakeFirst()).numUpdatedRows) !== 1) return 'changed' as const;
    // A cover replaced within the revision: its earlier files are no one's any more.
    if (before.cover_key !== fields.cover_key) {
      await keepOnlyCovers(trx, article.id, [article.cover_key, fields.cover_key]);
    }
  } else {
    try {
      await trx
        .insertInto('article_revisions')
        .values({ article_id: article.id, ...fields, ...written })
        .execute();
    } catch (error) {
      // Another member of staff's first change, committed in between, is the revision now.
      if (isUniqueViolation(error)) return 'changed' as const;
      throw error;
    }
  }
  return 'kept' as const;
}

/**
 * When a change goes live while a revision waits, each field the revision left as it was follows the
 * change: the revision holds the whole article, and publishing it would otherwise put back what the live
 * edit replaced, undoing it unseen. A field the member of staff changed keeps their words for the review.
 */
export async function followLiveChange(
  trx: Db,
  before: RevisedFields,
  articleId: number,
  change: Partial<RevisedFields>,
) {
  const revision = await findRevision(trx, articleId);
  if (!revision) return;
  const followed = Object.fromEntries(
    (Object.keys(change) as (keyof RevisedFields)[])
      .filter((field) => revision[field] === before[field])
      .map((field) => [field, change[field]]),
  ) as Partial<RevisedFields>;
  if (Object.keys(followed).length === 0) return;
  await trx.updateTable('article_revisions').set(followed).where('article_id', '=', articleId).execute();
}

/** Deletes the article's cover files but those of the covers named (its live one, its pending one). */
export async function keepOnlyCovers(trx: Db, articleId: number, keys: (string | null | undefined)[]) {
  let query = trx.deleteFrom('article_images').where('article_id', '=', articleId);
  // Cover keys are hex digits, so a LIKE pattern made from one matches only its own files.
  for (const key of keys) if (key) query = query.where('name', 'not like', `${key}-%`);
  await query.execute();
}

/**
 * Puts the pending revision live, as an owner's own edit would, but only the one the owner read: `seen`
 * is its `writtenAt` then. Taking it is one conditional delete, so a member of staff's change committed in
 * between is not published unread. Answers the revision, 'changed' if it was written again since, or
 * undefined if there is none.
 */
export async function applyRevision(trx: Db, article: ArticleRow, seen: string, at: Date) {
  const revision = await trx
    .deleteFrom('article_revisions')
    .where('article_id', '=', article.id)
    .where('written_at', '=', new Date(seen).toISOString())
    .returningAll()
    .executeTakeFirst();
  if (!revision) return (await findRevision(trx, article.id)) ? ('changed' as const) : undefined;
  await trx
    .updateTable('articles')
    .set({ ...revisedFieldsOf(revision), updated_at: at.toISOString() })
    .where('id', '=', article.id)
    .execute();
  await keepOnlyCovers(trx, article.id, [revision.cover_key]);
  return revision;
}

/** Drops the pending revision and any cover only it used: answers it, or undefined if there was none. */
export async function dropRevision(trx: Db, article: ArticleRow) {
  const revision = await findRevision(trx, article.id);
  if (!revision) return undefined;
  await trx.deleteFrom('article_revisions').where('article_id', '=', article.id).execute();
  await keepOnlyCovers(trx, article.id, [article.cover_key]);
  return revision;
}

/** The pending revision as the back office shows it, with who wrote it. */
export async function revisionOf(db: Db, articleId: number): Promise<ArticleRevision | null> {
  const row = await db
    .selectFrom('article_revisions')
    .leftJoin('users', 'users.id', 'article_revisions.written_by')
    .selectAll('article_revisions')
    .select(staffLabel.as('writtenByStaff'))
    .where('article_revisions.article_id', '=', articleId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    title: row.title,
    summary: row.summary,
    slug: row.slug,
    tags: JSON.parse(row.tags),
    authorUserId: row.author_user_id,
    authorName: row.author_name,
    body: row.body,
    cover: coverOf(row),
    writtenBy: row.writtenByStaff ?? null,
    writtenAt: new Date(row.written_at).toISOString(),
  };
}

/** Who wrote each article's pending revision and when, by article id, for the list. */
export async function pendingRevisions(db: Db) {
  const rows = await db
    .selectFrom('article_revisions')
    .leftJoin('users', 'users.id', 'article_revisions.written_by')
    .select(['article_revisions.article_id', 'article_revisions.written_at', staffLabel.as('writtenBy')])
    .execute();
  return new Map(
    rows.map((row) => [
      row.article_id,
      { writtenBy: row.writtenBy ?? null, writtenAt: new Date(row.written_at).toISOString() },
    ]),
  );
}

export function coverOf(row: Pick<RevisionRow, 'cover_key' | 'cover_alt' | 'cover_width' | 'cover_height'>) {
  return row.cover_key && row.cover_width && row.cover_height
    ? {
        alt: row.cover_alt ?? '',
        width: row.cover_width,
        height: row.cover_height,
        src: coverImagePath(`${row.cover_key}-${row.cover_width}.webp`),
      }
    : null;
}

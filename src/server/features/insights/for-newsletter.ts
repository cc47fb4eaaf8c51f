import type { Db } from '#server/db/database.ts';
import { insightsPath } from '#shared/articles.ts';

/**
 * A published article as a newsletter made from it needs it: its words, and its address on the site for
 * the email's "Read it on our site" link. An article not (or no longer) published gives nothing, so no
 * email links to a page that is not there.
 */
export function articlesForNewsletter(db: Db, publicUrl: URL) {
  return async (id: number) => {
    const row = await db
      .selectFrom('articles')
      .select(['title', 'summary', 'body', 'slug'])
      .where('id', '=', id)
      .where('status', '=', 'published')
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      title: row.title,
      summary: row.summary,
      bodyMarkdown: row.body,
      url: new URL(`${insightsPath}/${row.slug}`, publicUrl).href,
    };
  };
}

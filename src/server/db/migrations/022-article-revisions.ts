import type { Kysely } from 'kysely';
import { timestampType } from '../columns.ts';

// A change that a member of staff (not an owner) makes to a published or scheduled article waits here
// until an owner publishes or discards it: the live article, its pages and its feed stay as they were.
// One pending revision per article, holding the whole of what would go live (text and cover alike); a
// pending cover's files sit in article_images beside the live one's until the revision is decided.
export async function up(db: Kysely<unknown>) {
  const timestamp = timestampType(db);
  await db.schema
    .createTable('article_revisions')
    .addColumn('article_id', 'integer', (c) => c.primaryKey().references('articles.id').onDelete('cascade'))
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('tags', 'text', (c) => c.notNull())
    .addColumn('author_user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('author_name', 'text', (c) => c.notNull())
    .addColumn('cover_key', 'text')
    .addColumn('cover_alt', 'text')
    .addColumn('cover_width', 'integer')
    .addColumn('cover_height', 'integer')
    // Who last changed it and when: shown to the owner who reviews it.
    .addColumn('written_by', 'integer', (c) => c.references('users.id'))
    .addColumn('written_at', timestamp, (c) => c.notNull())
    .execute();
}

import type { Kysely } from 'kysely';
import { timestampType, withId } from '../columns.ts';
import { isPostgres } from '../database.ts';

// Articles ("Insights") that staff write in the back office and the site publishes. An article names its
// author twice: the member of staff who wrote it (kept only to list who wrote what; the account may later
// be disabled or erased) and the byline shown to readers, a copy that stays when the account goes.
// Cover images are stored here, in each size and format made at upload, rather than on local disk,
// because instances on one PostgreSQL share nothing else.
export async function up(db: Kysely<unknown>) {
  const timestamp = timestampType(db);
  await withId(db, db.schema.createTable('articles'))
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    // JSON: the normalised tags, in the order written.
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('author_user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('author_name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
    .addColumn('publish_at', timestamp)
    .addColumn('published_at', timestamp)
    // The cover: its content hash (which names its files), its description, its largest size.
    .addColumn('cover_key', 'text')
    .addColumn('cover_alt', 'text')
    .addColumn('cover_width', 'integer')
    .addColumn('cover_height', 'integer')
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('articles_by_status')
    .on('articles')
    .columns(['status', 'publish_at'])
    .execute();

  await db.schema
    .createTable('article_images')
    // `<cover key>-<width>.<avif|webp>`: the URL's last segment, unique to its bytes.
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('article_id', 'integer', (c) => c.notNull().references('articles.id').onDelete('cascade'))
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('bytes', isPostgres(db) ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('article_images_by_article')
    .on('article_images')
    .column('article_id')
    .execute();
}

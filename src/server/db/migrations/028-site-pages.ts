import type { Kysely } from 'kysely';
import { timestampType, withId } from '../columns.ts';
import { isPostgres } from '../database.ts';

// The firm's pages as data (docs/decisions/023-pages-are-sections.md). A page keeps the draft its editors
// work on, saved as they type with a version that each save moves on (so the second of two editors is
// told), and every publish as a revision that is never changed, which can be viewed and restored. The
// addresses a page gave up answer 301 to where it is now, or 410 once it is gone. Pictures placed in
// sections are stored here in each size and format, as articles' covers are, since instances on one
// PostgreSQL share nothing else.
export async function up(db: Kysely<unknown>) {
  const timestamp = timestampType(db);
  await withId(db, db.schema.createTable('site_pages'))
    // Where the page is published, '/' or '/landlords'; unique among pages not removed.
    .addColumn('path', 'text', (c) => c.notNull())
    // Where the navigation lists it: 'main', 'footer' or 'none', by what words ('' for its title), its
    // place among the others there, and when that last changed (other instances draw every page again).
    .addColumn('nav', 'text', (c) => c.notNull().defaultTo('none'))
    .addColumn('nav_label', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('nav_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('nav_changed_at', timestamp)
    // JSON of the PageDocument being edited (shared/sections.ts), and its version.
    .addColumn('draft', 'text', (c) => c.notNull())
    .addColumn('draft_version', 'integer', (c) => c.notNull())
    .addColumn('draft_saved_at', timestamp, (c) => c.notNull())
    .addColumn('draft_saved_by', 'integer', (c) => c.references('users.id'))
    // The revision visitors see; null until first published.
    .addColumn('live_revision', 'integer')
    // A publish an owner scheduled: the draft as the owner read it then goes live at that time, whatever
    // is typed into the draft meanwhile.
    .addColumn('publish_at', timestamp)
    .addColumn('publish_document', 'text')
    .addColumn('removed_at', timestamp)
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('site_pages_by_path').on('site_pages').column('path').execute();

  await db.schema
    .createTable('page_revisions')
    .addColumn('page_id', 'integer', (c) => c.notNull().references('site_pages.id').onDelete('cascade'))
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('document', 'text', (c) => c.notNull())
    .addColumn('published_at', timestamp, (c) => c.notNull())
    .addColumn('published_by', 'integer', (c) => c.references('users.id'))
    .addPrimaryKeyConstraint('page_revisions_key', ['page_id', 'number'])
    .execute();

  await db.schema
    .createTable('page_addresses')
    .addColumn('path', 'text', (c) => c.primaryKey())
    // The page that now answers for it (301 to its path), or null: the page is gone (410).
    .addColumn('page_id', 'integer', (c) => c.references('site_pages.id').onDelete('set null'))
    .addColumn('moved_at', timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('page_images')
    // `<key>-<width>.<avif|webp>`: the URL's last segment, unique to its bytes.
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('bytes', isPostgres(db) ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('page_images_by_key').on('page_images').column('key').execute();
}

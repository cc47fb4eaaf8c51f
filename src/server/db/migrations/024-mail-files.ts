import type { Kysely } from 'kysely';
import { timestampType, withId } from '../columns.ts';

// Which email written to MAIL_DIR (when SMTP_URL is unset) holds which address: one row per file and
// address it names (recipient, reply-to, or in its text), the address kept only as a key derived from
// SESSION_SECRET. An erasure finds the person's files here without reading every file, and the retention
// job finds the old ones by their date (mail/mail-files.ts).
export async function up(db: Kysely<unknown>) {
  await withId(db, db.schema.createTable('mail_files'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('address_key', 'text', (c) => c.notNull())
    .addColumn('created_at', timestampType(db), (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mail_files_by_address').on('mail_files').column('address_key').execute();
  await db.schema.createIndex('mail_files_by_date').on('mail_files').column('created_at').execute();
}

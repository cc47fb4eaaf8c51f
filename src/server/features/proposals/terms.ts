import { readFileSync } from 'node:fs';
import { type Kysely, sql } from 'kysely';
import { recordAudit } from '#server/audit/log.ts';
import { isPostgres } from '#server/db/database.ts';
import type { Database } from '#server/db/schema.ts';
import { writeTransaction } from '#server/db/write-transaction.ts';
import { richTextOfMarkdown } from '#shared/markdown-rich-text.ts';
import { type RichText, richTextSchema } from '#shared/rich-text.ts';

// The firm's terms of business (migration 044): each save a version of its own, never changed after, as
// the price list's are, so that an acceptance names the very words agreed to. The newest is sent with
// proposals; until an owner saves one, the starter text in the demo seed stands, worded for any firm.

type Db = Kysely<Database>;

const starterFile = new URL('../../../../seeds/demo-firm/terms-of-business.md', import.meta.url);
let starter: RichText | undefined;

/** The seed's terms, read once when first asked for, as the editor would store them. */
export function starterTerms(): RichText {
  starter ??= richTextSchema.parse(richTextOfMarkdown(readFileSync(starterFile, 'utf8')));
  return starter;
}

export interface Terms {
  /** The version; null while the starter text stands. */
  version: number | null;
  body: RichText;
}

/** The newest version of the terms, or the starter text before any is saved. */
export async function currentTerms(db: Db): Promise<Terms> {
  const row = await db
    .selectFrom('terms_of_business')
    .select(['id', 'body'])
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return { version: null, body: starterTerms() };
  return { version: row.id, body: richTextSchema.parse(JSON.parse(row.body)) };
}

/**
 * Saves a new version if the newest is still `basedOn` (null: none saved yet), audited; false when
 * someone saved one since. Two owners saving at once: the second waits for the first, then finds it moved.
 */
export function saveTerms(
  db: Db,
  body: RichText,
  { basedOn, by, now }: { basedOn: number | null; by: number; now: Date },
): Promise<boolean> {
  return writeTransaction(db, async (trx) => {
    if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(hashtext('terms_of_business'))`.execute(trx);
    const newest = await trx
      .selectFrom('terms_of_business')
      .select('id')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if ((newest?.id ?? null) !== basedOn) return false;
    const { id } = await trx
      .insertInto('terms_of_business')
      .values({ body: JSON.stringify(body), created_by: by, created_at: now.toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(
      trx,
      { userId: by, action: 'terms.saved', subject: 'terms of business', detail: { version: id } },
      now,
    );
    return true;
  });
}

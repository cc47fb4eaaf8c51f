import { type Kysely, sql } from 'kysely';
import { recordAudit } from '#server/audit/log.ts';
import { isPostgres } from '#server/db/database.ts';
import type { Database } from '#server/db/schema.ts';
import { writeTransaction } from '#server/db/write-transaction.ts';
import { type PriceList, priceListSchema } from '#shared/pricing.ts';
import { starterPriceList } from '#shared/starter-price-list.ts';

// The price list's versions (migration 043): the newest is the firm's price list.

type Db = Kysely<Database>;

/** The newest version and its id; the starter list, with no id, before an owner saves one. */
export async function currentPriceList(db: Db): Promise<{ version: number | null; priceList: PriceList }> {
  const row = await db
    .selectFrom('price_lists')
    .select(['id', 'document'])
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return { version: null, priceList: starterPriceList };
  return { version: row.id, priceList: priceListSchema.parse(JSON.parse(row.document)) };
}

/**
 * Saves a new version if the newest is still `basedOn` (null: none saved yet), with the audit log's
 * record of who saved it: 'moved' when someone saved one since, 'unchanged' (and no version) when it is
 * the newest (or, before any, the starter list) as it stands. Two owners saving at once: the second waits
 * for the first (SQLite's write lock, PostgreSQL's advisory lock), then finds it moved on.
 */
export function savePriceList(
  db: Db,
  priceList: PriceList,
  { basedOn, by, now }: { basedOn: number | null; by: number; now: Date },
): Promise<'saved' | 'moved' | 'unchanged'> {
  return writeTransaction(db, async (trx) => {
    if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(hashtext('price_lists'))`.execute(trx);
    const newest = await trx
      .selectFrom('price_lists')
      .select(['id', 'document'])
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if ((newest?.id ?? null) !== basedOn) return 'moved';
    // Both read through the schema, so one list is one text whatever order its keys were sent in.
    const standing = newest ? priceListSchema.parse(JSON.parse(newest.document)) : starterPriceList;
    if (JSON.stringify(priceListSchema.parse(standing)) === JSON.stringify(priceList)) return 'unchanged';
    const { id } = await trx
      .insertInto('price_lists')
      .values({ document: JSON.stringify(priceList), created_by: by, created_at: now.toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(
      trx,
      { userId: by, action: 'price-list.saved', subject: 'price list', detail: { version: id } },
      now,
    );
    return 'saved';
  });
}

import { recordAudit } from '#server/audit/log.ts';
import type { Db } from '#server/db/database.ts';

// Whether the site offers the instant quote (migration 048): off until an owner turns it on.

export async function instantQuoteIsOn(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('instant_quote_settings')
    .select('enabled')
    .where('id', '=', 1)
    .executeTakeFirst();
  return row?.enabled === 1;
}

/** Turns it on or off, with the audit log's record of who did. */
export function setInstantQuote(db: Db, enabled: boolean, { by, now }: { by: number | null; now: Date }) {
  return db.transaction().execute(async (trx) => {
    const values = { enabled: enabled ? 1 : 0, updated_by: by, updated_at: now.toISOString() };
    await trx
      .insertInto('instant_quote_settings')
      .values({ id: 1, ...values })
      .onConflict((conflict) => conflict.column('id').doUpdateSet(values))
      .execute();
    if (by !== null) {
      await recordAudit(
        trx,
        { userId: by, action: 'instant-quote.changed', subject: 'instant quote', detail: { enabled } },
        now,
      );
    }
  });
}

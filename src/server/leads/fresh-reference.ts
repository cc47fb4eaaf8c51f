import { type Kysely, sql } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import { newReference } from '#server/tokens.ts';

/** The tables whose rows a person names by a reference read out on the phone. */
export type ReferencedTable = 'bookings' | 'enquiries' | 'applications';

/**
 * A reference, starting with the firm's `prefix`, that no row of `table` has yet. References are short enough to read out (newReference), so a new
 * one can repeat an old one: it is drawn again rather than refused by the unique index, which would turn a
 * visitor's booking or enquiry into an error. Pass the transaction that inserts the row.
 */
export async function freshReference(
  db: Kysely<Database>,
  table: ReferencedTable,
  prefix: string,
  draw: () => string = () => newReference(prefix),
): Promise<string> {
  for (;;) {
    const reference = draw();
    const { rows } = await sql`select 1 from ${sql.table(table)} where reference = ${reference}`.execute(db);
    if (rows.length === 0) return reference;
  }
}

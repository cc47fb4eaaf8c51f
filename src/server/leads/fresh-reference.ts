import { newReference } from '#server/tokens.ts';

/**
 * Inserts a row under a reference, starting with the firm's `prefix`, that no row of its table has yet.
 * References are short enough to read out (newReference), so a new one can repeat an old one: `insert`
 * skips a taken reference (ON CONFLICT (reference) DO NOTHING, answering no row) rather than turn a
 * visitor's booking or enquiry into an error, and another is drawn. One statement, not a look-up and then
 * an insert: on PostgreSQL each is a round trip. Pass `insert` the transaction that writes the rest.
 */
export async function withFreshReference<Row>(
  prefix: string,
  insert: (reference: string) => Promise<Row | undefined>,
  draw: () => string = () => newReference(prefix),
): Promise<Row> {
  for (;;) {
    const row = await insert(draw());
    if (row) return row;
  }
}

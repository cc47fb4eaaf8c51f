import type { Kysely } from 'kysely';
import { timestampType } from '../columns.ts';

// How far ahead an adviser's stored busy times reach. An ICS feed that answers 304 Not Modified keeps
// the busy times already stored; once the days offered have moved past this point (a day later, or a
// longer window in the firm's settings), the feed is read again in full so the new days are covered.
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable('adviser_calendars').addColumn('read_until', timestampType(db)).execute();
}

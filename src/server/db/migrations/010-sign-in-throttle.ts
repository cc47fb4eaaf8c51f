import { type Kysely, sql } from 'kysely';
import { timestampType } from '../columns.ts';

export async function up(db: Kysely<unknown>) {
  const timestamp = timestampType(db);
  // Rows made under the old rules (which could lock an account itself) last an hour at most: drop them
  // rather than read them under the new ones.
  await sql`delete from sign_in_throttles`.execute(db);
  await db.schema
    .alterTable('sign_in_throttles')
    // The first failure of the current window: failures are counted from here, and forgotten when the window
    // ends, however many more arrive (a later failure does not restart it).
    .addColumn('window_started_at', timestamp)
    .execute();
  await db.schema
    .alterTable('sign_in_throttles')
    // Account keys only: until then every attempt on the account must carry a proof of work.
    .addColumn('proof_required_until', timestamp)
    .execute();
  await db.schema
    .alterTable('sign_in_throttles')
    // Account keys only: when the account holder was last told that their sign-ins are being throttled.
    .addColumn('notified_at', timestamp)
    .execute();
  // Rows with no failure for a day are dropped as failures come in.
  await db.schema
    .createIndex('sign_in_throttles_by_last_failure')
    .on('sign_in_throttles')
    .column('last_failure_at')
    .execute();
}

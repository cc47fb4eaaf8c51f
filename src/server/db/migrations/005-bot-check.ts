import type { Kysely } from 'kysely';
import { timestampType } from '../columns.ts';

export async function up(db: Kysely<unknown>) {
  // Each solved ALTCHA challenge is good for one form post: its signature is kept here until it would
  // have expired anyway, and a second post with it fails on the primary key, across every instance.
  await db.schema
    .createTable('used_bot_check_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', timestampType(db), (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('used_bot_check_tokens_by_expiry')
    .on('used_bot_check_tokens')
    .column('expires_at')
    .execute();
}

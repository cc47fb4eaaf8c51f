import type { Kysely } from 'kysely';
import { timestampType, withId } from '../columns.ts';

export async function up(db: Kysely<unknown>) {
  const timestamp = timestampType(db);

  // The firm's staff. A new user has no password until they follow the link they are sent.
  await withId(db, db.schema.createTable('users'))
    .addColumn('email', 'text', (c) => c.notNull().unique())
    // Argon2id of the SHA-512 hex the browser sends.
    .addColumn('password_hash', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('password_changed_at', timestamp)
    .execute();

  // Only a hash of the session id: the cookie holds the only copy.
  await db.schema
    .createTable('sessions')
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('last_seen_at', timestamp, (c) => c.notNull())
    .addColumn('expires_at', timestamp, (c) => c.notNull())
    .addColumn('ip_address', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('sessions_by_user').on('sessions').column('user_id').execute();
  await db.schema.createIndex('sessions_by_expiry').on('sessions').column('expires_at').execute();

  // Set-password links (a reset, or an invitation to a new user): single use, stored hashed.
  await db.schema
    .createTable('password_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('expires_at', timestamp, (c) => c.notNull())
    .addColumn('used_at', timestamp)
    .execute();
  await db.schema.createIndex('password_tokens_by_user').on('password_tokens').column('user_id').execute();

  // Failed sign-ins by account (the email typed, whether or not it exists) and by IP address.
  await db.schema
    .createTable('sign_in_throttles')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('last_failure_at', timestamp, (c) => c.notNull())
    .addColumn('blocked_until', timestamp)
    .execute();
}

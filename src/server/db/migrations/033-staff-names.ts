import type { Kysely } from 'kysely';

// Staff are named on what they did ("by Jane Smith" on a lead's timeline, in the audit log, on an
// article's revisions) and in the Reply-To of an email they send. Accounts made before this have no name
// until they give one, and are shown by their address until then.
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable('users').addColumn('name', 'text').execute();
}

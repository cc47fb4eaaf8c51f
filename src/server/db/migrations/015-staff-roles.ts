import { type Kysely, sql } from 'kysely';

// Two roles: an owner may do everything, staff only the leads. Everyone who had an account before roles
// existed could do everything, so they all become owners: nobody loses access on upgrading. Accounts
// added afterwards say their role when they are created (features/accounts/staff-accounts.ts).
export async function up(db: Kysely<unknown>) {
  await db.schema
    .alterTable('users')
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('staff'))
    .execute();
  await sql`update users set role = 'owner'`.execute(db);
}

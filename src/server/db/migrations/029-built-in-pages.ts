import type { Kysely } from 'kysely';

// The pages the site is built around (home, contact, the forms' pages, the policies: shared/page-roles.ts)
// become pages like the firm's own, which the site adds at start where one is missing. `role` names which
// one a page is: its address stays, it is never removed, and it keeps the section it is there for.
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable('site_pages').addColumn('role', 'text').execute();
}

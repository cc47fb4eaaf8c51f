import type { Kysely } from 'kysely';
import { timestampType } from '../columns.ts';

// The navigation counts the leads that arrived since a member of staff's last visit. A visit is the
// back office opened in one session, for as long as it keeps being used; each member's row remembers the
// session of their current visit, when they last used the back office, and where the previous visit
// ended (the count starts there). Everyone starts with no visit: their first one counts from its start.
export async function up(db: Kysely<unknown>) {
  const timestamp = timestampType(db);
  await db.schema.alterTable('users').addColumn('visit_session', 'text').execute();
  await db.schema.alterTable('users').addColumn('visit_seen_at', timestamp).execute();
  await db.schema.alterTable('users').addColumn('new_leads_since', timestamp).execute();
}

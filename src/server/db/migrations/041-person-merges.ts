import type { Kysely } from 'kysely';
import { timestampType, withId } from '../columns.ts';

// The person as staff keep them (issue 36): two records of one client merged, and the merge undone;
// their details corrected by hand; a piece of new business given to a colleague. A merged person stays,
// pointing at the one they joined (`merged_into`), so that a later lead from their address lands on the
// one record, and an undo finds them again. What happened to a person rather than to one of their leads
// is on `person_events`: a merge (with exactly which rows moved, for the undo), its undo, a change of
// details, a colleague given the person or one of their opportunities.
export async function up(db: Kysely<unknown>) {
  const timestamp = timestampType(db);
  await db.schema
    .alterTable('people')
    .addColumn('merged_into', 'integer', (c) => c.references('people.id'))
    .execute();
  await db.schema
    .alterTable('opportunities')
    .addColumn('owner_id', 'integer', (c) => c.references('users.id'))
    .execute();
  await withId(db, db.schema.createTable('person_events'))
    .addColumn('person_id', 'integer', (c) => c.notNull().references('people.id'))
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull())
    // The other person of a merge: its events go when either is erased.
    .addColumn('other_id', 'integer')
    .addColumn('user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('person_events_by_person').on('person_events').column('person_id').execute();
}

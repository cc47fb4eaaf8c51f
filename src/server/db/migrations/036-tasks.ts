import type { Kysely } from 'kysely';
import { timestampType, withId } from '../columns.ts';

// Owners and tasks (decision 028): a person is looked after by a member of staff; a task ("send the
// proposal") is due at a time, assigned to a member of staff and about a person, and is done or not.
// Each working morning everyone with tasks due or overdue gets one email listing them, unless they turned
// it off: `task_digest_off_at` says since when (null: on), and `task_digest_sent_for` the firm's date of
// the last one sent, so that several instances send it once.
export async function up(db: Kysely<unknown>) {
  const timestamp = timestampType(db);
  await db.schema
    .alterTable('people')
    .addColumn('owner_id', 'integer', (c) => c.references('users.id'))
    .execute();
  await db.schema.alterTable('users').addColumn('task_digest_off_at', timestamp).execute();
  await db.schema.alterTable('users').addColumn('task_digest_sent_for', 'text').execute();
  await withId(db, db.schema.createTable('tasks'))
    .addColumn('person_id', 'integer', (c) => c.notNull().references('people.id'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('due_at', timestamp, (c) => c.notNull())
    .addColumn('assignee_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('done_at', timestamp)
    .addColumn('created_by', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  // A member's open tasks by due time (My tasks, the digest); a person's tasks on their page.
  await db.schema
    .createIndex('tasks_by_assignee_open_due')
    .on('tasks')
    .columns(['assignee_id', 'done_at', 'due_at'])
    .execute();
  await db.schema.createIndex('tasks_by_person').on('tasks').column('person_id').execute();
}

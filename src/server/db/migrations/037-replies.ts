import type { Kysely } from 'kysely';
import { timestampType, withId } from '../columns.ts';

// Replies from inside (decision 028): an email a member of staff writes on a person's page goes through
// the outbox from the firm's address, with Reply-To the member, and is kept here whole for the person's
// timeline (the outbox empties a sent email's body). The first one stops the person's "unanswered"
// clock. Saved replies are owners' wording with fields ({first name}, {call date}, {adviser}) that the
// page fills in before the member sends it.
export async function up(db: Kysely<unknown>) {
  const timestamp = timestampType(db);
  await withId(db, db.schema.createTable('replies'))
    .addColumn('person_id', 'integer', (c) => c.notNull().references('people.id'))
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('sent_by', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('replies_by_person').on('replies').column('person_id').execute();
  await db.schema.alterTable('people').addColumn('first_reply_at', timestamp).execute();
  await withId(db, db.schema.createTable('saved_replies'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'integer', (c) => c.references('users.id'))
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();
}

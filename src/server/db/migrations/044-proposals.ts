import type { Kysely } from 'kysely';
import { timestampType, withId } from '../columns.ts';
import { isPostgres } from '../database.ts';

// Proposals and what follows their acceptance (decision 030, issue 37). A proposal is a draft until it
// is sent; from then its `document` (the priced lines, extras, covering message and terms, as
// shared/proposals.ts says) is what the client sees and never changes: a price changed after sending is
// a new proposal that `replaces` it. The client's link is kept as its token's hash only. Acceptance keeps
// the evidence of a simple electronic signature with a hash of exactly what was shown; the engagement
// letter is kept as generated, with its hash. Terms of business are versions, as the price list is.
// Due diligence is one record per client, of who checked identity, when, against what, and the risk.
export async function up(db: Kysely<unknown>) {
  const timestamp = timestampType(db);
  const bytes = isPostgres(db) ? 'bytea' : 'blob';

  await withId(db, db.schema.createTable('terms_of_business'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('proposal_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('settings', 'text', (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('proposals'))
    .addColumn('reference', 'text', (c) => c.notNull().unique())
    .addColumn('person_id', 'integer', (c) => c.notNull().references('people.id'))
    .addColumn('opportunity_id', 'integer', (c) => c.references('opportunities.id'))
    .addColumn('enquiry_id', 'integer', (c) => c.references('enquiries.id'))
    .addColumn('replaces_id', 'integer', (c) => c.references('proposals.id'))
    .addColumn('price_list_id', 'integer', (c) => c.references('price_lists.id'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
    .addColumn('document', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.unique())
    .addColumn('expires_at', timestamp)
    .addColumn('sent_at', timestamp)
    .addColumn('viewed_at', timestamp)
    .addColumn('decided_at', timestamp)
    .addColumn('reminded_at', timestamp)
    .addColumn('reminders', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('decline_reason', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('proposals_by_person').on('proposals').column('person_id').execute();
  await db.schema.createIndex('proposals_by_status').on('proposals').columns(['status', 'sent_at']).execute();

  await db.schema
    .createTable('proposal_acceptances')
    .addColumn('proposal_id', 'integer', (c) => c.primaryKey().references('proposals.id'))
    .addColumn('signed_name', 'text', (c) => c.notNull())
    .addColumn('extras', 'text', (c) => c.notNull())
    .addColumn('shown_hash', 'text', (c) => c.notNull())
    .addColumn('terms_id', 'integer', (c) => c.references('terms_of_business.id'))
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text', (c) => c.notNull())
    .addColumn('accepted_at', timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('engagement_letters')
    .addColumn('proposal_id', 'integer', (c) => c.primaryKey().references('proposals.id'))
    .addColumn('pdf', bytes, (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('due_diligence')
    .addColumn('person_id', 'integer', (c) => c.primaryKey().references('people.id'))
    .addColumn('verified_by', 'integer', (c) => c.references('users.id'))
    .addColumn('verified_on', 'text')
    .addColumn('verified_against', 'text')
    .addColumn('risk', 'text')
    .addColumn('risk_reason', 'text')
    .addColumn('completed_at', timestamp)
    .addColumn('completed_by', 'integer', (c) => c.references('users.id'))
    .addColumn('updated_by', 'integer', (c) => c.references('users.id'))
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();
}

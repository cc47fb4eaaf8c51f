import { type Kysely, sql } from 'kysely';
import { timestampType, withId } from '../columns.ts';
import { isPostgres } from '../database.ts';

// Sources and reports (decision 028). Each lead and each mailing-list sign-up gets a row in
// `lead_sources`: where the visitor came from (an outside referrer's origin, the path and UTM parameters
// of the visit's first page) and the group the report counts it under, worked out once at submission,
// and whether the lead's business has moved on from New since (`moved_on`, kept by moveOpportunity).
// A table of its own rather than a JSON column on each lead: the report reads one narrow table through
// one index, instead of three lead tables and the subscribers, parsing JSON in every row.
//
// `opportunities.furthest_stage` is the furthest stage an opportunity has reached along New, Contacted,
// Qualified, Won (Lost does not count), which the conversion report needs: a lost opportunity that was
// qualified first still counts as having reached Qualified.

const leadTables = [
  ['enquiries', 'enquiry'],
  ['applications', 'application'],
  ['bookings', 'booking'],
] as const;

/** What a lead or sign-up received before sources were kept is counted under. */
const notRecorded = 'Not recorded';

export async function up(db: Kysely<unknown>) {
  const timestamp = timestampType(db);
  await withId(db, db.schema.createTable('lead_sources'))
    .addColumn('lead_kind', 'text', (c) => c.notNull())
    .addColumn('lead_id', 'integer', (c) => c.notNull())
    .addColumn('opportunity_id', 'integer', (c) => c.references('opportunities.id'))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('referrer', 'text')
    .addColumn('landing_path', 'text')
    .addColumn('utm_source', 'text')
    .addColumn('utm_medium', 'text')
    .addColumn('utm_campaign', 'text')
    .addColumn('utm_term', 'text')
    .addColumn('utm_content', 'text')
    // 1 once the lead's business has reached Contacted or further (its furthest_stage is not New): kept
    // here by moveOpportunity, so that the report counts it without reading each lead's opportunity.
    .addColumn('moved_on', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // The report reads a period's rows from this index alone.
  await db.schema
    .createIndex('lead_sources_by_time')
    .on('lead_sources')
    .columns(['created_at', 'channel', 'lead_kind', 'moved_on'])
    .execute();
  await db.schema
    .createIndex('lead_sources_by_opportunity')
    .on('lead_sources')
    .column('opportunity_id')
    .execute();
  await db.schema
    .createIndex('lead_sources_by_lead')
    .on('lead_sources')
    .columns(['lead_kind', 'lead_id'])
    .execute();

  // The other reports read a period of one table each, from an index that holds what they count.
  // The wait for the first reply as a number, set with first_reply_at: the report reads it for every person
  // of a period, and parsing two times a row cost more than the rest of its query together.
  await db.schema.alterTable('people').addColumn('first_reply_seconds', 'integer').execute();
  const wait = isPostgres(db)
    ? sql`round(extract(epoch from (first_reply_at - created_at)))`
    : sql`round((julianday(first_reply_at) - julianday(created_at)) * 86400)`;
  await sql`update people set first_reply_seconds = ${wait} where first_reply_at is not null`.execute(db);
  await db.schema
    .createIndex('people_by_time')
    .on('people')
    .columns(['created_at', 'first_reply_seconds'])
    .execute();
  await db.schema
    .createIndex('bookings_by_start_adviser')
    .on('bookings')
    .columns(['starts_at', 'adviser_id', 'status'])
    .execute();
  await db.schema.createIndex('subscribers_by_confirmed').on('subscribers').column('confirmed_at').execute();
  await db.schema
    .createIndex('subscribers_by_unsubscribed')
    .on('subscribers')
    .columns(['unsubscribed_at', 'confirmed_at'])
    .execute();
  await db.schema
    .alterTable('opportunities')
    .addColumn('furthest_stage', 'text', (c) => c.notNull().defaultTo('new'))
    .execute();
  await sql`update opportunities set furthest_stage = stage where stage <> 'lost'`.execute(db);
  // A lost opportunity reached the furthest stage its leads' timelines record a move to.
  const leadsOf = leadTables.map(
    ([table, kind]) => sql`(e.lead_kind = ${kind} and e.lead_id in
      (select l.id from ${sql.table(table)} as l where l.opportunity_id = opportunities.id))`,
  );
  await sql`update opportunities set furthest_stage = coalesce((
      select case max(case e.detail when 'contacted' then 1 when 'qualified' then 2 when 'won' then 3 else 0 end)
        when 1 then 'contacted' when 2 then 'qualified' when 3 then 'won' end
      from lead_events as e where e.event = 'stage' and (${sql.join(leadsOf, sql` or `)})), 'new')
    where stage = 'lost'`.execute(db);
  await db.schema
    .createIndex('opportunities_by_time')
    .on('opportunities')
    .columns(['created_at', 'furthest_stage', 'stage'])
    .execute();
  // Reports over earlier periods count what arrived before as "Not recorded", so their totals stay whole.
  const earlier = leadTables.map(
    ([table, kind]) => sql`select ${kind}, id, opportunity_id, created_at, ${notRecorded}
      from ${sql.table(table)}`,
  );
  await sql`insert into lead_sources (lead_kind, lead_id, opportunity_id, created_at, channel)
    ${sql.join(earlier, sql` union all `)}
    union all select 'subscriber', id, null, created_at, ${notRecorded} from subscribers`.execute(db);
  await sql`update lead_sources set moved_on = 1 where opportunity_id in
    (select id from opportunities where furthest_stage <> 'new')`.execute(db);
}

import { type Kysely, sql } from 'kysely';
import { timestampType, withId } from '../columns.ts';
import { isPostgres } from '../database.ts';

// Opportunities (decision 028): one per open piece of new business, each holding the leads that asked for
// it, with one stage for all of them. The pipeline board shows opportunities rather than leads. Each lead
// keeps a copy of its opportunity's stage, so that the lists filtered by stage, the CSV files and the
// retention job read it where they always have.
//
// The leads a site already holds are replayed oldest first, person by person: a lead joins its person's
// open opportunity or opens one, and a lead already won or lost closes the one it joined (a later lead
// opens the next). An opportunity takes the furthest stage of its leads. A lead without a person (erased)
// is an opportunity of its own, so that the board's counts stay whole.

const leadTables = ['enquiries', 'applications', 'bookings'] as const;
type LeadTable = (typeof leadTables)[number];

/** How far along each stage is: an opportunity takes the furthest of its leads'. */
const rank = { new: 0, contacted: 1, qualified: 2, lost: 3, won: 4 } as Record<string, number>;
const closed = new Set(['won', 'lost']);

/** What a first lead asked for, in the words the board's cards use. */
const titles = { contact: 'Enquiry', quote: 'Quote request', application: 'Application', call: 'Call' };

interface Lead {
  table: LeadTable;
  id: number;
  person_id: number | null;
  stage: string;
  title: keyof typeof titles;
  created_at: unknown;
}

interface Opportunity {
  person_id: number | null;
  title: string;
  stage: string;
  created_at: unknown;
  leads: Lead[];
}

export async function up(db: Kysely<unknown>) {
  const timestamp = timestampType(db);
  await withId(db, db.schema.createTable('opportunities'))
    .addColumn('person_id', 'integer', (c) => c.references('people.id'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('stage', 'text', (c) => c.notNull())
    // In pence: what the work is worth to the firm, when staff know it.
    .addColumn('value_pence', 'integer')
    .addColumn('created_at', timestamp, (c) => c.notNull())
    // When it last moved: won and lost show on the board for a while after.
    .addColumn('stage_changed_at', timestamp, (c) => c.notNull())
    .execute();
  // The board: a stage's opportunities that have a person (an erased person's are nobody's to work on),
  // newest first, and how many; the index alone answers the count.
  await db.schema
    .createIndex('opportunities_on_the_board')
    .on('opportunities')
    .columns(['stage', 'created_at'])
    .where(sql.ref('person_id'), 'is not', null)
    .execute();
  await db.schema.createIndex('opportunities_by_person').on('opportunities').column('person_id').execute();
  for (const table of leadTables) {
    await db.schema
      .alterTable(table)
      .addColumn('opportunity_id', 'integer', (c) => c.references('opportunities.id'))
      .execute();
    await db.schema.createIndex(`${table}_by_opportunity`).on(table).column('opportunity_id').execute();
  }

  const { rows: leads } = await sql<Lead>`
    select 'enquiries' as "table", id, person_id, stage, kind as title, created_at from enquiries
    union all select 'applications', id, person_id, stage, 'application', created_at from applications
    union all select 'bookings', id, person_id, stage, 'call', created_at from bookings
    order by created_at, id`.execute(db);
  const opportunities: Opportunity[] = [];
  const open = new Map<number, Opportunity>();
  for (const lead of leads) {
    const person = lead.person_id === null ? null : Number(lead.person_id);
    let opportunity = person === null ? undefined : open.get(person);
    if (!opportunity) {
      opportunity = {
        person_id: person,
        title: titles[lead.title],
        stage: lead.stage,
        created_at: lead.created_at,
        leads: [],
      };
      opportunities.push(opportunity);
      if (person !== null) open.set(person, opportunity);
    }
    opportunity.leads.push(lead);
    if ((rank[lead.stage] ?? 0) > (rank[opportunity.stage] ?? 0)) opportunity.stage = lead.stage;
    if (closed.has(lead.stage) && person !== null) open.delete(person);
  }
  // Written in batches with ids given here (the table is new): a site with many leads migrates in seconds.
  const typed = db as Kysely<{
    opportunities: Omit<Opportunity, 'leads'> & { id: number; stage_changed_at: unknown };
    opportunity_leads: { lead_table: string; lead_id: number; opportunity_id: number };
  }>;
  await db.schema
    .createTable('opportunity_leads')
    .addColumn('lead_table', 'text', (c) => c.notNull())
    .addColumn('lead_id', 'integer', (c) => c.notNull())
    .addColumn('opportunity_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('opportunity_leads_key', ['lead_table', 'lead_id'])
    .execute();
  const rows = opportunities.map(({ leads: _, ...row }, index) => ({
    ...row,
    id: index + 1,
    stage_changed_at: row.created_at,
  }));
  const links = opportunities.flatMap(({ leads: held }, index) =>
    held.map((lead) => ({ lead_table: lead.table, lead_id: Number(lead.id), opportunity_id: index + 1 })),
  );
  for (let start = 0; start < rows.length; start += 500) {
    await typed
      .insertInto('opportunities')
      .values(rows.slice(start, start + 500))
      .execute();
  }
  for (let start = 0; start < links.length; start += 500) {
    await typed
      .insertInto('opportunity_leads')
      .values(links.slice(start, start + 500))
      .execute();
  }
  if (isPostgres(db) && rows.length > 0) {
    await sql`select setval(pg_get_serial_sequence('opportunities', 'id'), ${rows.length})`.execute(db);
  }
  for (const table of leadTables) {
    await sql`update ${sql.table(table)} set opportunity_id = (select l.opportunity_id from opportunity_leads as l
      where l.lead_table = ${table} and l.lead_id = ${sql.ref(`${table}.id`)})`.execute(db);
    await sql`update ${sql.table(table)} set stage = (select o.stage from opportunities as o
      where o.id = ${sql.ref(`${table}.opportunity_id`)})`.execute(db);
  }
  await db.schema.dropTable('opportunity_leads').execute();
}

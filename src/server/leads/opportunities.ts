import { type Kysely, sql } from 'kysely';
import { isPostgres } from '#server/db/database.ts';
import type { Database } from '#server/db/schema.ts';
import { type CardKind, cardKindTitles, closedStages } from '#shared/api/back-office-pipeline.ts';
import { type LeadKind, type LeadStage, type ProgressStage, progressStages } from '#shared/back-office.ts';
import { type LeadContact, personFor, personValues } from './people.ts';

// Opportunities (decision 028): each open piece of new business, holding the leads that asked for it. A
// new lead joins its person's open opportunity or opens one, and every lead of an opportunity has its
// stage (a copy in the lead's own row, which the lists filter by and the retention job reads).

/** The tables of the leads an opportunity holds, with each one's name on the timeline (lead_events). */
export const opportunityLeadTables = [
  ['enquiries', 'enquiry'],
  ['applications', 'application'],
  ['bookings', 'booking'],
] as const satisfies readonly (readonly [keyof Database, LeadKind])[];

/** Who a new lead is from and what it joins: the columns its row is stored with. */
export interface LeadOwner {
  person_id: number;
  opportunity_id: number;
  /** The opportunity's stage, which the lead takes. */
  stage: LeadStage;
}

/**
 * The person a new lead of `kind` is from and the opportunity it joins: their open one (the newest, if
 * staff opened more), or a new one named after this lead. Pass the transaction that stores the lead.
 */
export async function leadOwner(
  trx: Kysely<Database>,
  contact: LeadContact,
  kind: CardKind,
  at: Date,
): Promise<LeadOwner> {
  if (isPostgres(trx)) return leadOwnerInOneStatement(trx, contact, kind, at);
  const personId = await personFor(trx, contact, at);
  const open = await trx
    .selectFrom('opportunities')
    .select(['id', 'stage'])
    .where('person_id', '=', personId)
    .where('stage', 'not in', closedStages)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const opportunity =
    open ??
    (await trx
      .insertInto('opportunities')
      .values({
        person_id: personId,
        title: cardKindTitles[kind],
        stage: 'new',
        value_pence: null,
        created_at: at.toISOString(),
        stage_changed_at: at.toISOString(),
      })
      .returning(['id', 'stage'])
      .executeTakeFirstOrThrow());
  return { person_id: personId, opportunity_id: opportunity.id, stage: opportunity.stage };
}

/**
 * The same on PostgreSQL in one statement, so that a lead costs one round trip for its owner rather than
 * three: the person's upsert, their open opportunity, and a new one only when there is none (as
 * personFor and the statements above do on SQLite, where a statement costs no trip).
 */
async function leadOwnerInOneStatement(
  trx: Kysely<Database>,
  contact: LeadContact,
  kind: CardKind,
  at: Date,
): Promise<LeadOwner> {
  const person = personValues(contact, at);
  const { rows } = await sql<LeadOwner>`
    with person as (
      insert into people (email, email_key, name, phone, organisation, created_at)
      values (${person.email}, ${person.email_key}, ${person.name}, ${person.phone}, ${person.organisation},
        ${person.created_at})
      on conflict (email_key) do update set name = coalesce(people.name, excluded.name),
        phone = coalesce(people.phone, excluded.phone),
        organisation = coalesce(people.organisation, excluded.organisation)
      returning coalesce(merged_into, id) as id),
    open as (
      select o.id, o.stage from opportunities as o, person
      where o.person_id = person.id and o.stage not in (${sql.join(closedStages)})
      order by o.id desc limit 1),
    made as (
      insert into opportunities (person_id, title, stage, value_pence, created_at, stage_changed_at)
      select person.id, ${cardKindTitles[kind]}, 'new', null, ${person.created_at}, ${person.created_at}
      from person where not exists (select 1 from open)
      returning id, stage)
    select person.id as person_id, coalesce(open.id, made.id) as opportunity_id,
      coalesce(open.stage, made.stage) as stage
    from person left join open on true left join made on true`.execute(trx);
  const owner = rows[0];
  if (!owner) throw new Error('No owner for the lead');
  return owner;
}

/**
 * Moves an opportunity and every lead it holds to `stage`, and records the move on each lead's timeline
 * with who made it (null: the site, as when a client accepts a proposal). Pass a transaction.
 */
export async function moveOpportunity(
  trx: Kysely<Database>,
  opportunityId: number,
  stage: LeadStage,
  userId: number | null,
  at: Date,
) {
  // The furthest stage reached goes on only forward, and not to Lost (the conversion report reads it).
  const atOrBeyond = progressStages.slice(progressStages.indexOf(stage as ProgressStage));
  await trx
    .updateTable('opportunities')
    .set((eb) => ({
      stage,
      stage_changed_at: at.toISOString(),
      ...(stage !== 'lost' && {
        furthest_stage: eb
          .case()
          .when('furthest_stage', 'in', atOrBeyond)
          .then(eb.ref('furthest_stage'))
          .else(stage)
          .end(),
      }),
    }))
    .where('id', '=', opportunityId)
    .execute();
  // The leads-by-source report counts each lead whose business has moved on from New (leads/sources.ts).
  if (stage !== 'new' && stage !== 'lost') {
    await trx
      .updateTable('lead_sources')
      .set({ moved_on: 1 })
      .where('opportunity_id', '=', opportunityId)
      .where('moved_on', '=', 0)
      .execute();
  }
  for (const [table, kind] of opportunityLeadTables) {
    const moved = await trx
      .updateTable(table)
      .set({ stage })
      .where('opportunity_id', '=', opportunityId)
      .returning('id')
      .execute();
    if (moved.length === 0) continue;
    await trx
      .insertInto('lead_events')
      .values(
        moved.map(({ id }) => ({
          lead_kind: kind,
          lead_id: id,
          event: 'stage' as const,
          detail: stage,
          user_id: userId,
          created_at: at.toISOString(),
        })),
      )
      .execute();
  }
}

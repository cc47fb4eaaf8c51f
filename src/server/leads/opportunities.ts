import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import { type CardKind, cardKindTitles, closedStages } from '#shared/api/back-office-pipeline.ts';
import type { LeadKind, LeadStage } from '#shared/back-office.ts';
import { type LeadContact, personFor } from './people.ts';

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
 * Moves an opportunity and every lead it holds to `stage`, and records the move on each lead's timeline
 * with who made it. Pass a transaction.
 */
export async function moveOpportunity(
  trx: Kysely<Database>,
  opportunityId: number,
  stage: LeadStage,
  userId: number,
  at: Date,
) {
  await trx
    .updateTable('opportunities')
    .set({ stage, stage_changed_at: at.toISOString() })
    .where('id', '=', opportunityId)
    .execute();
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

import { type Kysely, sql } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import type { CardKind, PipelineCard, PipelineColumn } from '#shared/api/back-office-pipeline.ts';
import type { LeadStage } from '#shared/back-office.ts';
import { firstWords } from '#shared/first-words.ts';

// One column of the pipeline board: the opportunities at a stage, newest first, each shown by its first
// lead (which the card opens and moves) and its person.

export interface BoardWindow {
  /** The most cards wanted. */
  limit: number;
  /** Only opportunities moved to the stage at or after this instant (ISO), so won and lost stay recent. */
  movedSince?: string;
}

interface BoardLead {
  opportunity_id: number;
  kind: CardKind;
  reference: string;
  created_at: string;
  words: string | null;
}

export async function boardColumn(
  db: Kysely<Database>,
  stage: LeadStage,
  window: BoardWindow,
): Promise<PipelineColumn> {
  // Business whose person was erased (or forgotten by the retention job) is nobody's to work on.
  let select = db
    .selectFrom('opportunities')
    .where('opportunities.stage', '=', stage)
    .where('opportunities.person_id', 'is not', null);
  if (window.movedSince) select = select.where('opportunities.stage_changed_at', '>=', window.movedSince);
  const [rows, counted] = await Promise.all([
    select
      .leftJoin('people', 'people.id', 'opportunities.person_id')
      .select([
        'opportunities.id',
        'opportunities.person_id',
        'opportunities.title',
        'opportunities.value_pence',
        'opportunities.created_at',
        'people.name',
        'people.email',
      ])
      .orderBy('opportunities.created_at', 'desc')
      .orderBy('opportunities.id', 'desc')
      .limit(window.limit)
      .execute(),
    select.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  const leads = await leadsOf(
    db,
    rows.map((row) => row.id),
  );
  const cards = rows.flatMap((row): PipelineCard[] => {
    const held = leads.filter((lead) => Number(lead.opportunity_id) === row.id);
    const first = held[0];
    if (!first) return [];
    return [
      {
        opportunityId: row.id,
        kind: first.kind,
        reference: first.reference,
        personId: row.person_id,
        name: row.name ?? row.email ?? '',
        title: row.title,
        words: firstWords(held.find((lead) => lead.words)?.words ?? '', 120),
        valuePence: row.value_pence === null ? null : Number(row.value_pence),
        leads: held.length,
        createdAt: row.created_at,
      },
    ];
  });
  return { stage, total: Number(counted.total), cards };
}

/** The leads those opportunities hold, oldest first, with the words each card can show of them. */
async function leadsOf(db: Kysely<Database>, ids: number[]): Promise<BoardLead[]> {
  if (ids.length === 0) return [];
  const within = sql.join(ids);
  const { rows } = await sql<BoardLead>`
    select opportunity_id, case when kind = 'quote' then 'quote' else 'enquiry' end as kind, reference,
      created_at, message as words from enquiries where opportunity_id in (${within})
    union all select opportunity_id, 'application', reference, created_at, business_name
      from applications where opportunity_id in (${within})
    union all select opportunity_id, 'call', reference, created_at, null
      from bookings where opportunity_id in (${within})
    order by created_at, reference`.execute(db);
  return rows;
}

import { type RawBuilder, sql } from 'kysely';
import type { PipelineCard } from '#shared/api/back-office-pipeline.ts';
import type { LeadKind, LeadStage } from '#shared/back-office.ts';

// What each kind of lead gives the pipeline board for one stage: how many it holds there, and its newest
// cards. The board merges the kinds' shares column by column.

export interface BoardWindow {
  /** The most cards wanted. */
  limit: number;
  /** Only leads moved to the stage at or after this instant (ISO), so won and lost stay recent. */
  movedSince?: string;
}

export interface BoardShare {
  total: number;
  /** Newest first. */
  cards: PipelineCard[];
}

/**
 * True for a lead of `kind` in `table` (the row's own `id`) that staff moved to `stage` at or after
 * `since`, as its timeline records (leads/events.ts, changeStage).
 */
export function movedToStageSince(
  kind: LeadKind,
  table: 'enquiries' | 'applications' | 'bookings',
  stage: LeadStage,
  since: string,
): RawBuilder<boolean> {
  return sql<boolean>`exists (select 1 from lead_events where lead_events.lead_kind = ${kind} and lead_events.lead_id = ${sql.ref(`${table}.id`)} and lead_events.event = 'stage' and lead_events.detail = ${stage} and lead_events.created_at >= ${since})`;
}

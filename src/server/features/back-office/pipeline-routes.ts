import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import { serve } from '#server/http/serve.ts';
import type { LeadRegistry } from '#server/leads/kind.ts';
import type { Clock } from '#server/time/clock.ts';
import {
  cardsPerColumn,
  closedRecentDays,
  closedStages,
  type PipelineColumn,
  pipelineBoard,
} from '#shared/api/back-office-pipeline.ts';
import { type LeadStage, leadStages } from '#shared/back-office.ts';

const day = 24 * 60 * 60 * 1000;

/**
 * The pipeline board: for each stage, every staged kind of lead's share, merged newest first and cut to
 * one column's worth. Won and lost count only the leads moved there lately; the lists keep the rest.
 */
export function registerPipelineRoutes(
  app: FastifyInstance,
  db: Kysely<Database>,
  leadKinds: LeadRegistry,
  now: Clock,
) {
  const staged = leadKinds.flatMap(({ staged }) => (staged ? [staged] : []));

  async function column(stage: LeadStage, movedSince: string): Promise<PipelineColumn> {
    const window = {
      limit: cardsPerColumn,
      ...(closedStages.includes(stage) && { movedSince }),
    };
    const shares = await Promise.all(staged.map((lead) => lead.board(db, stage, window)));
    const cards = shares
      .flatMap((share) => share.cards)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
      .slice(0, cardsPerColumn);
    return { stage, total: shares.reduce((sum, share) => sum + share.total, 0), cards };
  }

  serve(app, pipelineBoard, async () => {
    const movedSince = new Date(now().getTime() - closedRecentDays * day).toISOString();
    return { columns: await Promise.all(leadStages.map((stage) => column(stage, movedSince))) };
  });
}

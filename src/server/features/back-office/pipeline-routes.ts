import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import { serve } from '#server/http/serve.ts';
import { boardColumn } from '#server/leads/board.ts';
import type { Clock } from '#server/time/clock.ts';
import {
  cardsPerColumn,
  closedRecentDays,
  closedStages,
  pipelineBoard,
} from '#shared/api/back-office-pipeline.ts';
import { type LeadStage, leadStages } from '#shared/back-office.ts';

const day = 24 * 60 * 60 * 1000;

/**
 * The pipeline board: for each stage its opportunities, newest first, cut to one column's worth. Won and
 * lost count only the opportunities moved there lately; the lists keep the rest.
 */
export function registerPipelineRoutes(app: FastifyInstance, db: Kysely<Database>, now: Clock) {
  serve(app, pipelineBoard, async () => {
    const movedSince = new Date(now().getTime() - closedRecentDays * day).toISOString();
    const window = (stage: LeadStage) => ({
      limit: cardsPerColumn,
      ...(closedStages.includes(stage) && { movedSince }),
    });
    return {
      columns: await Promise.all(leadStages.map((stage) => boardColumn(db, stage, window(stage)))),
    };
  });
}

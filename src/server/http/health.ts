import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { liveness, readiness } from '#shared/api/site.ts';
import type { Db } from '../db/database.ts';
import { siteVersion } from '../release.ts';
import { serve } from './serve.ts';

export function registerHealth(app: FastifyInstance, db: Db) {
  serve(app, liveness, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' as const, version: siteVersion };
  });

  /** Ready when the database answers; a load balancer stops sending visitors here while it does not. */
  serve(app, readiness, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      await withTimeout(sql`select 1`.execute(db), 2000);
      return { status: 'ready' as const };
    } catch (error) {
      request.log.warn({ err: error }, 'database not reachable');
      return reply.status(503).send({ status: 'unavailable' as const, reason: 'database not reachable' });
    }
  });
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

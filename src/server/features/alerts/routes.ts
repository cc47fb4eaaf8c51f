import type { FastifyInstance } from 'fastify';
import type { Db } from '#server/db/database.ts';
import { serve } from '#server/http/serve.ts';
import { alertWords } from '#shared/alerts.ts';
import { siteAlerts } from '#shared/api/back-office-alerts.ts';
import { raisedAlerts } from './watch.ts';

/** The owners' banner: what is wrong with the site now. */
export function registerAlertRoutes(app: FastifyInstance, db: Db) {
  serve(app, siteAlerts, async () => {
    return {
      alerts: (await raisedAlerts(db)).map((alert) => ({
        kind: alert.kind,
        ...alertWords[alert.kind],
        detail: alert.detail,
        since: alert.since.toISOString(),
      })),
    };
  });
}

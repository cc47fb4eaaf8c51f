import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { metrics as metricsEndpoint } from '#shared/api/site.ts';
import type { Db } from '../db/database.ts';
import type { ScheduledBackups } from '../jobs/scheduled-backups.ts';
import { countByStatus } from '../mail/outbox.ts';
import { siteVersion } from '../release.ts';
import { failure } from './errors.ts';
import { serve } from './serve.ts';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Whether the request carries `Authorization: Bearer <token>`. Both sides are hashed first, so the
 * comparison takes the same time whatever the guess and however long it is.
 */
function carriesToken(request: FastifyRequest, expected: Buffer) {
  const given = /^Bearer +(\S+) *$/i.exec(request.headers.authorization ?? '')?.[1];
  return given !== undefined && timingSafeEqual(digest(given), expected);
}

/**
 * Prometheus metrics for this app instance: its own registry, so two apps in one process stay apart.
 * They describe the site's traffic and mail, so only a scraper holding `token` may read them; without a
 * token /metrics does not exist.
 */
export async function registerMetrics(
  app: FastifyInstance,
  db: Db,
  token: string | undefined,
  backups?: Pick<ScheduledBackups, 'status'>,
) {
  if (token === undefined) return;
  // Loaded only by a site that is scraped.
  const { Counter, Gauge, Histogram, Registry } = await import('prom-client');
  const expected = digest(token);
  const registry = new Registry();
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method and route',
    labelNames: ['method', 'route'] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  // Prometheus's convention for what is running: always 1, the version in a label.
  new Gauge({
    name: 'build_info',
    help: 'The version of practice-site this instance runs (always 1)',
    labelNames: ['version'] as const,
    registers: [registry],
  }).set({ version: siteVersion }, 1);
  new Gauge({
    name: 'outbox_messages',
    help: 'Emails in the outbox, by status',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const counts = await countByStatus(db);
      for (const [status, count] of Object.entries(counts)) this.set({ status }, count);
    },
  });
  if (backups) {
    new Gauge({
      name: 'backup_last_success_timestamp_seconds',
      help: 'When the scheduled backup was last found done (Unix time; 0 not yet since the start)',
      registers: [registry],
      collect() {
        this.set((backups.status().lastSuccessAt?.getTime() ?? 0) / 1000);
      },
    });
    let failuresCounted = 0;
    new Counter({
      name: 'backup_failures_total',
      help: 'Scheduled backups that failed since the start',
      registers: [registry],
      collect() {
        const { failures } = backups.status();
        this.inc(failures - failuresCounted);
        failuresCounted = failures;
      },
    });
  }

  app.addHook('onResponse', async (request, reply) => {
    // The route pattern, never the raw URL, keeps the label set small whatever visitors request.
    const route = request.routeOptions.url ?? 'unmatched';
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    durations.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });

  // Public to the access hook because it checks its own credential: a bearer token, not a staff session.
  serve(app, metricsEndpoint, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!carriesToken(request, expected)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send(failure('The metrics need their bearer token.'));
    }
    reply.header('content-type', registry.contentType);
    return registry.metrics();
  });
}

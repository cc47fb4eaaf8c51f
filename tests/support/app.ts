import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino, { type DestinationStream } from 'pino';
import { type Config, loadConfig } from '#server/config.ts';
import type { Db } from '#server/db/database.ts';
import { loadDemoFirm } from '#server/features/firm/index.ts';
import type { WebhookSender } from '#server/features/handover/index.ts';
import { listen } from '#server/http/listen.ts';
import type { Poller } from '#server/jobs/poller.ts';
import type { OutboxWorker } from '#server/mail/worker.ts';
import { createRuntime } from '#server/runtime.ts';
import type { Clock } from '#server/time/clock.ts';
import { createMigratedTestDatabase, type DatabaseKind } from './databases.ts';
import { freePort } from './ports.ts';

export interface TestApp {
  url: string;
  databaseUrl: string;
  app: FastifyInstance;
  db: Db;
  config: Config;
  outbox: OutboxWorker;
  /** The watch for trouble the owners hear about; not started: a test runs a look with runOnce. */
  alerts: Poller;
  /** Delivers the signed webhook of each accepted proposal. */
  webhooks: WebhookSender;
  close(): Promise<void>;
}

export interface TestAppOptions {
  database?: DatabaseKind;
  /** Share another instance's database (as several app instances on one PostgreSQL do). */
  databaseUrl?: string;
  /** Extra environment, as an operator would set it. */
  env?: Record<string, string>;
  /** Adds routes before the app starts listening (e.g. one that throws). */
  extend?: (app: FastifyInstance) => void;
  /** Receives the app's log lines (set LOG_LEVEL in env, which is silent by default); else stdout. */
  logStream?: DestinationStream;
  /** A fixed or moved clock for the whole app, for a test about when things happen; else the real time. */
  clock?: Clock;
  /**
   * The firm the site starts with: the demo seed (as `npm start` loads it in development), unless `none`,
   * a site not yet set up. A database shared with another instance keeps the firm it has.
   */
  firm?: 'demo' | 'none';
}

/**
 * The real app on a random loopback port with its own fresh database, built from the same parts as
 * src/server/main.ts. The built client (npm run build) must exist.
 */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = options.databaseUrl
    ? { url: options.databaseUrl, drop: async () => {} }
    : await createMigratedTestDatabase(options.database ?? 'sqlite');
  const mailDir = mkdtempSync(path.join(tmpdir(), 'practice-site-mail-'));
  const port = await freePort();
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: database.url,
    MAIL_DIR: mailDir,
    CAPTCHA_PROVIDER: 'none',
    LOG_LEVEL: 'silent',
    ...options.env,
  });
  const log = options.logStream
    ? pino({ level: config.logLevel }, options.logStream)
    : pino({ level: config.logLevel });
  const runtime = await createRuntime(config, log, { pollIntervalMs: 100 }, options.clock);
  if (options.firm !== 'none' && (await loadDemoFirm(runtime.db, new Date())) === 'loaded') {
    await runtime.app.deps.services.firm.refresh();
  }
  options.extend?.(runtime.app);
  // On a Unix socket (HOST=unix:PATH) as the shipped deploy files run it; else on a loopback port.
  let url = `unix:${config.socketPath}`;
  if (config.socketPath) await listen(runtime.app, config);
  else url = await runtime.app.listen({ port, host: '127.0.0.1' });
  runtime.outbox.start();
  runtime.campaigns.start();
  runtime.firmRefresh.start();
  runtime.calendarSync?.start();
  runtime.calendarWriter.start();
  runtime.webhooks.start();
  runtime.backups?.start();
  return {
    url,
    databaseUrl: database.url,
    app: runtime.app,
    db: runtime.db,
    config,
    outbox: runtime.outbox,
    alerts: runtime.alerts,
    webhooks: runtime.webhooks,
    async close() {
      await runtime.close();
      await database.drop();
      rmSync(mailDir, { recursive: true, force: true });
    },
  };
}

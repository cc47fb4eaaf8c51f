import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from '../../src/server/app.ts';
import { type Config, loadConfig } from '../../src/server/config.ts';
import { createDatabase, type Db } from '../../src/server/db/database.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { fileTransport, smtpTransport } from '../../src/server/mail/transport.ts';
import { createOutboxWorker, type OutboxWorker } from '../../src/server/mail/worker.ts';
import { createTestDatabase, type DatabaseKind } from './databases.ts';

export interface TestApp {
  url: string;
  app: FastifyInstance;
  db: Db;
  config: Config;
  outbox: OutboxWorker;
  close(): Promise<void>;
}

export interface TestAppOptions {
  database?: DatabaseKind;
  /** Extra environment, as an operator would set it. */
  env?: Record<string, string>;
  /** Adds routes before the app starts listening (e.g. one that throws). */
  extend?: (app: FastifyInstance) => void;
}

/**
 * The real app on a random loopback port with its own fresh database, built from the same parts as
 * src/server/main.ts. The built client (npm run build) must exist.
 */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase(options.database ?? 'sqlite');
  const mailDir = mkdtempSync(path.join(tmpdir(), 'practice-site-mail-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    DATABASE_URL: database.url,
    MAIL_DIR: mailDir,
    CAPTCHA_PROVIDER: 'none',
    LOG_LEVEL: 'silent',
    ...options.env,
  });
  const db = createDatabase(config.database);
  await migrateToLatest(db);
  const log = pino({ level: config.logLevel });
  const transport = config.smtpUrl
    ? smtpTransport(config.smtpUrl, config.mailFrom)
    : fileTransport(mailDir, config.mailFrom, log);
  const outbox = createOutboxWorker({
    db,
    transport,
    log,
    messageIdDomain: 'test.invalid',
    pollIntervalMs: 100,
  });
  const app = await buildApp({ config, db, outbox });
  options.extend?.(app);
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  outbox.start();
  return {
    url,
    app,
    db,
    config,
    outbox,
    async close() {
      await app.close();
      await outbox.stop();
      transport.close();
      await db.destroy();
      await database.drop();
      rmSync(mailDir, { recursive: true, force: true });
    },
  };
}

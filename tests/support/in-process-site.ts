import path from 'node:path';
import type { Db } from '#server/db/database.ts';
import { startTestApp } from './app.ts';
import { startSmtpServer, type TestSmtpServer } from './smtp.ts';

/** The site a browser spec drives: where it listens, the SMTP server receiving its mail, its database. */
export interface SiteUnderTest {
  url: string;
  smtp: TestSmtpServer;
  /** The folder holding its SQLite file, `site.db`, which a spec may open to check what was stored. */
  dataDir: string;
  /** Its database, for a second instance of the site to share. */
  databaseUrl: string;
  db: Db;
  stop(): Promise<void>;
}

/**
 * The built site inside the test's own process, as `npm start` runs it (the same runtime as
 * src/server/main.ts) but booted in milliseconds from the run's migrated template: its own SQLite file, a
 * random loopback port, a real SMTP server receiving its mail, the outbox polling every 100 ms. Specs about
 * the process itself (start-up, crashes, backups, signals) spawn it with startSite (site.ts) instead.
 */
export async function startInProcessSite(
  env: Record<string, string> = {},
  firm: 'demo' | 'none' = 'demo',
): Promise<SiteUnderTest> {
  const smtp = await startSmtpServer();
  const app = await startTestApp({
    env: { MEETING_URL: 'https://zoom.us/my/fenwickhale', SMTP_URL: smtp.url, ...env },
    firm,
  });
  return {
    url: app.url,
    smtp,
    dataDir: path.dirname(app.databaseUrl.slice('sqlite:'.length)),
    databaseUrl: app.databaseUrl,
    db: app.db,
    async stop() {
      await app.close();
      await smtp.stop();
    },
  };
}

import pino from 'pino';
import { buildApp } from './app.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { createDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { fileTransport, smtpTransport } from './mail/transport.ts';
import { createOutboxWorker } from './mail/worker.ts';

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(`practice-site cannot start: ${error.message}`);
  process.exit(1);
}

const log = pino({ level: config.logLevel });
if (config.captchaProvider === 'none') {
  log.warn(
    'CAPTCHA_PROVIDER is none: the contact forms accept posts without a bot check (never do this in production)',
  );
}

const db = createDatabase(config.database);
const applied = await migrateToLatest(db);
if (applied.length > 0) log.info({ migrations: applied }, 'database migrated');

const transport = config.smtpUrl
  ? smtpTransport(config.smtpUrl, config.mailFrom)
  : fileTransport(config.mailDir, config.mailFrom, log);
if (!config.smtpUrl) log.info({ dir: config.mailDir }, 'SMTP_URL is not set: mail is written to files');

const outbox = createOutboxWorker({ db, transport, log, messageIdDomain: config.publicUrl.hostname });
const app = await buildApp({ config, db, outbox });
await app.listen({ port: config.port, host: config.host });
outbox.start();

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  log.info({ signal }, 'shutting down');
  const force = setTimeout(() => {
    log.error('shutdown took longer than 10 s; exiting');
    process.exit(1);
  }, 10_000);
  force.unref();
  await app.close(); // stops accepting, finishes requests in flight
  await outbox.stop(); // lets a send in progress finish and record its result
  transport.close();
  await db.destroy();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

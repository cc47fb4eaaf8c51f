import pino from 'pino';
import { type Config, ConfigError, databaseLabel, loadConfig, mailLabel } from './config.ts';
import { DatabaseNewerThanCode, refusedForGoodExitStatus } from './db/upgrades.ts';
import { loadDemoFirm } from './features/firm/index.ts';
import { openSetup } from './features/setup/index.ts';
import { ListenRefused, listen } from './http/listen.ts';
import { logDestination } from './logging/destination.ts';
import { siteVersion } from './release.ts';
import { createRuntime, type Runtime } from './runtime.ts';

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(`practice-site cannot start: ${error.message}`);
  process.exit(refusedForGoodExitStatus);
}

const log = pino({ level: config.logLevel }, logDestination());
if (config.captcha.provider === 'none') {
  log.warn(
    'CAPTCHA_PROVIDER is none: the contact forms accept posts without a bot check (never do this in production)',
  );
}
if (!config.zoom && !config.meetingUrl) {
  log.warn('Neither Zoom nor MEETING_URL is configured: booking emails say the call link will follow');
}
const loopback = ['127.0.0.1', '::1', 'localhost'].includes(config.host);
if (config.trustProxy.kind === 'hops' && !config.socketPath && !loopback) {
  log.warn(
    { host: config.host },
    'TRUST_PROXY counts proxies: a visitor who reaches this port without going through the proxy can choose the address the site sees. Keep the port open only to the proxy, or set TRUST_PROXY to its addresses',
  );
}

let runtime: Runtime;
try {
  runtime = await createRuntime(config, log);
} catch (error) {
  if (!(error instanceof DatabaseNewerThanCode)) throw error;
  console.error(error.message);
  process.exit(refusedForGoodExitStatus);
}
// `npm start` on a developer's empty database shows a whole firm: the demo seed. Never in production,
// where a firm starts from its own details (docs/decisions/022-the-firm-is-data.md).
if (config.nodeEnv !== 'production' && (await loadDemoFirm(runtime.db, new Date())) === 'loaded') {
  await runtime.app.deps.services.firm.refresh();
  log.info(`loaded the demo firm into the empty database (NODE_ENV=${config.nodeEnv})`);
}
// A site without any account prints a one-time link to make its first owner. Printed as it is, beside
// the log rather than through it (whose lines never carry a link's token): whoever reads the server's
// output is whoever runs it.
const setupLink = await openSetup(runtime.db, config.publicUrl, new Date());
if (setupLink) {
  console.log(
    `\nThis site has no account yet. To make its first owner, open this link (it works once, for a day;\neach start prints a new one), or run npm run user:add -- EMAIL --owner on the server:\n\n  ${setupLink}\n`,
  );
}
let address: string;
try {
  address = await listen(runtime.app, config);
} catch (error) {
  if (!(error instanceof ListenRefused)) throw error;
  console.error(`practice-site cannot start: ${error.message}`);
  await runtime.close();
  process.exit(1);
}
log.info(
  {
    version: siteVersion,
    address,
    publicUrl: config.publicUrl.origin,
    database: databaseLabel(config.database),
    mail: mailLabel(config),
    botCheck: config.captcha.provider,
  },
  `practice-site ${siteVersion} started`,
);
// Whether the mail server answers is worth knowing now rather than at the first lead; the site starts
// either way, and the outbox keeps what it cannot send.
if (config.smtpUrl) {
  runtime.transport.check().then(
    () => log.info({ mail: mailLabel(config) }, 'the mail server answered'),
    (error) =>
      log.warn(
        { mail: mailLabel(config), err: error },
        'the mail server did not answer as it should: emails wait in the outbox until it does (check SMTP_URL)',
      ),
  );
} else {
  // Expected on a developer's machine (production refuses to start without SMTP_URL).
  log.info({ dir: config.mailDir }, 'SMTP_URL is not set: mail is written to files');
}
runtime.outbox.start();
runtime.retention.start();
runtime.taskDigests.start();
runtime.proposalReminders.start();
runtime.campaigns.start();
runtime.firmRefresh.start();
runtime.calendarWriter.start();
runtime.webhooks.start();
runtime.calendarSync?.start();
runtime.backups?.start();
runtime.alerts.start();

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
  await runtime.close(); // stops accepting, finishes requests in flight and a send in progress
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

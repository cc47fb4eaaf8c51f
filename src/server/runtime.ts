import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { backOfficeHome } from '#shared/return-path.ts';
import { buildApp } from './app.ts';
import { offSiteOf } from './backups/off-site.ts';
import type { Config } from './config.ts';
import { createDatabase, type Db } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { dumpPostgres } from './db/postgres-dump.ts';
import {
  alertEmail,
  backupFailing,
  calendarsUnread,
  createAlertWatch,
  diskNearlyFull,
  mailFailing,
} from './features/alerts/index.ts';
import { bookingMailPreparer } from './features/booking/index.ts';
import { fixedMeetingRoom, type MeetingProvider, zoomMeetings } from './features/booking/meetings.ts';
import { type CalendarWriter, createCalendarWriter } from './features/calendars/calendar-writer.ts';
import { type CalendarSync, createCalendarSync } from './features/calendars/index.ts';
import { createFirmRefresher, siteFirmNow } from './features/firm/index.ts';
import { createWebhookSender, type WebhookSender } from './features/handover/index.ts';
import {
  createCampaignSender,
  newsletterMailPreparer,
  newsletterRefusals,
} from './features/newsletter/index.ts';
import { sendProposalReminders } from './features/proposals/index.ts';
import type { Poller } from './jobs/poller.ts';
import { createPoller } from './jobs/poller.ts';
import { backupInWorker, createScheduledBackups, type ScheduledBackups } from './jobs/scheduled-backups.ts';
import { sendTaskDigests } from './leads/task-digest.ts';
import { privateLogger } from './logging/private-logger.ts';
import { fileTransport, type MailTransport, smtpTransport } from './mail/transport.ts';
import { createOutboxWorker, type OutboxWorker, type OutboxWorkerOptions } from './mail/worker.ts';
import { createRetentionSchedule } from './retention/schedule.ts';
import { createServices } from './services.ts';
import { type Clock, systemClock } from './time/clock.ts';

export interface Runtime {
  app: FastifyInstance;
  db: Db;
  outbox: OutboxWorker;
  /** Writes booked calls into, and out of, CalDAV advisers' calendars. */
  calendarWriter: CalendarWriter;
  /** Copies advisers' busy times from their calendars; only when CALENDAR_SECRET_KEY is set. */
  calendarSync: CalendarSync | undefined;
  transport: MailTransport;
  /** The daily backups into BACKUP_DIR; only when it is set (SQLite). */
  backups: ScheduledBackups | undefined;
  /** Anonymises and deletes what is past its retention period, once a day across instances. */
  retention: Poller;
  /** The morning email of each member's tasks due (leads/task-digest.ts). */
  taskDigests: Poller;
  /** Proposals' reminders to clients, and their expiry (features/proposals/reminders.ts). */
  proposalReminders: Poller;
  /** Starts scheduled campaigns and adds sending campaigns' recipients to the outbox. */
  campaigns: Poller;
  /** Sees the firm's details another instance saved. */
  firmRefresh: Poller;
  /** Looks for trouble the owners must hear about (features/alerts). */
  alerts: Poller;
  /** Delivers the signed webhook of each accepted proposal (features/handover). */
  webhooks: WebhookSender;
  /** Stops the app, lets a send, a calendar read or a calendar write in progress finish, and closes the database. */
  close(): Promise<void>;
}

/** How long a stop waits for answers still being written before it cuts their connections. */
const closeDeadlineMs = 5_000;

/** The daily backups into BACKUP_DIR, when it is set: SQLite's file copied, or PostgreSQL's pg_dump. */
export function scheduledBackups(config: Config, log: Logger, clock: Clock): ScheduledBackups | undefined {
  const { backups, database } = config;
  if (!backups || (database.kind === 'sqlite' && database.file === ':memory:')) return undefined;
  const offSite = backups.offSite && offSiteOf(backups.offSite);
  const common = { dir: backups.dir, keep: backups.keep, offSite, log, now: clock };
  if (database.kind === 'sqlite') {
    return createScheduledBackups({
      ...common,
      name: path.basename(database.file).replace(/\.(db|sqlite3?)$/, ''),
      extension: 'db',
      take: (target) => backupInWorker(database.file, target),
    });
  }
  return createScheduledBackups({
    ...common,
    name: new URL(database.url).pathname.slice(1) || 'postgres',
    extension: 'dump',
    take: (target) => dumpPostgres(database.url, target),
  });
}

/**
 * Where the site writes on this machine: its own folder (the build, npm's logs), the SQLite file's folder,
 * the backups', the mail files'.
 */
function dataFolders(config: Config): string[] {
  const folders = [process.cwd(), config.backups?.dir, config.smtpUrl ? undefined : config.mailDir];
  if (config.database.kind === 'sqlite' && config.database.file !== ':memory:')
    folders.push(path.dirname(config.database.file));
  return [...new Set(folders.filter((folder): folder is string => folder !== undefined))];
}

export function meetingProvider(config: Config, clock: Clock): MeetingProvider | undefined {
  if (config.zoom) return zoomMeetings(config.zoom, clock);
  return config.meetingUrl ? fixedMeetingRoom(config.meetingUrl) : undefined;
}

/**
 * Everything the server is made of, migrated and wired, but not yet listening or sending: the services
 * (services.ts), made once and handed to the app, and the background workers built on them. Every part
 * reads the time from `clock`.
 */
export async function createRuntime(
  config: Config,
  baseLog: Logger,
  outboxOptions: Partial<OutboxWorkerOptions> = {},
  clock: Clock = systemClock,
): Promise<Runtime> {
  const log = privateLogger(baseLog);
  const db = createDatabase(config.database, (error) =>
    log.warn({ err: error }, 'database connection lost; the pool will reconnect'),
  );
  const applied = await migrateToLatest(db);
  if (applied.length > 0) log.info({ migrations: applied }, 'database migrated');
  const { secretKey, syncMinutes } = config.calendars;
  const calendarSync = secretKey
    ? createCalendarSync({
        db,
        log,
        secretKey,
        syncMinutes,
        now: clock,
        refusePrivateHosts: config.nodeEnv === 'production',
      })
    : undefined;
  const services = createServices({ config, db, clock, calendarSync });
  const files = services.mailFiles;
  const transport = config.smtpUrl
    ? smtpTransport(config.smtpUrl, services.sender, { maxConnections: config.smtpMaxConnections })
    : fileTransport(config.mailDir, services.sender, log, {
        logLinksTo: config.nodeEnv === 'development' ? config.publicUrl.origin : undefined,
        now: clock,
        record: (name, message, at) => files.record(db, name, message, at),
      });
  const prepareBookingMail = bookingMailPreparer(db, meetingProvider(config, clock));
  const prepareNewsletter = newsletterMailPreparer({
    db,
    mail: services.listMail,
    secret: config.sessionSecret,
    articleSource: services.articleSource,
    now: clock,
  });
  const outbox = createOutboxWorker({
    db,
    transport,
    log,
    messageIdDomain: config.publicUrl.hostname,
    publicOrigin: config.publicUrl.origin,
    now: clock,
    prepare: async (message) => prepareNewsletter(await prepareBookingMail(message)),
    onRefused: newsletterRefusals(db, clock),
    concurrency: config.smtpMaxConnections,
    ...outboxOptions,
  });
  const campaigns = createCampaignSender({
    db,
    log,
    ratePerMinute: config.newsletterRatePerMinute,
    secret: config.sessionSecret,
    now: clock,
    mailQueued: () => outbox.kick(),
    ...(outboxOptions.pollIntervalMs !== undefined && { pollIntervalMs: outboxOptions.pollIntervalMs }),
  });
  const firmRefresh = createFirmRefresher(services.firm, {
    log,
    pollIntervalMs: outboxOptions.pollIntervalMs,
  });
  const calendarWriter = createCalendarWriter({
    db,
    log,
    secretKey: config.calendars.secretKey,
    mail: services.mail,
    now: clock,
    refusePrivateHosts: config.nodeEnv === 'production',
  });
  const webhooks = createWebhookSender({
    db,
    log,
    sessionSecret: config.sessionSecret,
    now: clock,
    refusePrivateHosts: config.nodeEnv === 'production',
    ...(outboxOptions.pollIntervalMs !== undefined && { pollIntervalMs: outboxOptions.pollIntervalMs }),
  });
  const retention = createRetentionSchedule({
    db,
    // Calls it blanks leave the advisers' diaries as an erasure's do.
    leadKinds: services.leadKinds,
    months: config.retentionMonths,
    secret: config.sessionSecret,
    mailFiles: files,
    log,
    now: clock,
  });
  // The morning email of tasks: looked for every five minutes; each member gets one a working morning.
  const taskDigests = createPoller(
    () =>
      sendTaskDigests(db, { now: clock(), firm: siteFirmNow(services.firm), publicUrl: config.publicUrl }),
    { pollIntervalMs: outboxOptions.pollIntervalMs ?? 5 * 60_000, log, what: 'task digests' },
  );
  // Proposals' reminders and expiry: looked for every five minutes, as the morning emails are.
  const proposalReminders = createPoller(
    () =>
      sendProposalReminders(db, {
        now: clock(),
        firm: siteFirmNow(services.firm),
        secret: config.sessionSecret,
        publicUrl: config.publicUrl,
      }).then((handled) => {
        if (handled > 0) outbox.kick();
        return handled;
      }),
    { pollIntervalMs: outboxOptions.pollIntervalMs ?? 5 * 60_000, log, what: 'proposal reminders' },
  );
  const backups = scheduledBackups(config, log, clock);
  const alerts = createAlertWatch({
    db,
    checks: {
      mail: mailFailing(db),
      ...(backups && { backup: backupFailing(backups.status) }),
      ...(config.calendars.secretKey && { calendar: calendarsUnread(db, config.calendars.staleMinutes) }),
      disk: diskNearlyFull(dataFolders(config), config.diskAlertFreePercent),
    },
    message: (to, alert) =>
      alertEmail(siteFirmNow(services.firm), to, alert, new URL(backOfficeHome, config.publicUrl)),
    mailQueued: () => outbox.kick(),
    log,
    now: clock,
    pollIntervalMs: outboxOptions.pollIntervalMs,
  });
  const app = await buildApp({
    config,
    db,
    log: baseLog,
    services,
    outbox,
    calendarWriter,
    calendarSync,
    backups,
    campaigns,
    webhooks,
    clock,
  });
  return {
    app,
    db,
    outbox,
    calendarWriter,
    calendarSync,
    transport,
    backups,
    retention,
    taskDigests,
    proposalReminders,
    campaigns,
    firmRefresh,
    alerts,
    webhooks,
    async close() {
      // Answers still being written give a few seconds to finish; one whose reader never reads it (or a
      // connection held open) is then cut, so that a stop never waits on a client.
      const deadline = setTimeout(() => app.server.closeAllConnections(), closeDeadlineMs);
      try {
        await app.close();
      } finally {
        clearTimeout(deadline);
      }
      await firmRefresh.stop();
      await alerts.stop();
      await campaigns.stop();
      await backups?.stop();
      await outbox.stop();
      await retention.stop();
      await taskDigests.stop();
      await proposalReminders.stop();
      await calendarWriter.stop();
      await webhooks.stop();
      await calendarSync?.stop();
      transport.close();
      await db.destroy();
    },
  };
}

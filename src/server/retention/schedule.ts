import type { Logger } from 'pino';
import type { Db } from '#server/db/database.ts';
import { createPoller, type Poller } from '#server/jobs/poller.ts';
import type { LeadRegistry } from '#server/leads/kind.ts';
import type { MailFiles } from '#server/mail/mail-files.ts';
import type { Clock } from '#server/time/clock.ts';
import { runRetention } from './job.ts';

/** How often each instance asks whether the day's run is due: it runs when none was audited for a day. */
const checkEveryMs = 60 * 60 * 1000;

/**
 * The retention job on a timer in each instance, started and stopped with the outbox worker. Every
 * instance checks hourly; the first to find no run audited in the last day runs it, under the job's lock,
 * and the others find its audit entry and skip. Its log line holds counts only.
 */
export function createRetentionSchedule(deps: {
  db: Db;
  leadKinds: LeadRegistry;
  months: number;
  secret: string;
  mailFiles?: MailFiles;
  log: Logger;
  now: Clock;
  pollIntervalMs?: number;
}): Poller {
  const { db, leadKinds, months, secret, log, now } = deps;
  return createPoller(
    async () => {
      const outcome = await runRetention(db, leadKinds, {
        months,
        secret,
        ...(deps.mailFiles && { mailFiles: deps.mailFiles }),
        now: now(),
        daily: true,
        via: 'schedule',
      });
      if (!outcome.ran) return 0;
      log.info({ retention: outcome.counts }, 'retention job ran');
      return outcome.leads.length;
    },
    { pollIntervalMs: deps.pollIntervalMs ?? checkEveryMs, log, what: 'retention' },
  );
}

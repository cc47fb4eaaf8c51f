import type { Logger } from 'pino';
import type { Db } from '#server/db/database.ts';
import { createPoller, type Poller } from '#server/jobs/poller.ts';
import type { MailMessage } from '#server/mail/message.ts';
import { enqueueMail } from '#server/mail/outbox.ts';
import type { Clock } from '#server/time/clock.ts';
import type { AlertKind } from '#shared/alerts.ts';
import type { AlertChecks } from './checks.ts';

/** How often each instance looks: trouble reaches the owners within five minutes of being found. */
const lookEveryMs = 5 * 60 * 1000;
const day = 24 * 60 * 60 * 1000;

export interface RaisedAlert {
  kind: AlertKind;
  detail: string;
  since: Date;
}

export interface AlertWatchOptions {
  db: Db;
  checks: AlertChecks;
  /** The email telling one owner about one alert. */
  message: (to: string, alert: RaisedAlert) => MailMessage;
  mailQueued: () => void;
  log: Logger;
  now: Clock;
  pollIntervalMs?: number;
}

/**
 * Looks for trouble every five minutes: each check's finding is kept in site_alerts, one row a kind that
 * every instance shares (raised, seen again, cleared), and every owner is emailed about a kind raised at
 * most once a day, whichever instance finds it first (the row is claimed by a conditional update).
 */
export function createAlertWatch(options: AlertWatchOptions): Poller {
  const { db, checks, log, now } = options;

  async function pass() {
    const at = now();
    for (const [kind, check] of Object.entries(checks) as [
      AlertKind,
      NonNullable<AlertChecks[AlertKind]>,
    ][]) {
      let finding: Awaited<ReturnType<typeof check>>;
      try {
        finding = await check(at);
      } catch (error) {
        log.error({ err: error, kind }, 'an alert check failed');
        continue;
      }
      if (finding === undefined) continue;
      if (finding === 'fine') await clear(kind, at);
      else await raise(kind, finding.wrong, at);
    }
    return emailOwners(at);
  }

  async function raise(kind: AlertKind, detail: string, at: Date) {
    const stamp = at.toISOString();
    await db
      .insertInto('site_alerts')
      .values({ kind, detail, raised_at: stamp, seen_at: stamp, cleared_at: null, emailed_at: null })
      .onConflict((conflict) =>
        conflict.column('kind').doUpdateSet((eb) => ({
          detail,
          seen_at: stamp,
          // A kind that had cleared begins again now; one still raised keeps when it began.
          raised_at: eb
            .case()
            .when('site_alerts.cleared_at', 'is', null)
            .then(eb.ref('site_alerts.raised_at'))
            .else(stamp)
            .end(),
          cleared_at: null,
        })),
      )
      .execute();
  }

  async function clear(kind: AlertKind, at: Date) {
    const { numUpdatedRows } = await db
      .updateTable('site_alerts')
      .set({ cleared_at: at.toISOString() })
      .where('kind', '=', kind)
      .where('cleared_at', 'is', null)
      .executeTakeFirst();
    if (numUpdatedRows > 0n) log.info({ kind }, 'alert cleared');
  }

  /** Emails every owner about each raised kind not emailed about in the last day; how many emails. */
  async function emailOwners(at: Date) {
    const due = await db
      .selectFrom('site_alerts')
      .selectAll()
      .where('cleared_at', 'is', null)
      .where((eb) =>
        eb.or([
          eb('emailed_at', 'is', null),
          eb('emailed_at', '<=', new Date(at.getTime() - day).toISOString()),
        ]),
      )
      .execute();
    let sent = 0;
    for (const alert of due) {
      sent += await db.transaction().execute(async (trx) => {
        const claimed = await trx
          .updateTable('site_alerts')
          .set({ emailed_at: at.toISOString() })
          .where('kind', '=', alert.kind)
          .where((eb) =>
            alert.emailed_at === null
              ? eb('emailed_at', 'is', null)
              : eb('emailed_at', '=', alert.emailed_at),
          )
          .executeTakeFirst();
        if (claimed.numUpdatedRows === 0n) return 0; // another instance emailed about it just now
        const owners = await trx
          .selectFrom('users')
          .select('email')
          .where('role', '=', 'owner')
          .where('status', '=', 'active')
          .execute();
        const raised = { kind: alert.kind, detail: alert.detail, since: new Date(alert.raised_at) };
        for (const { email } of owners)
          await enqueueMail(trx, 'site-alert', options.message(email, raised), at);
        log.warn({ kind: alert.kind, owners: owners.length }, 'owners emailed about an alert');
        return owners.length;
      });
    }
    if (sent > 0) options.mailQueued();
    return sent;
  }

  return createPoller(pass, {
    pollIntervalMs: options.pollIntervalMs ?? lookEveryMs,
    log,
    what: 'alert watch',
  });
}

/** The alerts raised now, oldest first: the back office's banner. */
export async function raisedAlerts(db: Db): Promise<RaisedAlert[]> {
  const rows = await db
    .selectFrom('site_alerts')
    .select(['kind', 'detail', 'raised_at'])
    .where('cleared_at', 'is', null)
    .orderBy('raised_at')
    .execute();
  return rows.map((row) => ({ kind: row.kind, detail: row.detail, since: new Date(row.raised_at) }));
}

import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import { copyOffSite, type OffSite } from '../backups/off-site.ts';
import { tryExclusiveLock } from '../db/in-use-lock.ts';
import type { Clock } from '../time/clock.ts';
import { createPoller } from './poller.ts';
import { workerExecArgv } from './worker-options.ts';

export interface BackupStatus {
  /** When this instance last saw the day's backup in place (taken by it or by another instance). */
  lastSuccessAt: Date | undefined;
  /** Passes that failed since this instance started. */
  failures: number;
  /** The last pass that failed, and why; the owners hear of it while no pass has succeeded since. */
  lastFailure: { at: Date; error: string } | undefined;
}

export interface ScheduledBackups {
  start(): void;
  /** Takes the day's backup if it is not there yet, and prunes old ones; never throws. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
  status(): BackupStatus;
}

/** How often each instance looks for the day's backup: a failed one is tried again within the hour. */
const checkIntervalMs = 60 * 60 * 1000;

export interface ScheduledBackupOptions {
  /** What the files are named after (the database's), and how they end: `db` (SQLite) or `dump` (pg_dump). */
  name: string;
  extension: 'db' | 'dump';
  /** Writes a consistent backup of the database into the new file `target`, 0600. */
  take: (target: string) => Promise<void>;
  dir: string;
  keep: number;
  /** Where each day's backup is also copied, encrypted; unset, it stays on this machine only. */
  offSite?: OffSite;
  log: Logger;
  now: Clock;
}

/**
 * Daily backups of the database into `dir`, named after it and the day (UTC), e.g. `site-2026-11-23.db`,
 * the `keep` newest kept, and each copied off the machine when `offSite` is set. Each instance looks every
 * hour; a lock on the folder lets one instance at a time take and prune, and the day's file once there is
 * not taken again (nor copied again once off the machine). A failure is logged and counted
 * (backup_failures_total in the metrics, and the owners hear of it), never thrown: the site serves on, and
 * a backup that could not be copied off the machine is kept on it.
 */
export function createScheduledBackups({
  name,
  extension,
  take,
  dir,
  keep,
  offSite,
  log,
  now,
}: ScheduledBackupOptions): ScheduledBackups {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const dated = new RegExp(`^${escaped}-\\d{4}-\\d{2}-\\d{2}\\.${extension}$`);
  const leftover = new RegExp(`^${escaped}-\\d{4}-\\d{2}-\\d{2}\\.${extension}\\.(partial|enc)-`);
  const status: BackupStatus = { lastSuccessAt: undefined, failures: 0, lastFailure: undefined };

  async function pass() {
    try {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      const lock = tryExclusiveLock(path.join(dir, '.backups'));
      if (!lock) return 0; // another instance is taking or pruning them now
      try {
        const target = path.join(dir, `${name}-${now().toISOString().slice(0, 10)}.${extension}`);
        const files = readdirSync(dir);
        let taken = 0;
        if (!files.includes(path.basename(target))) {
          await take(target);
          log.info({ file: target }, 'database backed up');
          taken = 1;
        }
        if (offSite && (await copyOffSite(offSite, target)) === 'copied') {
          log.info({ file: target, to: offSite.store.where }, 'backup copied off the machine');
        }
        status.lastSuccessAt = now();
        prune(files, path.basename(target));
        return taken;
      } finally {
        lock.release();
      }
    } catch (error) {
      status.failures += 1;
      status.lastFailure = { at: now(), error: error instanceof Error ? error.message : String(error) };
      log.error({ err: error, dir }, 'scheduled database backup failed');
      return 0;
    }
  }

  /**
   * Deletes all but the `keep` newest backups up to today's, and copies a killed process left
   * half-written. A file dated after today (a clock that was once wrong, a file put there by hand) is
   * left alone and reported, never counted as newer than today's, which would prune today's away.
   */
  function prune(before: string[], today: string) {
    const backups = readdirSync(dir).filter((file) => dated.test(file));
    const later = backups.filter((file) => file > today);
    if (later.length > 0) log.warn({ dir, files: later }, 'backups dated after today left alone');
    const kept = backups
      .filter((file) => file <= today)
      .sort()
      .reverse();
    const unfinished = before.filter((file) => leftover.test(file));
    for (const file of [...kept.slice(keep), ...unfinished]) rmSync(path.join(dir, file), { force: true });
  }

  const poller = createPoller(pass, { pollIntervalMs: checkIntervalMs, log, what: 'scheduled backup' });
  return {
    start: poller.start,
    runOnce: poller.runOnce,
    stop: poller.stop,
    status: () => ({ ...status }),
  };
}

/** A copy of the SQLite database, taken off the main thread so that the site keeps answering meanwhile. */
export function backupInWorker(source: string, target: string) {
  return new Promise<void>((resolve, reject) => {
    const worker = new Worker(new URL('./backup-worker.ts', import.meta.url), {
      execArgv: workerExecArgv,
      workerData: { source, target },
    });
    worker.once('error', reject);
    worker.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`the backup stopped (exit code ${code})`)),
    );
  });
}

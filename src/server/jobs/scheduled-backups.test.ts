import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp } from '#tests/support/app.ts';
import { send } from '#tests/support/http.ts';
import { waitUntil } from '#tests/support/wait.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { createDatabase, type Db } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { checkRestorable } from '../db/sqlite-backup.ts';
import { backupInWorker, createScheduledBackups } from './scheduled-backups.ts';

let dir: string;
let databaseFile: string;
let db: Db;
beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'scheduled-backups-'));
  databaseFile = path.join(dir, 'data', 'site.db');
  db = createDatabase(loadConfig({ DATABASE_URL: `sqlite:${databaseFile}` }).database);
  await migrateToLatest(db);
});
afterEach(async () => {
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

const silent = pino({ level: 'silent' });

/** The SQLite database's backups, as the runtime sets them up. */
const ofSqlite = () => ({
  name: 'site',
  extension: 'db' as const,
  take: (target: string) => backupInWorker(databaseFile, target),
});

describe('scheduled backups (BACKUP_DIR, BACKUP_KEEP)', () => {
  it('are off unless BACKUP_DIR is set, keep 7 by default, on SQLite and PostgreSQL alike', () => {
    expect(loadConfig({}).backups).toBeUndefined();
    expect(loadConfig({ BACKUP_DIR: 'data/backups' }).backups).toEqual({
      dir: path.resolve('data/backups'),
      keep: 7,
    });
    expect(loadConfig({ BACKUP_DIR: '/srv/backups', BACKUP_KEEP: '30' }).backups?.keep).toBe(30);
    expect(() => loadConfig({ BACKUP_DIR: '/srv/backups', BACKUP_KEEP: '0' })).toThrow(
      new ConfigError(['BACKUP_KEEP must be a whole number of 1 or more; got "0"']),
    );
    expect(
      loadConfig({ BACKUP_DIR: '/srv/backups', DATABASE_URL: 'postgres://site:secret@db:5432/site' }).backups,
    ).toEqual({ dir: '/srv/backups', keep: 7 });
  });

  it('are taken by one instance at a time: two at once take one backup', async () => {
    const options = { ...ofSqlite(), dir: path.join(dir, 'shared'), keep: 7, log: silent };
    const now = () => new Date('2026-03-01T03:00:00Z');
    const [first, second] = [
      createScheduledBackups({ ...options, now }),
      createScheduledBackups({ ...options, now }),
    ];
    const taken = await Promise.all([first.runOnce(), second.runOnce()]);
    expect(taken.sort()).toEqual([0, 1]);
    expect(readdirSync(options.dir).filter((file) => file.endsWith('.db'))).toEqual(['site-2026-03-01.db']);
  });

  it('takes one backup a day, named after the day, and keeps only the BACKUP_KEEP newest', async () => {
    const backupDir = path.join(dir, 'backups');
    let today = new Date('2026-03-01T03:00:00Z');
    const backups = createScheduledBackups({
      ...ofSqlite(),
      dir: backupDir,
      keep: 3,
      log: silent,
      now: () => today,
    });
    expect(await backups.runOnce()).toBe(1);
    expect(await backups.runOnce()).toBe(0); // the day's backup is there: not taken twice
    // Files in the folder that are not the site's dated backups are never pruned.
    writeFileSync(path.join(backupDir, 'notes.txt'), 'kept');
    writeFileSync(path.join(backupDir, 'other-2026-01-01.db'), 'kept');
    for (const day of ['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05']) {
      today = new Date(`${day}T03:00:00Z`);
      expect(await backups.runOnce()).toBe(1);
    }
    const files = readdirSync(backupDir).filter((file) => !file.startsWith('.'));
    expect(files.sort()).toEqual([
      'notes.txt',
      'other-2026-01-01.db',
      'site-2026-03-03.db',
      'site-2026-03-04.db',
      'site-2026-03-05.db',
    ]);
    expect(statSync(backupDir).mode & 0o777).toBe(0o700);
    const newest = path.join(backupDir, 'site-2026-03-05.db');
    expect(statSync(newest).mode & 0o777).toBe(0o600);
    expect((await checkRestorable(newest)).migration).toBeTruthy();
    expect(backups.status()).toEqual({ lastSuccessAt: today, failures: 0, lastFailure: undefined });
  });

  it('never prunes today’s backup for one dated later, which it leaves alone and reports', async () => {
    const backupDir = path.join(dir, 'backups');
    const lines: string[] = [];
    const backups = createScheduledBackups({
      ...ofSqlite(),
      dir: backupDir,
      keep: 1,
      log: pino({ level: 'warn' }, { write: (line: string) => void lines.push(line) }),
      now: () => new Date('2026-03-01T03:00:00Z'),
    });
    await backups.runOnce();
    writeFileSync(path.join(backupDir, 'site-2099-01-01.db'), 'from a wrong clock');
    writeFileSync(path.join(backupDir, 'site-2026-02-27.db'), 'an older one');
    await backups.runOnce();
    expect(
      readdirSync(backupDir)
        .filter((file) => !file.startsWith('.'))
        .sort(),
    ).toEqual(['site-2026-03-01.db', 'site-2099-01-01.db']);
    expect(lines.map((line) => JSON.parse(line))).toContainEqual(
      expect.objectContaining({ msg: 'backups dated after today left alone', files: ['site-2099-01-01.db'] }),
    );
  });

  it('clears a half-written backup that a killed process left behind', async () => {
    const backupDir = path.join(dir, 'backups');
    const backups = createScheduledBackups({
      ...ofSqlite(),
      dir: backupDir,
      keep: 7,
      log: silent,
      now: () => new Date('2026-03-01T03:00:00Z'),
    });
    await backups.runOnce();
    writeFileSync(path.join(backupDir, 'site-2026-02-28.db.partial-0badf00d'), 'half a copy');
    await backups.runOnce();
    expect(readdirSync(backupDir).filter((file) => !file.startsWith('.'))).toEqual(['site-2026-03-01.db']);
  });

  it('logs a failure and counts it in the metrics, and the site serves on', async () => {
    const notAFolder = path.join(dir, 'backups-is-a-file');
    writeFileSync(notAFolder, '');
    const lines: string[] = [];
    const token = 'mT4_qP9-xW2~kK7.bR5nL8vC3jH6gF1sD0aY';
    const site = await startTestApp({
      env: { BACKUP_DIR: notAFolder, METRICS_TOKEN: token, LOG_LEVEL: 'error' },
      logStream: { write: (line: string) => void lines.push(line) },
    });
    try {
      const metrics = async () =>
        (await send(site, '/metrics', { headers: { authorization: `Bearer ${token}` } })).text();
      await waitUntil(async () => /^backup_failures_total 1$/m.test(await metrics()));
      expect(await metrics()).toMatch(/^backup_last_success_timestamp_seconds 0$/m);
      const failure = lines.map((line) => JSON.parse(line)).find((line) => line.level === 50);
      expect(failure?.msg).toBe('scheduled database backup failed');
      expect((await send(site, '/readyz')).status).toBe(200);
    } finally {
      await site.close();
    }
  });

  it('shows the last successful backup in the metrics', async () => {
    const backupDir = path.join(dir, 'site-backups');
    const token = 'mT4_qP9-xW2~kK7.bR5nL8vC3jH6gF1sD0aY';
    const site = await startTestApp({ env: { BACKUP_DIR: backupDir, METRICS_TOKEN: token } });
    try {
      const metrics = async () =>
        (await send(site, '/metrics', { headers: { authorization: `Bearer ${token}` } })).text();
      await waitUntil(async () => /^backup_last_success_timestamp_seconds [1-9]/m.test(await metrics()));
      expect(await metrics()).toMatch(/^backup_failures_total 0$/m);
      expect(readdirSync(backupDir).filter((file) => file.endsWith('.db'))).toHaveLength(1);
    } finally {
      await site.close();
    }
  });
});

import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createDatabase } from '#server/db/database.ts';
import { migrateTo, migrationNames } from '#server/db/migrate.ts';
import { databaseCommand } from '../support/database-commands.ts';
import { post } from '../support/enquiries.ts';
import { floodSignUps } from '../support/sign-up-flood.ts';
import { type RunningSite, startSite } from '../support/site.ts';
import { waitUntil } from '../support/wait.ts';

// The flood comes from one address; lift the per-address form limit so every request reaches the database.
const env = { RATE_LIMIT_PER_MINUTE: '1000000' };

let work: string;
beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'practice-site-backups-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

const newestMigration = migrationNames.at(-1) as string;
const databaseOf = (site: Pick<RunningSite, 'dataDir'>) => path.join(site.dataDir, 'site.db');

function subscribersIn(file: string) {
  const db = new SQLite(file, { readonly: true });
  try {
    return new Set(db.prepare('select email from subscribers').pluck().all() as string[]);
  } finally {
    db.close();
  }
}

/** However the test ends, the site is gone afterwards, with its SMTP server and its data. */
function cleanUpAtEnd(site: RunningSite) {
  onTestFinished(async () => {
    await site.kill();
    await site.smtp.stop().catch(() => {}); // already stopped with the site started again on its data
    rmSync(site.dataDir, { recursive: true, force: true });
  });
}

async function signUp(site: RunningSite, email: string) {
  const response = await post(site, '/subscribe', { emailAddress: email, submitMethod: '2' });
  expect(response.status).toBe(200);
}

describe('npm run db:backup while the site serves', () => {
  it('restores to a database holding every sign-up acknowledged before the backup began', async () => {
    const site = await startSite(env);
    try {
      const flood = floodSignUps(site, 16);
      await waitUntil(() => flood.accepted.length >= 200, {
        timeoutMs: 30_000,
        intervalMs: 50,
        what: () => `${flood.accepted.length} sign-ups accepted`,
      });
      const acknowledged = [...flood.accepted];
      const backup = path.join(work, 'under-flood.db');
      const backedUp = await databaseCommand('backup', `sqlite:${databaseOf(site)}`, backup);
      const whileBackingUp = flood.accepted.length - acknowledged.length;
      await flood.stop();
      expect(backedUp.stderr).toBe('');
      expect(backedUp.code).toBe(0);
      // The site went on taking sign-ups while the backup ran.
      expect(whileBackingUp).toBeGreaterThan(0);
      expect(statSync(backup).mode & 0o777).toBe(0o600);

      const restoredDir = mkdtempSync(path.join(tmpdir(), 'practice-site-restored-'));
      const restoredFile = path.join(restoredDir, 'site.db');
      const restored = await databaseCommand('restore', `sqlite:${restoredFile}`, backup);
      expect(restored.stdout).toContain(`(at migration ${migrationNames.at(-1)})`);
      const stored = subscribersIn(restoredFile);
      expect(acknowledged.filter((email) => !stored.has(email))).toEqual([]);

      // The restored database runs the site.
      const second = await startSite(env, { dataDir: restoredDir });
      try {
        expect((await fetch(`${second.url}/readyz`)).status).toBe(200);
      } finally {
        await second.stop();
      }
    } finally {
      await site.stop();
    }
  }, 120_000);
});

describe('npm run db:restore and the running site', () => {
  it('refuses to overwrite the database of a running site, and restores it once the site is gone (even killed)', async () => {
    const site = await startSite(env);
    cleanUpAtEnd(site);
    const url = `sqlite:${databaseOf(site)}`;
    await signUp(site, 'before-backup@example.com');
    const backup = path.join(work, 'refused.db');
    expect((await databaseCommand('backup', url, backup)).code).toBe(0);
    await signUp(site, 'after-backup@example.com');

    const refused = await databaseCommand('restore', url, backup);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`Cannot restore: The database at ${databaseOf(site)} is in use`);
    expect(subscribersIn(databaseOf(site)).has('after-backup@example.com')).toBe(true);
    expect((await fetch(`${site.url}/readyz`)).status).toBe(200);

    // A process killed outright lets go of its lock: no stale lock is left to clear by hand.
    await site.kill();
    const restored = await databaseCommand('restore', url, backup);
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    const again = await startSite(env, { dataDir: site.dataDir, smtp: site.smtp });
    try {
      const stored = subscribersIn(databaseOf(again));
      expect(stored.has('before-backup@example.com')).toBe(true);
      expect(stored.has('after-backup@example.com')).toBe(false);
    } finally {
      await again.stop();
    }
  }, 90_000);

  it('restores over a running site with --force in place: what the site acknowledges afterwards is kept, and so it stays after a restart', async () => {
    const site = await startSite(env);
    cleanUpAtEnd(site);
    const url = `sqlite:${databaseOf(site)}`;
    await signUp(site, 'on-the-site@example.com');
    // A backup from the version before the newest migration, which the running site is not there to apply.
    const backup = path.join(work, 'forced.db');
    const older = createDatabase({ kind: 'sqlite', file: backup });
    await migrateTo(older, migrationNames.at(-2) as string);
    await older.destroy();
    const file = new SQLite(backup);
    file
      .prepare(`insert into subscribers (email, status, unsubscribe_token_hash, created_at)
        values ('in-the-backup@example.com', 'confirmed', 'hash', '2026-11-01T09:00:00.000Z')`)
      .run();
    file.close();

    const forced = await databaseCommand('restore', url, backup, '--force');
    expect(forced.code).toBe(0);
    expect(forced.stderr).toContain('The database was in use: the backup was written into it');
    await signUp(site, 'after-restore@example.com');
    const expected = new Set(['in-the-backup@example.com', 'after-restore@example.com']);
    expect(subscribersIn(databaseOf(site))).toEqual(expected);
    // Brought up to date as a start would have: the running site finds every table it expects.
    const restored = new SQLite(databaseOf(site), { readonly: true });
    expect(restored.prepare('select max(name) from kysely_migration').pluck().get()).toBe(newestMigration);
    restored.close();

    await site.kill();
    const again = await startSite(env, { dataDir: site.dataDir, smtp: site.smtp });
    try {
      expect((await fetch(`${again.url}/readyz`)).status).toBe(200);
      expect(subscribersIn(databaseOf(again))).toEqual(expected);
    } finally {
      await again.stop();
    }
  }, 90_000);
});

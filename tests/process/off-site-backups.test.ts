import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3Store } from '#server/backups/s3-store.ts';
import { loadConfig } from '#server/config.ts';
import { createDatabase } from '#server/db/database.ts';
import { migrateTo } from '#server/db/migrate.ts';
import { launch } from '../support/commands.ts';
import {
  createMigratedTestDatabase,
  createTestDatabase,
  type DatabaseKind,
  postgresUrl,
} from '../support/databases.ts';
import { seedSubscribers } from '../support/newsletter.ts';
import { freePort } from '../support/ports.ts';
import { type S3Server, s3Keys, startS3Server } from '../support/s3-server.ts';

// Each day's backup copied off the machine, encrypted, to S3-compatible storage (a real one: s3rver), and
// brought back: `npm run backup:now`, `backup:list`, `backup:fetch`, then the database's own restore.

const encryptionKey = 'an-off-site-key-kept-apart-from-the-storage';

/** An npm command (scripts/backup.ts and the others) as a process of its own, with `env` only. */
const command = (script: string, args: string[], env: Record<string, string>) =>
  launch(script, args, { cwd: work, env });

let s3: S3Server;
let work: string;
beforeAll(async () => {
  s3 = await startS3Server();
  work = mkdtempSync(path.join(tmpdir(), 'off-site-'));
});
afterAll(async () => {
  await s3?.stop();
  rmSync(work, { recursive: true, force: true });
});

const today = new Date().toISOString().slice(0, 10);
const kinds: DatabaseKind[] = postgresUrl ? ['sqlite', 'postgres'] : ['sqlite'];

describe.each(kinds)('off-site backups on %s', (kind) => {
  it('copies the day’s backup off the machine encrypted, keeps the newest, and restores from it', async () => {
    const database = await createMigratedTestDatabase(kind);
    const db = createDatabase(loadConfig({ DATABASE_URL: database.url }).database);
    await seedSubscribers(db, 'confirmed', ['kept.subscriber@example.com']);
    const backupDir = path.join(work, kind, 'backups');
    const folder = `${s3.bucketUrl}${kind}/`;
    const env = {
      DATABASE_URL: database.url,
      BACKUP_DIR: backupDir,
      BACKUP_S3_URL: folder,
      ...s3Keys,
      BACKUP_ENCRYPTION_KEY: encryptionKey,
      BACKUP_S3_KEEP: '2',
    };
    const extension = kind === 'sqlite' ? 'db' : 'dump';
    const name = `${kind === 'sqlite' ? 'site' : new URL(database.url).pathname.slice(1)}-${today}.${extension}`;
    try {
      // Two older copies there already: with the day's, one too many for BACKUP_S3_KEEP=2.
      const store = s3Store({
        url: folder,
        region: 'us-east-1',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
      });
      const filler = path.join(work, `${kind}-filler`);
      writeFileSync(filler, 'an old copy');
      for (const day of ['2026-01-01', '2026-01-02'])
        await store.put(`${name.replace(today, day)}.enc`, filler);

      const backedUp = await command('scripts/backup.ts', ['now'], env);
      expect(backedUp.stderr).toBe('');
      expect(backedUp.stdout).toContain(`Backed up into ${backupDir}.`);
      const local = path.join(backupDir, name);
      expect(statSync(local).mode & 0o777).toBe(0o600);
      expect(readdirSync(backupDir).filter((file) => !file.startsWith('.'))).toEqual([name]);

      const listed = await command('scripts/backup.ts', ['list'], env);
      expect(
        listed.stdout
          .trim()
          .split('\n')
          .map((line) => line.split('\t')[0]),
      ).toEqual([`Storage: ${folder}`, `${name.replace(today, '2026-01-02')}.enc`, `${name}.enc`]);
      // What left the machine is not the database: encrypted, unreadable without the key.
      const stored = readFileSync(path.join(s3.directory, 'backups', kind, `${name}.enc._S3rver_object`));
      expect(stored.subarray(0, 6).toString()).toBe('PSBK1\n');
      expect(stored.includes(Buffer.from('kept.subscriber@example.com'))).toBe(false);

      // Brought back, decrypted, and restored by the database's own means into a new database.
      const fetched = path.join(work, `${kind}-fetched.${extension}`);
      const fetching = await command('scripts/backup.ts', ['fetch', 'latest', fetched], env);
      expect(fetching.stdout).toContain(`Fetched ${name}.enc and decrypted it into ${fetched}.`);
      expect(statSync(fetched).mode & 0o777).toBe(0o600);
      const wrongKey = await command('scripts/backup.ts', ['fetch', 'latest', `${fetched}-2`], {
        ...env,
        BACKUP_ENCRYPTION_KEY: 'x'.repeat(40),
      });
      expect(wrongKey.code).toBe(1);
      expect(wrongKey.stderr).toContain('cannot be decrypted with this BACKUP_ENCRYPTION_KEY');

      // A copy renamed in the storage (yesterday's in today's place) is refused as a changed one is.
      const renamed = path.join(
        s3.directory,
        'backups',
        kind,
        `${name.replace(today, '2026-01-02')}.enc._S3rver_object`,
      );
      writeFileSync(renamed, stored);
      const swapped = await command(
        'scripts/backup.ts',
        ['fetch', `${name.replace(today, '2026-01-02')}.enc`, `${fetched}-3`],
        env,
      );
      expect(swapped.code).toBe(1);
      expect(swapped.stderr).toContain('or it was changed or renamed');

      const restored = await createTestDatabase(kind);
      if (kind === 'sqlite') {
        const into = await command('scripts/db-restore.ts', [fetched], { DATABASE_URL: restored.url });
        expect(into.stderr).toBe('');
      } else {
        await promisify(execFile)('pg_restore', [
          '--no-owner',
          '--exit-on-error',
          `--dbname=${restored.url}`,
          fetched,
        ]);
      }
      const again = createDatabase(loadConfig({ DATABASE_URL: restored.url }).database);
      expect(await again.selectFrom('subscribers').select('email').execute()).toEqual([
        { email: 'kept.subscriber@example.com' },
      ]);
      await again.destroy();
      await restored.drop();
    } finally {
      await db.destroy();
      await database.drop();
    }
  });
});

describe('the backup an upgrade takes', () => {
  it('is copied off the machine too, and kept there when the daily copies are pruned', async () => {
    const database = await createTestDatabase('sqlite');
    const db = createDatabase(loadConfig({ DATABASE_URL: database.url }).database);
    await migrateTo(db, '030-upgrades');
    await db.destroy();
    const folder = `${s3.bucketUrl}upgrade/`;
    const env = {
      DATABASE_URL: database.url,
      BACKUP_DIR: path.join(work, 'upgrade', 'backups'),
      BACKUP_S3_URL: folder,
      ...s3Keys,
      BACKUP_ENCRYPTION_KEY: encryptionKey,
      BACKUP_S3_KEEP: '1',
    };
    try {
      const upgraded = await command('scripts/upgrade.ts', [], env);
      expect(upgraded.stderr).toBe('');
      const copied = /Copied to \S+ as (before-\S+\.db\.enc)\./.exec(upgraded.stdout)?.[1];
      expect(copied).toBeDefined();
      expect((await command('scripts/backup.ts', ['now'], env)).code).toBe(0);
      const listed = (await command('scripts/backup.ts', ['list'], env)).stdout;
      expect(listed).toContain(`${copied}\t`);
      expect(listed).toContain(`site-${today}.db.enc\t`);
    } finally {
      await database.drop();
    }
  });
});

describe('an off-site copy that fails', () => {
  it('fails loudly with wrong keys or an unreachable bucket, and keeps the local backup', async () => {
    const database = await createMigratedTestDatabase('sqlite');
    const backupDir = path.join(work, 'failing', 'backups');
    const base = {
      DATABASE_URL: database.url,
      BACKUP_DIR: backupDir,
      BACKUP_S3_URL: `${s3.bucketUrl}failing/`,
      ...s3Keys,
      BACKUP_ENCRYPTION_KEY: encryptionKey,
    };
    try {
      const wrongKeys = await command('scripts/backup.ts', ['now'], {
        ...base,
        BACKUP_S3_ACCESS_KEY_ID: 'NOT-A-KEY',
      });
      expect(wrongKeys.code).toBe(1);
      expect(wrongKeys.stderr).toMatch(
        /^The backup failed: Listing the backups: 127\.0\.0\.1:\d+ answered 403 InvalidAccessKeyId\n/m,
      );
      const unreachable = await command('scripts/backup.ts', ['now'], {
        ...base,
        BACKUP_S3_URL: `http://127.0.0.1:${await freePort()}/backups/`,
      });
      expect(unreachable.code).toBe(1);
      expect(unreachable.stderr).toMatch(
        /The backup failed: Listing the backups: 127\.0\.0\.1:\d+ could not be reached/,
      );
      // The day's backup is taken all the same, and kept on the machine.
      expect(readdirSync(backupDir).filter((file) => file.endsWith('.db'))).toEqual([`site-${today}.db`]);
    } finally {
      await database.drop();
    }
  });
});

import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { createDatabase, type Db } from '#server/db/database.ts';
import { migrateTo, migrationNames } from '#server/db/migrate.ts';
import { launch } from '../support/commands.ts';
import {
  createMigratedTestDatabase,
  createTestDatabase,
  type DatabaseKind,
  postgresUrl,
  type TestDatabase,
} from '../support/databases.ts';
import { packageVersion } from '../support/release.ts';

/** `node scripts/run.js SCRIPT ARGS` as npm runs it, on `databaseUrl`, from `cwd`: exit code and output. */
const run = (cwd: string, databaseUrl: string, script: string, ...args: string[]) =>
  launch(script, args, { cwd, env: { DATABASE_URL: databaseUrl, PORT: '0', LOG_LEVEL: 'warn' } });

let database: TestDatabase | undefined;
let db: Db | undefined;
let scratch: string | undefined;
afterEach(async () => {
  await db?.destroy();
  await database?.drop();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  db = undefined;
  database = undefined;
  scratch = undefined;
});

/** Where a command runs: beside the SQLite file, or a folder of its own for PostgreSQL's backups. */
function folderFor(database: TestDatabase) {
  if (database.url.startsWith('sqlite:')) return path.dirname(database.url.slice('sqlite:'.length));
  scratch = mkdtempSync(path.join(tmpdir(), 'upgrade-'));
  return scratch;
}

const kinds: DatabaseKind[] = postgresUrl ? ['sqlite', 'postgres'] : ['sqlite'];

describe.each(kinds)('npm run upgrade on %s', (kind) => {
  it('backs the database up before it migrates, and takes no backup with nothing to apply', async () => {
    database = await createTestDatabase(kind);
    db = createDatabase(loadConfig({ DATABASE_URL: database.url }).database);
    await migrateTo(db, '029-built-in-pages');
    const cwd = folderFor(database);
    const upgraded = await run(cwd, database.url, 'scripts/upgrade.ts');
    expect(upgraded.stderr).toBe('');
    expect(upgraded.code).toBe(0);
    const backups = readdirSync(path.join(cwd, 'data/backups'));
    expect(backups).toHaveLength(1);
    const backup = path.join(cwd, 'data/backups', backups[0] as string);
    expect(backup).toMatch(
      new RegExp(
        `before-${packageVersion.replaceAll('.', '\\.')}-[\\dT-]+Z\\.${kind === 'sqlite' ? 'db' : 'dump'}$`,
      ),
    );
    expect(statSync(backup).mode & 0o777).toBe(0o600);
    // The database as it was before: SQLite's file at the older migration, or pg_dump's archive.
    if (kind === 'sqlite') {
      const copy = new SQLite(backup, { readonly: true });
      expect(copy.prepare('select max(name) from kysely_migration').pluck().get()).toBe('029-built-in-pages');
      copy.close();
    } else {
      expect(readFileSync(backup).subarray(0, 5).toString()).toBe('PGDMP');
    }
    expect(upgraded.stdout).toContain(`Backed up to ${backup} (restore it to roll back).`);
    expect(upgraded.stdout).toContain(
      `Applied: ${migrationNames.slice(migrationNames.indexOf('030-upgrades')).join(', ')}`,
    );
    expect(upgraded.stdout).toContain(`The database is upgraded to version ${packageVersion}.`);
    // What applied which migrations is kept, for a version rolled back to name it.
    const recorded = await db.selectFrom('site_upgrades').selectAll().execute();
    expect(recorded).toMatchObject([
      { version: packageVersion, migrations: expect.stringContaining('030-upgrades') },
    ]);

    const again = await run(cwd, database.url, 'scripts/upgrade.ts');
    expect(again.stdout).toContain(
      `The database is up to date for version ${packageVersion}; nothing to do.`,
    );
    expect(readdirSync(path.join(cwd, 'data/backups'))).toHaveLength(1);
  });
});

describe.each(kinds)('a database a later version upgraded, on %s', (kind) => {
  it('is refused by the server and every command in the same one line, with the exit status systemd does not restart on', async () => {
    database = await createMigratedTestDatabase(kind);
    db = createDatabase(loadConfig({ DATABASE_URL: database.url }).database);
    // What version 99.1.0 leaves: a migration this code has never heard of, and its record.
    await db
      .insertInto('kysely_migration' as never)
      .values({ name: '099-from-the-future', timestamp: '2027-01-01T00:00:00.000Z' } as never)
      .execute();
    await db
      .insertInto('site_upgrades')
      .values({
        version: '99.1.0',
        migrations: '099-from-the-future',
        upgraded_at: '2027-01-01T00:00:00.000Z',
      })
      .execute();
    const refusal = `practice-site ${packageVersion}: this database was upgraded by version 99.1.0; run 99.1.0 or restore the backup taken before the upgrade\n`;
    const cwd = folderFor(database);
    for (const script of [
      'src/server/main.ts',
      'scripts/upgrade.ts',
      'scripts/migrate.ts',
      'scripts/user.ts',
    ]) {
      const refused = await run(cwd, database.url, script, ...(script.endsWith('user.ts') ? ['list'] : []));
      expect(refused.code, script).toBe(78);
      expect(refused.stderr, script).toBe(refusal);
    }
    // Nothing was changed by trying.
    const applied = await db
      .selectFrom('kysely_migration' as never)
      .select('name' as never)
      .execute();
    expect(applied).toHaveLength(migrationNames.length + 1);
  });
});

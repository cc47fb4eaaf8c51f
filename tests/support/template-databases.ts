import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '#server/config.ts';
import { createDatabase } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { asAdmin, databaseUrl, postgresUrl, templateEnv } from './databases.ts';
import { waitUntil } from './wait.ts';

/**
 * Vitest's global set-up: migrates one SQLite file and (with TEST_DATABASE_URL) one PostgreSQL database
 * once per run, for createMigratedTestDatabase to copy; removes both when the run ends. The test workers
 * start after this and inherit the environment that names them.
 */
export default async function migrateTemplates() {
  const dir = mkdtempSync(path.join(tmpdir(), 'practice-site-template-'));
  const file = path.join(dir, 'site.db');
  // Closed after migrating, SQLite folds its write-ahead log back in: the one file holds everything.
  await migrate(`sqlite:${file}`);
  process.env[templateEnv.sqlite] = file;

  const name = `template_${randomBytes(6).toString('hex')}`;
  if (postgresUrl) {
    await asAdmin(`create database ${name}`);
    await migrate(databaseUrl(name));
    process.env[templateEnv.postgres] = name;
  }
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (!postgresUrl) return;
    for (const copy of await databasesNamed(`${name}_%`)) await dropDatabase(copy);
    await dropDatabase(name);
  };
}

/**
 * Drops a database of this run, ending whatever is still connected to it. PostgreSQL's own autovacuum may
 * be working in one just after its tests (a copy the newsletter filled with 2,000 rows): the test role
 * may not end that process (42501) and must wait for it to finish, as it does within seconds.
 */
async function dropDatabase(name: string) {
  let lastError: unknown;
  await waitUntil(
    () =>
      asAdmin(`drop database if exists ${name} with (force)`).then(
        () => true,
        (error: { code?: string }) => {
          if (error.code !== '42501' && error.code !== '55006') throw error;
          lastError = error;
          return false;
        },
      ),
    { timeoutMs: 60_000, intervalMs: 250, what: () => `database ${name} dropped: ${lastError}` },
  );
}

/** The databases whose name matches a LIKE pattern (`_` and `%` as wildcards, which our names allow). */
async function databasesNamed(pattern: string): Promise<string[]> {
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(
      'select datname from pg_database where datname like $1',
      [pattern],
    );
    return rows.map((row) => row.datname);
  } finally {
    await admin.end();
  }
}

async function migrate(url: string) {
  const db = createDatabase(loadConfig({ DATABASE_URL: url }).database);
  await migrateToLatest(db);
  await db.destroy();
}

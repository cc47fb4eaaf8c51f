import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { createDatabase } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';

export type DatabaseKind = 'sqlite' | 'postgres';

export const postgresUrl = process.env.TEST_DATABASE_URL;

/**
 * Where tests/support/template-databases.ts left this run's migrated templates (a SQLite file, a
 * PostgreSQL database name). Outside Vitest (the benchmarks) they are unset and each database migrates.
 */
export const templateEnv = { sqlite: 'TEST_TEMPLATE_SQLITE', postgres: 'TEST_TEMPLATE_POSTGRES' } as const;

export interface TestDatabase {
  /** A DATABASE_URL for the app: a fresh SQLite file, or a fresh PostgreSQL schema or database. */
  url: string;
  drop(): Promise<void>;
}

/** An empty database of its own for one test file, so files can run in parallel. */
export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'practice-site-db-'));
    return {
      url: `sqlite:${path.join(dir, 'site.db')}`,
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  if (!postgresUrl) throw new Error('TEST_DATABASE_URL is not set');
  const template = process.env[templateEnv.postgres];
  // A database of its own, not a schema in a shared one: Kysely's migrator reads every schema of its
  // database (has_schema_privilege on each), and fails when another file drops its schema meanwhile.
  if (template) return { url: databaseUrl(await databaseOfThisRun(template)), drop: async () => {} };
  const schema = `test_${randomBytes(6).toString('hex')}`;
  await asAdmin(`create schema ${schema}`);
  const url = new URL(postgresUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return { url: url.toString(), drop: () => asAdmin(`drop schema ${schema} cascade`) };
}

/**
 * A database of its own with every migration applied, copied from the run's migrated template: a file
 * copy on SQLite, `CREATE DATABASE … TEMPLATE` on PostgreSQL (Ghost's db-template), in milliseconds
 * rather than the second that migrating from nothing takes.
 */
export async function createMigratedTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  const template = process.env[templateEnv[kind]];
  if (!template) return migrated(await createTestDatabase(kind));
  if (kind === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'practice-site-db-'));
    copyFileSync(template, path.join(dir, 'site.db'));
    return {
      url: `sqlite:${path.join(dir, 'site.db')}`,
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const url = new URL(databaseUrl(await databaseOfThisRun(template, { copy: true })));
  // A commit need not wait for the disk: the tests stop the app, never PostgreSQL itself.
  url.searchParams.set('options', '-c synchronous_commit=off');
  return { url: url.toString(), drop: async () => {} };
}

/**
 * A new PostgreSQL database, empty or a copy of the run's migrated template, named after that template
 * (the name is returned). It is dropped with the template when the run ends (template-databases.ts),
 * not by the test: DROP DATABASE waits on a checkpoint, seconds on a busy machine, which a test's
 * clean-up should not pay.
 */
async function databaseOfThisRun(template: string, { copy = false } = {}) {
  const name = `${template}_${randomBytes(6).toString('hex')}`;
  await asAdmin(`create database ${name}${copy ? ` template ${template}` : ''}`);
  return name;
}

/** TEST_DATABASE_URL with another database's name in it. */
export function databaseUrl(name: string): string {
  const url = new URL(postgresUrl as string);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one statement as TEST_DATABASE_URL's role, on its own connection. */
export async function asAdmin(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

async function migrated(database: TestDatabase): Promise<TestDatabase> {
  const db = createDatabase(loadConfig({ DATABASE_URL: database.url }).database);
  await migrateToLatest(db);
  await db.destroy();
  return database;
}

/**
 * Declares the same suite for SQLite and for PostgreSQL. Without TEST_DATABASE_URL the PostgreSQL suite
 * is reported as skipped, with the reason in its name and on the console, never silently.
 */
export function describeEachDatabase(title: string, suite: (kind: DatabaseKind) => void) {
  describe(`${title} on SQLite`, () => suite('sqlite'));
  describeOnPostgres(`${title} on PostgreSQL`, () => suite('postgres'));
}

/** A suite that needs PostgreSQL itself; without TEST_DATABASE_URL it is reported as skipped, saying why. */
export function describeOnPostgres(title: string, suite: () => void) {
  if (postgresUrl) return describe(title, suite);
  console.info(`PostgreSQL suite "${title}" skipped: TEST_DATABASE_URL is not set`);
  describe.skip(`${title} (skipped: TEST_DATABASE_URL is not set)`, suite);
}

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe } from 'vitest';

export type DatabaseKind = 'sqlite' | 'postgres';

export const postgresUrl = process.env.TEST_DATABASE_URL;

export interface TestDatabase {
  /** A DATABASE_URL for the app: a fresh SQLite file, or a fresh PostgreSQL schema. */
  url: string;
  drop(): Promise<void>;
}

/** A database of its own for one test file, so files can run in parallel. */
export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'practice-site-db-'));
    return {
      url: `sqlite:${path.join(dir, 'site.db')}`,
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  if (!postgresUrl) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const url = new URL(postgresUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: postgresUrl });
      await client.connect();
      await client.query(`drop schema ${schema} cascade`);
      await client.end();
    },
  };
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

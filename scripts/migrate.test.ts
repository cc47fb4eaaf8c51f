import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterEach, expect, it } from 'vitest';
import { createTestDatabase, describeOnPostgres, type TestDatabase } from '#tests/support/databases.ts';

const root = path.resolve(import.meta.dirname, '..');

/** `npm run db:migrate` against `databaseUrl`, as an instance runs it when it starts: what it printed. */
async function migrateCommand(databaseUrl: string) {
  const { stdout } = await promisify(execFile)(process.execPath, ['scripts/migrate.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH, DATABASE_URL: databaseUrl, PUBLIC_URL: 'http://127.0.0.1:9' },
  });
  // After the line naming the database.
  return stdout.trim().split('\n').at(-1) ?? '';
}

describeOnPostgres('instances starting at once on one PostgreSQL database', () => {
  let database: TestDatabase;
  afterEach(() => database?.drop());

  it('migrate a fresh schema once between them, each starting without an error', async () => {
    database = await createTestDatabase('postgres');
    const printed = await Promise.all([1, 2, 3].map(() => migrateCommand(database.url)));
    const applying = printed.filter((out) => out.startsWith('Applied: '));
    expect(applying).toHaveLength(1);
    expect(printed.filter((out) => out === 'The database is up to date.')).toHaveLength(2);

    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string; times: number }>(
        'select name, count(*)::int as times from kysely_migration group by name order by name',
      );
      expect(rows.map((row) => row.name)).toEqual(
        (applying[0] as string).replace('Applied: ', '').split(', '),
      );
      expect(rows.every((row) => row.times === 1)).toBe(true);
      const tables = await client.query<{ table_name: string }>(
        'select table_name from information_schema.tables where table_schema = current_schema()',
      );
      expect(tables.rows.map((row) => row.table_name)).toEqual(
        expect.arrayContaining(['kysely_migration', 'subscribers', 'outbox_messages', 'users']),
      );
    } finally {
      await client.end();
    }
    // A later start finds nothing to do.
    expect(await migrateCommand(database.url)).toBe('The database is up to date.');
  }, 60_000);

  it('wait, from before creating anything, while another instance holds the schema’s migration lock', async () => {
    database = await createTestDatabase('postgres');
    const other = new pg.Client({ connectionString: database.url });
    await other.connect();
    const tablesNow = async () =>
      (
        await other.query<{ n: number }>(
          'select count(*)::int as n from information_schema.tables where table_schema = current_schema()',
        )
      ).rows[0]?.n;
    try {
      // The lock an instance takes while it migrates this schema (src/server/db/migrate.ts).
      const lock = "hashtextextended('practice-site migrations ' || current_schema(), 0)";
      await other.query(`select pg_advisory_lock(${lock})`);
      let finished = false;
      const starting = migrateCommand(database.url).then((out) => {
        finished = true;
        return out;
      });
      await new Promise((resolve) => setTimeout(resolve, 3000));
      expect(finished).toBe(false);
      expect(await tablesNow()).toBe(0);
      await other.query(`select pg_advisory_unlock(${lock})`);
      expect(await starting).toMatch(/^Applied: 001-outbox, /);
      expect(await tablesNow()).toBeGreaterThan(10);
    } finally {
      await other.end();
    }
  }, 60_000);
});

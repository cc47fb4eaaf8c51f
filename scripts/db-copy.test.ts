import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterEach, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { createDatabase } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { createTestDatabase, describeOnPostgres, type TestDatabase } from '#tests/support/databases.ts';

const root = path.resolve(import.meta.dirname, '..');

/** `npm run db:copy -- ARGS`: its exit code and what it printed. */
async function copyCommand(...args: string[]) {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['scripts/db-copy.ts', ...args], {
      cwd: root,
      env: { PATH: process.env.PATH },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string };
    return { code, stdout, stderr };
  }
}

const sqliteFile = (database: TestDatabase) => database.url.replace(/^sqlite:/, '');

type Row = Record<string, unknown>;

/**
 * Rows in every table of the migrated SQLite file, made from the columns PostgreSQL gives each table (a
 * timestamp is text on SQLite), each referring to rows of the tables it refers to. Ids are kept apart
 * (10, 20, 30…) so that a copy renumbering them would show. `audit_log` gets more rows than one batch.
 */
async function fillEveryTable(file: string, postgresUrl: string) {
  const types = new pg.Client({ connectionString: postgresUrl });
  await types.connect();
  const columns = await types.query<{ table: string; column: string; type: string }>(
    `select table_name as table, column_name as column, data_type as type from information_schema.columns
     where table_schema = current_schema() and table_name not like 'kysely%'`,
  );
  await types.end();
  const sqlite = new SQLite(file);
  sqlite.pragma('foreign_keys = ON');
  const tables = [...new Set(columns.rows.map((c) => c.table))];
  const parentsOf = (table: string) =>
    sqlite.pragma(`foreign_key_list(${table})`) as { table: string; from: string; to: string }[];
  const ordered: string[] = [];
  const visit = (table: string) => {
    if (ordered.includes(table)) return;
    for (const parent of parentsOf(table)) if (parent.table !== table) visit(parent.table);
    ordered.push(table);
  };
  for (const table of tables) visit(table);
  for (const table of ordered) {
    const references = new Map(parentsOf(table).map((ref) => [ref.from, ref.table]));
    const count = table === 'audit_log' ? 1234 : 3;
    for (let i = 1; i <= count; i++) {
      const row: Row = {};
      for (const { column, type } of columns.rows.filter((c) => c.table === table)) {
        const parent = references.get(column);
        if (parent) row[column] = parent === table ? null : ((i - 1) % 3) * 10 + 10;
        else if (column === 'id' || column === 'adviser_id') row[column] = i * 10;
        else if (type.startsWith('timestamp'))
          row[column] = new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString();
        else if (type === 'integer' || type === 'bigint') row[column] = i;
        // Bytes (a cover image's) as bytes: a blob on SQLite, bytea on PostgreSQL.
        else if (type === 'bytea')
          row[column] = Buffer.from(`${table}.${column}.${i} \u0000\u00ff`, 'latin1');
        else row[column] = `${table}.${column}.${i} ann.lee@example.com ✓`;
      }
      const names = Object.keys(row);
      sqlite
        .prepare(`insert into ${table} (${names.join(', ')}) values (${names.map(() => '?').join(', ')})`)
        .run(...names.map((name) => row[name]));
    }
  }
  sqlite.close();
  return ordered;
}

/** Every row of every table, ordered, as the app reads them (timestamps as ISO text on both). */
async function contents(url: string, tables: string[]) {
  const db = createDatabase(loadConfig({ DATABASE_URL: url }).database);
  const all: Record<string, Row[]> = {};
  for (const table of tables) {
    // biome-ignore lint/suspicious/noExplicitAny: reads every table by name
    const rows: Row[] = await (db as any).selectFrom(table).selectAll().execute();
    const key = (row: Row) => JSON.stringify(Object.entries(row).sort());
    all[table] = rows.sort((a, b) => key(a).localeCompare(key(b)));
  }
  await db.destroy();
  return all;
}

describeOnPostgres('npm run db:copy', () => {
  const databases: TestDatabase[] = [];
  afterEach(async () => {
    for (const database of databases.splice(0)) await database.drop();
  });
  const fresh = async (kind: 'sqlite' | 'postgres') => {
    const database = await createTestDatabase(kind);
    databases.push(database);
    return database;
  };

  it('copies every row of every table into an empty PostgreSQL, ids kept, and new ids follow on', async () => {
    const source = await fresh('sqlite');
    const target = await fresh('postgres');
    const sourceDb = createDatabase(loadConfig({ DATABASE_URL: source.url }).database);
    await migrateToLatest(sourceDb);
    await sourceDb.destroy();
    // A scratch schema tells the filler each column's type.
    const scratch = await fresh('postgres');
    const scratchDb = createDatabase(loadConfig({ DATABASE_URL: scratch.url }).database);
    await migrateToLatest(scratchDb);
    await scratchDb.destroy();
    const tables = await fillEveryTable(sqliteFile(source), scratch.url);
    expect(tables.length).toBeGreaterThanOrEqual(20);

    const copied = await copyCommand('--from', source.url, '--to', target.url);
    expect(copied.stderr).toBe('');
    expect(copied.code).toBe(0);
    expect(copied.stdout).toContain('audit_log\t1234\n');
    expect(copied.stdout).toContain(`in ${tables.length} tables; each table's count matches the source.`);

    const before = await contents(source.url, tables);
    const after = await contents(target.url, tables);
    for (const table of tables) {
      expect(before[table]?.length, table).toBeGreaterThan(0);
      expect(after[table], table).toEqual(before[table]);
    }

    // The sequences carry on past the copied ids.
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    try {
      const { rows: serials } = await client.query<{ table: string; column: string }>(
        `select table_name as table, column_name as column from information_schema.columns
         where table_schema = current_schema() and column_default like 'nextval(%'`,
      );
      expect(serials.map((serial) => serial.table)).toEqual(expect.arrayContaining(['audit_log', 'users']));
      for (const { table, column } of serials) {
        const { rows } = await client.query<{ next: string; highest: number }>(
          `select nextval(pg_get_serial_sequence('${table}', '${column}')) as next,
             (select max(${column}) from ${table}) as highest`,
        );
        expect(Number(rows[0]?.next), table).toBe((rows[0]?.highest as number) + 1);
      }
    } finally {
      await client.end();
    }

    // Again, into the target that now holds the copy: refused, and nothing is added.
    const again = await copyCommand('--from', source.url, '--to', target.url);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/^Cannot copy: The target is not empty \(\w+ holds \d+ rows?\)/);
    expect((await contents(target.url, ['audit_log'])).audit_log).toHaveLength(1234);
  }, 120_000);

  it('refuses a source that does not exist, and a target that is not PostgreSQL', async () => {
    const target = await fresh('postgres');
    const missing = await copyCommand('--from', 'sqlite:/nonexistent/site.db', '--to', target.url);
    expect(missing).toMatchObject({ code: 1, stderr: 'Cannot copy: There is no /nonexistent/site.db.\n' });
    const toSqlite = await copyCommand('--from', 'sqlite:/nonexistent/site.db', '--to', 'sqlite:/tmp/x.db');
    expect(toSqlite.stderr).toMatch(/^Cannot copy: --to must be a PostgreSQL database/);
    expect((await copyCommand('--from', 'sqlite:x.db')).stderr).toMatch(
      /^Cannot copy: Usage: npm run db:copy/,
    );
  });

  it('leaves a target of another program’s as it was, refuses a source the site has open, and says a database’s refusal in one line', async () => {
    const source = await fresh('sqlite');
    const sourceDb = createDatabase(loadConfig({ DATABASE_URL: source.url }).database);
    await migrateToLatest(sourceDb);

    // The site (here, this process) has the source open.
    const inUse = await copyCommand('--from', source.url, '--to', (await fresh('postgres')).url);
    expect(inUse.code).toBe(1);
    expect(inUse.stderr).toMatch(/^Cannot copy: \S+ is in use: stop the site/);
    await sourceDb.destroy();

    const theirs = await fresh('postgres');
    const client = new pg.Client({ connectionString: theirs.url });
    await client.connect();
    const tablesOf = async () =>
      (
        await client.query<{ name: string }>(
          'select table_name as name from information_schema.tables where table_schema = current_schema() order by 1',
        )
      ).rows.map((row) => row.name);
    try {
      await client.query('create table stuff (note text)');
      const refused = await copyCommand('--from', source.url, '--to', theirs.url);
      expect(refused).toMatchObject({ code: 1 });
      expect(refused.stderr).toBe(
        'Cannot copy: The target holds tables of its own (stuff): copy only into a new, empty database.\n',
      );
      expect(await tablesOf()).toEqual(['stuff']);
    } finally {
      await client.end();
    }

    const wrongPassword = new URL(theirs.url);
    wrongPassword.password = 'not-the-password';
    const denied = await copyCommand('--from', source.url, '--to', wrongPassword.href);
    expect(denied.code).toBe(1);
    expect(denied.stderr).toMatch(
      /^Cannot copy: password authentication failed for user "\w+"\. Nothing was kept in the target\.\n$/,
    );
  });
});

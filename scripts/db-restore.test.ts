import { copyFileSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { createDatabase } from '#server/db/database.ts';
import { migrateToLatest, migrationNames } from '#server/db/migrate.ts';
import { checkRestorable } from '#server/db/sqlite-backup.ts';
import { databaseCommand } from '#tests/support/database-commands.ts';

let dir: string;
let database: string;
const url = () => `sqlite:${database}`;

/** The practice-site database in `file`, migrated, with one subscriber. */
async function siteDatabase(file: string, email: string) {
  const db = createDatabase(loadConfig({ DATABASE_URL: `sqlite:${file}` }).database);
  await migrateToLatest(db);
  await db
    .insertInto('subscribers')
    .values({ email, status: 'pending', unsubscribe_token_hash: email, created_at: new Date().toISOString() })
    .execute();
  await db.destroy();
}

const subscribersIn = (file: string) => {
  const db = new SQLite(file, { readonly: true });
  try {
    return db.prepare('select email from subscribers').pluck().all();
  } finally {
    db.close();
  }
};

beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'db-restore-'));
  database = path.join(dir, 'data', 'site.db');
  await siteDatabase(database, 'current@example.com');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('npm run db:backup and db:restore on SQLite', () => {
  it('backs up to a new file only readable by its owner, and restores it over the database', async () => {
    const backup = path.join(dir, 'backup.db');
    const backedUp = await databaseCommand('backup', url(), backup);
    expect(backedUp).toMatchObject({
      code: 0,
      stdout: `Database: sqlite:${database}\nBacked up ${database} to ${backup}\n`,
    });
    expect(statSync(backup).mode & 0o777).toBe(0o600);

    // A backup never overwrites a file, the database itself least of all.
    const again = await databaseCommand('backup', url(), database);
    expect(again.code).toBe(1);
    expect(again.stderr).toBe(`Cannot back up: ${database} already exists; give the backup a new name\n`);

    const other = path.join(dir, 'other', 'site.db');
    const restored = await databaseCommand('restore', `sqlite:${other}`, backup);
    expect(restored).toMatchObject({
      code: 0,
      stdout: `Database: sqlite:${other}\nRestored ${other} from ${backup} (at migration ${migrationNames.at(-1)}).\n`,
    });
    expect(subscribersIn(other)).toEqual(['current@example.com']);
    expect(statSync(other).mode & 0o777).toBe(0o600);
  });

  it('refuses a file that is not a database, and leaves the database as it was', async () => {
    const text = path.join(dir, 'notes.txt');
    writeFileSync(text, 'not a database at all\n'.repeat(500));
    const before = readFileSync(database);
    const refused = await databaseCommand('restore', url(), text);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(`Cannot restore: ${text} is not an SQLite database\n`);
    expect(readFileSync(database).equals(before)).toBe(true);
    expect(subscribersIn(database)).toEqual(['current@example.com']);
  });

  it("refuses another program's SQLite database, and one made by a newer version of the site", async () => {
    const foreign = path.join(dir, 'foreign.db');
    const other = new SQLite(foreign);
    other.exec('create table notes (text)');
    other.close();
    const refused = await databaseCommand('restore', url(), foreign);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      `Cannot restore: ${foreign} is not a practice-site database: it has no record of the site's migrations\n`,
    );

    const newer = path.join(dir, 'newer.db');
    await siteDatabase(newer, 'future@example.com');
    const db = new SQLite(newer);
    db.prepare('insert into kysely_migration (name, timestamp) values (?, ?)').run(
      '999-from-the-future',
      new Date().toISOString(),
    );
    db.close();
    const tooNew = await databaseCommand('restore', url(), newer);
    expect(tooNew.code).toBe(1);
    expect(tooNew.stderr).toContain('was made by a newer version of practice-site');
    expect(tooNew.stderr).toContain('999-from-the-future');
    expect(subscribersIn(database)).toEqual(['current@example.com']);
  });

  it('refuses a backup holding a trigger or a view the migrations do not make, naming each', async () => {
    // A trigger that copies every new subscriber's address into a table of its own, and a view over them.
    const tapped = path.join(dir, 'tapped.db');
    await siteDatabase(tapped, 'backed-up@example.com');
    const file = new SQLite(tapped);
    file.exec(`create table copied (email text);
      create trigger copy_subscribers after insert on subscribers begin
        insert into copied values (new.email);
      end;`);
    file.close();
    const viewed = path.join(dir, 'viewed.db');
    await siteDatabase(viewed, 'backed-up@example.com');
    const other = new SQLite(viewed);
    other.exec('create view everyone as select email from subscribers');
    other.close();
    const before = readFileSync(database);

    const refused = await databaseCommand('restore', url(), tapped);
    expect(refused).toMatchObject({ code: 1, stdout: `Database: sqlite:${database}\n` });
    expect(refused.stderr).toBe(
      `Cannot restore: ${tapped} holds objects this version's migrations do not make (table copied, trigger copy_subscribers): restore a backup made by db:backup, or remove them first\n`,
    );
    const view = await databaseCommand('restore', url(), viewed);
    expect(view.code).toBe(1);
    expect(view.stderr).toBe(
      `Cannot restore: ${viewed} holds objects this version's migrations do not make (view everyone): restore a backup made by db:backup, or remove them first\n`,
    );
    expect(readFileSync(database).equals(before)).toBe(true);
    expect(subscribersIn(database)).toEqual(['current@example.com']);
  });

  // Written straight into the schema table, as a file edited with SQLite's writable_schema can be: names
  // that look like SQLite's own, and a constraint added to one of our tables.
  it.each([
    [
      'a trigger named as SQLite names its own',
      `insert into sqlite_master (type, name, tbl_name, rootpage, sql) values ('trigger', 'sqlite_evil',
        'enquiries', 0, 'CREATE TRIGGER sqlite_evil AFTER INSERT ON enquiries BEGIN UPDATE users SET role = ''owner''; END')`,
      'trigger sqlite_evil',
    ],
    [
      'a view named as SQLite names its own',
      `insert into sqlite_master (type, name, tbl_name, rootpage, sql) values ('view', 'sqlite_v', 'sqlite_v',
        0, 'CREATE VIEW sqlite_v AS SELECT email FROM subscribers')`,
      'view sqlite_v',
    ],
    [
      'a trigger named as an automatic index',
      `insert into sqlite_master (type, name, tbl_name, rootpage, sql) values ('trigger',
        'sqlite_autoindex_enquiries_9', 'enquiries', 0,
        'CREATE TRIGGER sqlite_autoindex_enquiries_9 AFTER INSERT ON enquiries BEGIN SELECT 1; END')`,
      'trigger sqlite_autoindex_enquiries_9',
    ],
    [
      'statistics that steer the query planner',
      "create table sqlite_stat1 (tbl, idx, stat); insert into sqlite_stat1 values ('enquiries', null, '1')",
      'table sqlite_stat1',
    ],
    [
      'one of our tables with a CHECK added',
      `update sqlite_master set sql = substr(sql, 1, length(sql) - 1) || ', CHECK (length(message) < 10))'
        where name = 'enquiries' and type = 'table'`,
      'table enquiries',
    ],
  ])('refuses a backup holding %s', async (_, statements, named) => {
    const tampered = path.join(dir, 'tampered.db');
    await siteDatabase(tampered, 'backed-up@example.com');
    const file = new SQLite(tampered);
    file.unsafeMode(true);
    file.pragma('writable_schema = ON');
    file.exec(statements);
    file.pragma('writable_schema = OFF');
    file.close();
    await expect(checkRestorable(tampered)).rejects.toThrow(`(${named})`);
  });

  it('refuses such a backup with --force over a database in use, which keeps no trigger', async () => {
    const tapped = path.join(dir, 'tapped.db');
    await siteDatabase(tapped, 'backed-up@example.com');
    const file = new SQLite(tapped);
    file.exec(`create trigger forget_subscribers after insert on subscribers begin
        delete from subscribers where id = new.id;
      end;
      create index subscribers_by_address on subscribers (email, status)`);
    file.close();
    // Held open as the running site holds it.
    const site = createDatabase(loadConfig({ DATABASE_URL: url() }).database);
    try {
      const refused = await databaseCommand('restore', url(), tapped, '--force');
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('(index subscribers_by_address, trigger forget_subscribers)');
      await site
        .insertInto('subscribers')
        .values({
          email: 'later@example.com',
          status: 'pending',
          unsubscribe_token_hash: 'later',
          created_at: '2026-11-01',
        })
        .execute();
      const emails = await site.selectFrom('subscribers').select('email').orderBy('email').execute();
      expect(emails.map((row) => row.email)).toEqual(['current@example.com', 'later@example.com']);
    } finally {
      await site.destroy();
    }
  });

  it("replaces the database whole, and removes the old one's -wal and -shm files", async () => {
    const backup = path.join(dir, 'backup.db');
    copyFileSync(database, backup);
    await siteDatabase(database, 'later@example.com');
    // Log files a crashed process left: SQLite would replay a real one into whatever file has the name.
    writeFileSync(`${database}-wal`, 'stale log');
    writeFileSync(`${database}-shm`, 'stale index');
    const restored = await databaseCommand('restore', url(), backup);
    expect(restored.code).toBe(0);
    expect(() => statSync(`${database}-wal`)).toThrow();
    expect(() => statSync(`${database}-shm`)).toThrow();
    expect(subscribersIn(database)).toEqual(['current@example.com']);
  });
});

describe('npm run db:backup and db:restore on PostgreSQL', () => {
  const postgres = 'postgres://site:s3cret-pass@db.internal:5432/practice_site';
  for (const command of ['backup', 'restore'] as const) {
    it(`db:${command} says how to use pg_dump and pg_restore, without the password, and exits 1`, async () => {
      const result = await databaseCommand(command, postgres, 'site.dump');
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('postgres://site@db.internal:5432/practice_site');
      expect(result.stderr).toContain(
        'pg_dump --format=custom --file=site.dump --dbname="${DATABASE_URL:?load .env first}"',
      );
      expect(result.stderr).toContain(
        'pg_restore --no-owner --exit-on-error --dbname="${DATABASE_URL:?load .env first}" site.dump',
      );
      // The shell has no DATABASE_URL of its own: the advice loads the site's settings into it.
      expect(result.stderr).toContain('  set -a; . ./.env; set +a');
      expect(result.stdout + result.stderr).not.toContain('s3cret');
    });
  }
});

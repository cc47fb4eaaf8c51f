import { randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { createDatabase } from './database.ts';
import { DatabaseInUse, tryExclusiveLock } from './in-use-lock.ts';
import { migrateToLatest, migrationNames } from './migrate.ts';
import { migratedSchema, objectsNotMigrated, objectsStatement, schemaObjects } from './schema-objects.ts';

/** A file `db:restore` will not put in place, with the reason in words. */
export class NotRestorable extends Error {
  override name = 'NotRestorable';
}

/**
 * Copies the database in `source` to a new file beside `target`, 0600 from the start like the database
 * itself. The copy is SQLite's online backup, taken in one step: one read transaction, so it is the
 * database as it stood at one instant however many writes the site makes meanwhile (in WAL mode a reader
 * holds up no writer). Copying in small steps instead would start over each time the site wrote, and
 * might never finish under steady traffic. Returns the new file's name.
 */
async function copyBeside(source: string, target: string) {
  const partial = `${target}.partial-${randomBytes(4).toString('hex')}`;
  closeSync(openSync(partial, 'wx', 0o600));
  let db: SQLite.Database | undefined;
  try {
    db = new SQLite(source, { readonly: true, fileMustExist: true });
    await db.backup(partial, { progress: () => 0x7fffffff });
    // The copy takes the source's WAL mode, in which even reading it makes -wal and -shm files beside it
    // (and fails in a folder the reader may not write). A rollback journal keeps it one self-contained
    // file; the site turns WAL back on when it opens a restored database.
    const copy = new SQLite(partial, { fileMustExist: true });
    copy.pragma('journal_mode = DELETE');
    copy.close();
    syncFile(partial);
    return partial;
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  } finally {
    db?.close();
  }
}

/**
 * Writes a consistent copy of the SQLite database `source` to `target`, which must not exist yet: the
 * copy appears under that name whole or not at all, and never replaces another file (the database
 * itself, or another instance's backup of the same day).
 */
export async function backupSqlite(source: string, target: string): Promise<void> {
  if (!existsSync(source)) throw new Error(`There is no database at ${source}`);
  if (existsSync(target)) throw new Error(`${target} already exists; give the backup a new name`);
  const partial = await copyBeside(source, target);
  try {
    linkSync(partial, target);
    syncFile(path.dirname(target));
  } finally {
    rmSync(partial, { force: true });
  }
}

/**
 * Checks that `file` is a sound practice-site SQLite database that this version can run: its migrations
 * are all ones this version knows, and its schema is exactly what they make. Answers the last of them; a
 * database older than this version is brought up to date when the site starts on it.
 *
 * A trigger, view or table that someone added to the file would come back with it and run inside the
 * site (a trigger copying every new lead elsewhere, say), so a file holding any object the migrations do
 * not make is refused, naming each.
 */
export async function checkRestorable(file: string): Promise<{ migration: string }> {
  if (!existsSync(file) || !statSync(file).isFile()) throw new NotRestorable(`There is no file at ${file}`);
  let db: SQLite.Database | undefined;
  try {
    db = new SQLite(file, { readonly: true, fileMustExist: true });
    const hasMigrations = db
      .prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'")
      .get();
    if (!hasMigrations) {
      throw new NotRestorable(
        `${file} is not a practice-site database: it has no record of the site's migrations`,
      );
    }
    const applied = db.prepare('select name from kysely_migration').pluck().all() as string[];
    const unknown = applied.filter((name) => !migrationNames.includes(name));
    if (unknown.length > 0) {
      throw new NotRestorable(
        `${file} was made by a newer version of practice-site (it has migration ${unknown.join(', ')}, unknown to this one): upgrade the site before restoring it`,
      );
    }
    const migration = migrationNames.filter((name) => applied.includes(name)).at(-1);
    if (migration === undefined)
      throw new NotRestorable(`${file} is not a practice-site database: no migration was applied to it`);
    const problems = db.pragma('integrity_check', { simple: true });
    if (problems !== 'ok') throw new NotRestorable(`${file} is damaged: ${problems}`);
    const backup = db;
    const actual = await schemaObjects({
      objects: () => backup.prepare(objectsStatement).all() as Record<string, unknown>[],
      columns: (table) =>
        backup.prepare('select * from pragma_table_xinfo(?)').all(table) as Record<string, unknown>[],
    });
    const foreign = objectsNotMigrated(actual, await migratedSchema(migration));
    if (foreign.length > 0) {
      throw new NotRestorable(
        `${file} holds objects this version's migrations do not make (${foreign.join(', ')}): restore a backup made by db:backup, or remove them first`,
      );
    }
    return { migration };
  } catch (error) {
    if (error instanceof NotRestorable) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT') {
      throw new NotRestorable(`${file} is not an SQLite database`);
    }
    throw error;
  } finally {
    db?.close();
  }
}

export interface RestoreResult {
  migration: string;
  /** True when the database was in use and `force` put the backup in place all the same. */
  forced: boolean;
}

/**
 * Puts the backup `file` in place as the database `target`. Refuses while another process has the
 * database open (the running site holds a lock on it), unless `force`. Atomic: the backup is copied
 * beside the database first and then renamed over it, so a crash at any point leaves either the old
 * database or the restored one, whole. The old database's -wal and -shm go first, since SQLite would
 * otherwise replay the old log into the restored file.
 *
 * With `force` over a database in use, renaming would leave the running site writing to the old file,
 * no longer on disk, and losing all it acknowledged from then on; so the backup is written into the
 * database itself by SQLite's backup API, as one transaction that every open connection then sees.
 */
export async function restoreSqlite(
  file: string,
  target: string,
  { force = false }: { force?: boolean } = {},
): Promise<RestoreResult> {
  const { migration } = await checkRestorable(file);
  if (existsSync(target) && realpathSync(file) === realpathSync(target)) {
    throw new NotRestorable(`${file} is the database itself`);
  }
  mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
  const lock = tryExclusiveLock(target);
  if (!lock && !force) {
    throw new DatabaseInUse(
      `The database at ${target} is in use (the site, or a command such as db:migrate, has it open). Stop the site and try again; --force restores it all the same, writing the backup into the database the site has open`,
    );
  }
  if (!lock) {
    await copyInto(file, target);
    return { migration, forced: true };
  }
  try {
    const partial = await copyBeside(file, target);
    try {
      // Nobody has the old database open: copy its log into it first, so that a crash before the rename
      // leaves it as it was, not without its latest writes.
      if (existsSync(target)) checkpoint(target);
      for (const part of ['-wal', '-shm', '-journal']) rmSync(`${target}${part}`, { force: true });
      renameSync(partial, target);
      syncFile(path.dirname(target));
    } finally {
      rmSync(partial, { force: true });
    }
    return { migration, forced: false };
  } finally {
    lock.release();
  }
}

/**
 * Writes the database `source` over the open database `target`, in one transaction, then brings it up
 * to this version's migrations as a start would: the running site, not restarting, would otherwise go
 * on with an older backup's tables.
 */
async function copyInto(source: string, target: string) {
  const backup = new SQLite(source, { readonly: true, fileMustExist: true });
  try {
    await backup.backup(target, { progress: () => 0x7fffffff });
  } finally {
    backup.close();
  }
  const db = createDatabase({ kind: 'sqlite', file: target });
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
}

function checkpoint(file: string) {
  try {
    const db = new SQLite(file, { fileMustExist: true });
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
  } catch {
    // An old database too damaged to open is replaced all the same: that may be why it is restored.
  }
}

/** Flushes a file, or a folder's list of names after a rename, to the disk. */
function syncFile(file: string) {
  const fd = openSync(file, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresAdapter, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { DatabaseTarget } from '../config.ts';
import { holdSharedLock } from './in-use-lock.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

/** How long an SQLite statement waits for another process's lock before it fails. */
const busyTimeoutMs = 5000;

// PostgreSQL hands back Date objects and int8 strings; the app works in ISO strings and numbers on
// both dialects, so the parsers are set once for the process.
pg.types.setTypeParser(pg.types.builtins.TIMESTAMPTZ, (value) => new Date(value).toISOString());
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/**
 * `onConnectionLost` hears of a PostgreSQL connection that broke (the server restarted, the network
 * dropped it). The query on it fails and the pool replaces it; without a listener on every connection,
 * idle or in use, node-postgres would raise the error as an uncaught exception and end the process.
 */
export function createDatabase(
  target: DatabaseTarget,
  onConnectionLost: (error: Error) => void = () => {},
): Db {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 10, connectionTimeoutMillis: 5000 });
    pool.on('connect', (client) => client.on('error', onConnectionLost));
    pool.on('error', () => {}); // an idle connection's error, already heard by its own listener above
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  if (target.file !== ':memory:') keepToOwner(target.file);
  // Tells `db:restore` the database is in use until this process closes it (or dies).
  const inUse = target.file === ':memory:' ? undefined : holdSharedLock(target.file);
  const sqlite = new SQLite(target.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${busyTimeoutMs}`);
  // Deleted and overwritten rows are zeroed on disk rather than left in free space, so an erased person
  // or a sent email's link cannot be read back from the file (see forgetOverwrittenBytes for the WAL).
  sqlite.pragma('secure_delete = ON');
  const database = withStatementCache(sqlite, () => inUse?.release());
  return new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
}

/**
 * The database file holds names, addresses and notes, so only the site's own user may read it: a new
 * folder is made 0700 and the file 0600 before SQLite opens it (SQLite gives its -wal and -shm files the
 * database file's mode), and a file some earlier tool left readable to others is narrowed to 0600.
 */
function keepToOwner(file: string) {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  closeSync(openSync(file, 'a', 0o600));
  for (const part of [file, `${file}-wal`, `${file}-shm`]) {
    if (existsSync(part) && (statSync(part).mode & 0o077) !== 0) chmodSync(part, 0o600);
  }
}

const unfinishedCheckpoints = new WeakSet<Db>();

/**
 * SQLite: copies the write-ahead log into the database file and truncates the log to nothing. Old versions
 * of rows live on in the log's frames (even after a checkpoint, until they are written over), so after an
 * erasure or after clearing sent emails this is what leaves no copy in either file, nor in a backup of
 * them. It does not wait: false when another process's open read or write kept it from finishing, where
 * waiting would stall this process, since SQLite calls are synchronous; the mail worker then calls it
 * again at each poll until it finishes (checkpointOwed).
 * PostgreSQL keeps old row versions until it vacuums them and in its own log: nothing to do from here.
 */
export async function forgetOverwrittenBytes(db: Db): Promise<boolean> {
  if (isPostgres(db)) return true;
  const done = await db.connection().execute(async (connection) => {
    await sql`pragma busy_timeout = 0`.execute(connection);
    try {
      const { rows } = await sql<{ busy: number }>`pragma wal_checkpoint(TRUNCATE)`.execute(connection);
      return rows[0]?.busy === 0;
    } finally {
      await sql`pragma busy_timeout = ${sql.raw(String(busyTimeoutMs))}`.execute(connection);
    }
  });
  if (done) unfinishedCheckpoints.delete(db);
  else unfinishedCheckpoints.add(db);
  return done;
}

/** Whether the last forgetOverwrittenBytes on this database could not finish. */
export const checkpointOwed = (db: Db) => unfinishedCheckpoints.has(db);

/**
 * Kysely prepares every query afresh, and preparing costs more than running most of ours; the site runs a
 * few hundred distinct statements, so each is prepared once and kept. (Kysely runs one query at a time on
 * the connection, so a kept statement is never in use twice at once.)
 */
function withStatementCache(sqlite: SQLite.Database, afterClose: () => void, limit = 500) {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close() {
      sqlite.close();
      afterClose();
    },
    prepare(text: string) {
      let statement = statements.get(text);
      if (!statement) {
        statement = sqlite.prepare(text);
        if (statements.size >= limit) statements.delete(statements.keys().next().value as string);
        statements.set(text, statement);
      }
      return statement;
    },
  };
}

// biome-ignore lint/suspicious/noExplicitAny: works on any schema, including the untyped one migrations get
export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

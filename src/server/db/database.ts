import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresAdapter, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { DatabaseTarget } from '../config.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

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
  if (target.file !== ':memory:') mkdirSync(path.dirname(target.file), { recursive: true });
  const sqlite = new SQLite(target.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
}

/**
 * Kysely prepares every query afresh, and preparing costs more than running most of ours; the site runs a
 * few hundred distinct statements, so each is prepared once and kept. (Kysely runs one query at a time on
 * the connection, so a kept statement is never in use twice at once.)
 */
function withStatementCache(sqlite: SQLite.Database, limit = 500) {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
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

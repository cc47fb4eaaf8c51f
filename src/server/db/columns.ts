import type { CreateTableBuilder, Kysely } from 'kysely';
import { isPostgres } from './database.ts';

// The few places where one set of migrations has to speak two dialects.

/** An auto-incrementing integer primary key named `id`. */
export function withId<T extends string>(db: Kysely<unknown>, table: CreateTableBuilder<T, never>) {
  return isPostgres(db)
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/** A point in time: timestamptz on PostgreSQL, ISO-8601 text on SQLite (which sorts correctly). */
export function timestampType(db: Kysely<unknown>) {
  return isPostgres(db) ? 'timestamptz' : 'text';
}

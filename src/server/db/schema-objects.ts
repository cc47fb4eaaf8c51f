import { sql } from 'kysely';
import { createDatabase } from './database.ts';
import { migrateTo } from './migrate.ts';

type Row = Record<string, unknown>;

const oneLine = (statement: unknown) => String(statement ?? '').replace(/\s+/g, ' ');

/** Reads one SQLite schema: its objects (from sqlite_master) and a table's columns. */
export interface SchemaReader {
  objects(): Row[] | Promise<Row[]>;
  columns(table: string): Row[] | Promise<Row[]>;
}

/**
 * Every row of the schema, SQLite's own included: a name starting `sqlite_` is no promise that SQLite
 * made the object (a file edited with `writable_schema` can hold a trigger or view so named), so those
 * are compared as any other. The automatic indexes and `sqlite_sequence` that the migrations' tables
 * bring are in the scratch database too; `sqlite_stat1` is not (the site never runs ANALYZE).
 */
export const objectsStatement = 'select type, name, tbl_name, sql from sqlite_master order by type, name';

/**
 * Every object in an SQLite schema, each as "type name" with what defines it: a table's columns (their
 * names, types, defaults and whether they are generated) and the statement that made it (its constraints:
 * a CHECK added to one of ours is a change), or the statement that made an index, trigger or view.
 */
export async function schemaObjects(reader: SchemaReader): Promise<Map<string, string>> {
  const objects = new Map<string, string>();
  for (const row of await reader.objects()) {
    const key = `${row.type} ${row.name}`;
    if (row.type === 'table') {
      const columns = await reader.columns(String(row.name));
      objects.set(key, `${JSON.stringify(columns)} ${oneLine(row.sql)}`);
    } else {
      objects.set(key, `${row.tbl_name} ${oneLine(row.sql)}`);
    }
  }
  return objects;
}

/**
 * The schema this version's migrations make, up to and including `migration`, in a scratch database in
 * memory: what a backup at that migration must hold, and no more.
 */
export async function migratedSchema(migration: string): Promise<Map<string, string>> {
  const db = createDatabase({ kind: 'sqlite', file: ':memory:' });
  try {
    await migrateTo(db, migration);
    return await schemaObjects({
      objects: async () => (await sql<Row>`${sql.raw(objectsStatement)}`.execute(db)).rows,
      columns: async (table) => (await sql<Row>`select * from pragma_table_xinfo(${table})`.execute(db)).rows,
    });
  } finally {
    await db.destroy();
  }
}

/**
 * The objects in `actual` that the migrations did not make as they stand there: added triggers, views,
 * tables and indexes, and ours redefined (a table with other columns, an index on something else).
 */
export function objectsNotMigrated(actual: Map<string, string>, migrated: Map<string, string>): string[] {
  return [...actual].filter(([key, definition]) => migrated.get(key) !== definition).map(([key]) => key);
}

import { existsSync, readFileSync } from 'node:fs';
import { sql } from 'kysely';
import type { Db } from '#server/db/database.ts';
import { isPostgres } from '#server/db/database.ts';

// Looking for what must not be kept (a link's token, an erased person) everywhere a database could hold it.

/** Every `table.column` of the app's own tables whose text contains one of `needles`, in any case. */
export async function columnsHolding(db: Db, needles: string[]): Promise<string[]> {
  const schema = isPostgres(db)
    ? (await sql<{ name: string }>`select current_schema() as name`.execute(db)).rows[0]?.name
    : undefined;
  const tables = (await db.introspection.getTables()).filter((table) => table.schema === schema);
  if (tables.length === 0) throw new Error('No tables found to search');
  const patterns = needles.map((needle) => `%${needle.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`);
  const found: string[] = [];
  for (const table of tables) {
    for (const column of table.columns) {
      const text = sql`lower(cast(${sql.ref(column.name)} as text))`;
      const matches = patterns.map((pattern) => sql`${text} like ${pattern} escape '\\'`);
      const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(
        table.name,
      )} where ${sql.join(matches, sql` or `)}`.execute(db);
      if (Number(rows[0]?.n) > 0) found.push(`${table.name}.${column.name}`);
    }
  }
  return found;
}

/**
 * Which of `needles` an SQLite database's files hold as bytes, in any case: the file itself and its
 * write-ahead log, which is what a copy of the files (a backup) would contain, free pages and old row
 * versions included.
 */
export function rawFilesHolding(databaseUrl: string, needles: string[]): string[] {
  const file = databaseUrl.replace(/^sqlite:/, '');
  const contents = [file, `${file}-wal`]
    .filter((path) => existsSync(path))
    .map((path) => readFileSync(path).toString('latin1').toLowerCase());
  if (contents.length === 0) throw new Error(`No database file at ${file}`);
  return needles.filter((needle) => contents.some((content) => content.includes(needle.toLowerCase())));
}

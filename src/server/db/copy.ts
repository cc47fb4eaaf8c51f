import { type Kysely, sql } from 'kysely';
import { type Db, isPostgres } from './database.ts';
import { migrateToLatest } from './migrate.ts';

// Moving a site from its SQLite file to PostgreSQL: every table copied row for row, ids kept, so that
// links, references and the audit trail mean the same on the new database.

// biome-ignore lint/suspicious/noExplicitAny: copies whatever tables the migrations made, by name
type AnyDb = Kysely<any>;

export class CopyRefused extends Error {}

export interface CopiedTable {
  table: string;
  rows: number;
}

/** Rows sent in one insert; PostgreSQL takes at most 65,535 values in one statement. */
const rowsPerBatch = (columns: number) => Math.max(1, Math.min(500, Math.floor(60_000 / columns)));

interface TargetTable {
  name: string;
  /** Orders the rows, so that a row referring to an older one in its own table comes after it. */
  keyColumns: string[];
  /** Columns filled from a sequence (`serial`), which must continue after the copied ids. */
  serialColumns: string[];
}

/**
 * The target's tables (besides Kysely's own), each after every table it refers to, with the columns
 * that order its rows and those a sequence fills.
 */
async function targetTables(to: AnyDb): Promise<TargetTable[]> {
  const tables = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'
      and table_name not like 'kysely\\_%'
    order by table_name`.execute(to);
  const references = await sql<{ from: string; to: string }>`
    select c.conrelid::regclass::text as "from", c.confrelid::regclass::text as "to"
    from pg_constraint c where c.contype = 'f' and c.connamespace = current_schema()::regnamespace`.execute(
    to,
  );
  const keys = await sql<{ table: string; column: string }>`
    select k.table_name as "table", k.column_name as "column"
    from information_schema.table_constraints t
    join information_schema.key_column_usage k
      on k.constraint_name = t.constraint_name and k.table_schema = t.table_schema
    where t.table_schema = current_schema() and t.constraint_type = 'PRIMARY KEY'
    order by k.table_name, k.ordinal_position`.execute(to);
  const serials = await sql<{ table: string; column: string }>`
    select table_name as "table", column_name as "column" from information_schema.columns
    where table_schema = current_schema() and column_default like 'nextval(%'`.execute(to);

  const unquoted = (name: string) => name.replace(/^.*\./, '').replaceAll('"', '');
  const parents = new Map<string, Set<string>>();
  for (const { from, to: parent } of references.rows) {
    if (unquoted(from) === unquoted(parent)) continue;
    parents.set(unquoted(from), (parents.get(unquoted(from)) ?? new Set()).add(unquoted(parent)));
  }
  const ordered: string[] = [];
  const visit = (name: string, path: string[]) => {
    if (ordered.includes(name)) return;
    if (path.includes(name)) throw new Error(`Tables refer to each other in a ring: ${path.join(' → ')}`);
    for (const parent of parents.get(name) ?? []) visit(parent, [...path, name]);
    ordered.push(name);
  };
  for (const { name } of tables.rows) visit(name, []);
  return ordered.map((name) => ({
    name,
    keyColumns: keys.rows.filter((key) => key.table === name).map((key) => key.column),
    serialColumns: serials.rows.filter((serial) => serial.table === name).map((serial) => serial.column),
  }));
}

const rowsPerPage = 500;

/**
 * A table's rows in pages, in key order: each page starts after the last key of the one before, so a
 * large table costs one index seek per page rather than rereading every row it skips. A table without a
 * key (adviser_busy: busy times copied from calendars, small and read again at each sync) is paged by
 * offset, which the source's one read transaction keeps consistent.
 */
async function* pagesOf(source: AnyDb, table: TargetTable) {
  const keys = table.keyColumns;
  let after: Record<string, unknown> | undefined;
  for (let offset = 0; ; offset += rowsPerPage) {
    let query = source.selectFrom(table.name).selectAll().limit(rowsPerPage);
    if (keys.length === 0) query = query.orderBy(sql`1`).offset(offset);
    for (const column of keys) query = query.orderBy(column as never);
    const last = after;
    if (last && keys.length > 0) {
      query = query.where(
        sql<boolean>`(${sql.join(keys.map((key) => sql.ref(key)))}) > (${sql.join(keys.map((key) => last[key]))})`,
      );
    }
    const rows: Record<string, unknown>[] = await query.execute();
    if (rows.length === 0) return;
    yield rows;
    after = rows.at(-1);
  }
}

const countOf = async (db: AnyDb, table: string) =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Kysely's record of the migrations applied, and ours of which version applied them. */
const isMigrationRecord = (table: string) => table.startsWith('kysely_') || table === 'site_upgrades';

/**
 * Refuses a target holding any row, or any table of another program's (tables but no record of this
 * site's migrations): the copy goes only into a new, empty database, or one this site made and never used.
 */
async function refuseUnlessEmpty(to: AnyDb) {
  const { rows: tables } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'
    order by table_name`.execute(to);
  const names = tables.map((table) => table.name);
  if (names.length > 0 && !names.includes('kysely_migration')) {
    throw new CopyRefused(
      `The target holds tables of its own (${names.slice(0, 3).join(', ')}${names.length > 3 ? '…' : ''}): copy only into a new, empty database.`,
    );
  }
  for (const name of names.filter((name) => !isMigrationRecord(name))) {
    const rows = await countOf(to, name);
    if (rows > 0) {
      throw new CopyRefused(
        `The target is not empty (${name} holds ${rows} ${rows === 1 ? 'row' : 'rows'}): copy only into a new, empty database.`,
      );
    }
  }
}

/**
 * Copies every table of `from` into the PostgreSQL database `to`, which is migrated first and must hold no
 * rows: in one transaction on each side (the source read as it stood when the copy began; the target
 * all or nothing), parents before the rows that refer to them, in batches, ids kept. Then each sequence is
 * moved past the highest id copied, so the next row gets a new one, and every table's count is checked
 * against the source's. `from` is migrated too, as the site would be when it next starts.
 */
export async function copyDatabase(
  from: Db,
  to: Db,
  onTable: (copied: CopiedTable) => void = () => {},
): Promise<CopiedTable[]> {
  if (!isPostgres(to)) throw new CopyRefused('The target must be a PostgreSQL database (postgres://…).');
  // Checked before the target is migrated, so that a target refused is left exactly as it was.
  await refuseUnlessEmpty(to);
  await migrateToLatest(from);
  await migrateToLatest(to);
  const tables = await targetTables(to);
  return (from as AnyDb).transaction().execute((source) =>
    (to as AnyDb).transaction().execute(async (target) => {
      // The site's history of upgrades is the source's; migrating the target just now noted one of its own.
      await target.deleteFrom('site_upgrades').execute();
      const copied: CopiedTable[] = [];
      for (const table of tables) {
        const expected = await countOf(source, table.name);
        for await (const rows of pagesOf(source, table)) {
          const batch = rowsPerBatch(Object.keys(rows[0] as object).length);
          for (let at = 0; at < rows.length; at += batch) {
            await target
              .insertInto(table.name)
              .values(rows.slice(at, at + batch))
              .execute();
          }
        }
        for (const column of table.serialColumns) {
          await sql`select setval(pg_get_serial_sequence(${table.name}, ${column}),
            coalesce((select max(${sql.ref(column)}) from ${sql.table(table.name)}), 0) + 1, false)`.execute(
            target,
          );
        }
        const rows = await countOf(target, table.name);
        if (rows !== expected) {
          throw new Error(`${table.name}: copied ${rows} rows of ${expected}; nothing was kept.`);
        }
        copied.push({ table: table.name, rows });
        onTable({ table: table.name, rows });
      }
      return copied;
    }),
  );
}

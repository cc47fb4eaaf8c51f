import { type Kysely, sql } from 'kysely';
import { siteVersion } from '../release.ts';
import { isPostgres } from './database.ts';

// What each run of migrations leaves behind, and what a version rolled back onto a database a later
// version migrated says instead of starting (docs/operations.md, "Rolling back").

// biome-ignore lint/suspicious/noExplicitAny: reads Kysely's own table and ours before they may exist
type AnyDb = Kysely<any>;

/**
 * The exit status of a start or a command refused for good: systemd's unit does not restart on it
 * (RestartPreventExitStatus), since starting again would be refused again. 78 is EX_CONFIG in sysexits.h.
 */
export const refusedForGoodExitStatus = 78;

/** The database has migrations this code does not know: a later version applied them. */
export class DatabaseNewerThanCode extends Error {
  override name = 'DatabaseNewerThanCode';
}

async function tableExists(db: AnyDb, table: string): Promise<boolean> {
  const { rows } = isPostgres(db)
    ? await sql`select 1 from information_schema.tables where table_schema = current_schema() and table_name = ${table}`.execute(
        db,
      )
    : await sql`select 1 from sqlite_master where type = 'table' and name = ${table}`.execute(db);
  return rows.length > 0;
}

/** The migrations the database has, and those of `known` it has not. */
export async function migrationState(
  db: AnyDb,
  known: readonly string[],
): Promise<{ applied: string[]; pending: string[] }> {
  const applied = (await tableExists(db, 'kysely_migration'))
    ? (await db.selectFrom('kysely_migration').select('name').execute()).map((row) => row.name as string)
    : [];
  return { applied, pending: known.filter((name) => !applied.includes(name)) };
}

/** A version as a release names it (1.1.0, 1.1.0-dev): what a refusal may repeat from the database. */
const releaseVersion = /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]{1,20})?$/;

/** Refuses, in one line naming the version that made them, a database with migrations `known` lacks. */
export async function refuseNewerDatabase(db: AnyDb, known: readonly string[]): Promise<void> {
  const { applied } = await migrationState(db, known);
  if (applied.every((name) => known.includes(name))) return;
  const last = (await tableExists(db, 'site_upgrades'))
    ? await db.selectFrom('site_upgrades').select('version').orderBy('id', 'desc').limit(1).executeTakeFirst()
    : undefined;
  const recorded = String(last?.version ?? '');
  // Only a release's version is repeated (never text the database could hold to mislead the reader),
  // and never this one's: a database with migrations this version lacks was not upgraded by it.
  const version = releaseVersion.test(recorded) && recorded !== siteVersion ? recorded : undefined;
  throw new DatabaseNewerThanCode(
    version
      ? `practice-site ${siteVersion}: this database was upgraded by version ${version}; run ${version} or restore the backup taken before the upgrade`
      : `practice-site ${siteVersion}: this database was upgraded by a newer version; run that version or restore the backup taken before the upgrade`,
  );
}

/** Notes that this version applied `migrations`, once the table for it exists. */
export async function recordUpgrade(db: AnyDb, migrations: string[], at: Date): Promise<void> {
  if (!(await tableExists(db, 'site_upgrades'))) return;
  await db
    .insertInto('site_upgrades')
    .values({ version: siteVersion, migrations: migrations.join(','), upgraded_at: at.toISOString() })
    .execute();
}

// `npm run upgrade`: what to run after installing a new version, before starting it. It backs the
// database up first (SQLite: a copy of the file; PostgreSQL: pg_dump), then applies the new version's
// migrations, so that rolling back is restoring that backup (docs/operations.md, "Rolling back"). With
// nothing to apply it takes no backup. A database a later version upgraded is refused, as everywhere.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { copyOffSite, offSiteName, offSiteOf } from '#server/backups/off-site.ts';
import { StorageFailed } from '#server/backups/s3-store.ts';
import { migrationNames } from '#server/db/migrate.ts';
import { DumpFailed, dumpPostgres } from '#server/db/postgres-dump.ts';
import { backupSqlite } from '#server/db/sqlite-backup.ts';
import { migrationState, refuseNewerDatabase } from '#server/db/upgrades.ts';
import { siteVersion } from '#server/release.ts';
import { processIo, runOnDatabase } from './command.ts';

const io = processIo();
process.exitCode = await runOnDatabase(
  io,
  async (_db, _config, applied) => {
    io.print(
      applied.length
        ? `Applied: ${applied.join(', ')}\nThe database is upgraded to version ${siteVersion}.`
        : `The database is up to date for version ${siteVersion}; nothing to do.`,
    );
  },
  [DumpFailed, StorageFailed],
  // Before the migrations: the backup that a rollback restores.
  async (db, config) => {
    await refuseNewerDatabase(db, migrationNames);
    const { applied, pending } = await migrationState(db, migrationNames);
    // A new, empty database has nothing to lose.
    if (applied.length === 0 || pending.length === 0) return;
    const dir = config.backups?.dir ?? path.resolve('data/backups');
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const { database } = config;
    const file = path.join(
      dir,
      `before-${siteVersion}-${stamp}.${database.kind === 'sqlite' ? 'db' : 'dump'}`,
    );
    if (database.kind === 'sqlite') await backupSqlite(database.file, file);
    else await dumpPostgres(database.url, file);
    io.print(`Backed up to ${file} (restore it to roll back).`);
    // Off the machine too, where the daily copies go: a disk lost after the upgrade keeps the way back.
    const offSite = config.backups?.offSite;
    if (offSite) {
      await copyOffSite(offSiteOf(offSite), file);
      io.print(`Copied to ${offSite.s3.url} as ${offSiteName(file)}.`);
    }
  },
);

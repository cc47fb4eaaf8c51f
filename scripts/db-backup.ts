// `npm run db:backup -- FILE`: writes a consistent copy of the SQLite database (DATABASE_URL) to FILE, safe
// while the site serves. On PostgreSQL it says how to use pg_dump instead, and exits 1.
import path from 'node:path';
import { databaseLabel, loadConfig } from '#server/config.ts';
import { postgresBackupAdvice } from '#server/db/postgres-backups.ts';
import { backupSqlite } from '#server/db/sqlite-backup.ts';
import { exitStatusOf } from './command.ts';

const file = process.argv[2];
try {
  const { database } = loadConfig();
  console.log(`Database: ${databaseLabel(database)}`);
  if (database.kind === 'postgres') {
    console.error(postgresBackupAdvice(database.url, file));
    process.exitCode = 1;
  } else if (!file || process.argv.length > 3) {
    console.error('Usage: npm run db:backup -- FILE');
    process.exitCode = 1;
  } else if (database.file === ':memory:') {
    console.error('Cannot back up: DATABASE_URL is an in-memory database');
    process.exitCode = 1;
  } else {
    const target = path.resolve(file);
    await backupSqlite(database.file, target);
    console.log(`Backed up ${database.file} to ${target}`);
  }
} catch (error) {
  // The message says what went wrong (no database, FILE exists, a full disk); a stack would not help.
  console.error(`Cannot back up: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = exitStatusOf(error);
}

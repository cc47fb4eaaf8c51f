// `npm run db:restore -- FILE [--force]`: puts a backup made by db:backup in place as the SQLite database
// (DATABASE_URL). Refuses a file that is not a practice-site database this version can run, and, unless
// --force, a database in use (the running site holds a lock on it). On PostgreSQL it says how to use
// pg_restore instead, and exits 1.
import path from 'node:path';
import { ConfigError, databaseLabel, loadConfig } from '#server/config.ts';
import { DatabaseInUse } from '#server/db/in-use-lock.ts';
import { postgresBackupAdvice } from '#server/db/postgres-backups.ts';
import { NotRestorable, restoreSqlite } from '#server/db/sqlite-backup.ts';
import { exitStatusOf } from './command.ts';

const args = process.argv.slice(2);
const force = args.includes('--force');
const files = args.filter((arg) => arg !== '--force');
try {
  const { database } = loadConfig();
  console.log(`Database: ${databaseLabel(database)}`);
  if (database.kind === 'postgres') {
    console.error(postgresBackupAdvice(database.url, files[0]));
    process.exitCode = 1;
  } else if (files.length !== 1 || files[0]?.startsWith('-')) {
    console.error('Usage: npm run db:restore -- FILE [--force]');
    process.exitCode = 1;
  } else if (database.file === ':memory:') {
    console.error('Cannot restore: DATABASE_URL is an in-memory database');
    process.exitCode = 1;
  } else {
    const { migration, forced } = await restoreSqlite(path.resolve(files[0] as string), database.file, {
      force,
    });
    if (forced) {
      console.warn(
        'The database was in use: the backup was written into it, and the site now reads and writes the restored data. Restart the site soon, so that nothing it remembers from before is used.',
      );
    }
    console.log(`Restored ${database.file} from ${files[0]} (at migration ${migration}).`);
  }
} catch (error) {
  const expected =
    error instanceof ConfigError || error instanceof NotRestorable || error instanceof DatabaseInUse;
  console.error(`Cannot restore: ${error instanceof Error ? error.message : String(error)}`);
  if (!expected) console.error(error);
  process.exitCode = exitStatusOf(error);
}

// What the commands that work on the site's database share: read the settings, open and migrate the
// database as the site would when it starts, do the work, close the database; and say what went wrong in
// words, without a stack trace, when it is the user's to fix.

import { type Config, ConfigError, loadConfig } from '#server/config.ts';
import { createDatabase, type Db } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';

/** The command was given the wrong arguments, or cannot do what was asked: its message says why. */
export class UsageError extends Error {}

/**
 * Runs `work` on the configured database, then closes it. An error in `expected` (besides a settings
 * problem or a UsageError) is printed as its message; any other with its stack. Either sets exit code 1.
 */
export async function runOnDatabase(
  work: (db: Db, config: Config) => Promise<void>,
  expected: (new (...args: never[]) => Error)[] = [],
) {
  try {
    const config = loadConfig();
    const db = createDatabase(config.database);
    try {
      await migrateToLatest(db);
      await work(db, config);
    } finally {
      await db.destroy();
    }
  } catch (error) {
    const known = [ConfigError, UsageError, ...expected].some((kind) => error instanceof kind);
    console.error(known ? (error as Error).message : error);
    process.exitCode = 1;
  }
}

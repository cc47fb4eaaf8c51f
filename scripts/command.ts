// What the commands that work on the site's database share: read the settings, open and migrate the
// database as the site would when it starts, do the work, close the database; and say what went wrong in
// words, without a stack trace, when it is the user's to fix.

import { type Config, ConfigError, databaseLabel, loadConfig } from '#server/config.ts';
import { createDatabase, type Db } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { DatabaseNewerThanCode, refusedForGoodExitStatus } from '#server/db/upgrades.ts';

/** The command was given the wrong arguments, or cannot do what was asked: its message says why. */
export class UsageError extends Error {}

/**
 * A refusal that running the command again would only repeat (bad settings, a database a later version
 * upgraded) exits 78, on which the systemd unit does not restart; any other failure, 1.
 */
export const refusedForGood = (error: unknown) =>
  error instanceof ConfigError || error instanceof DatabaseNewerThanCode;
export const exitStatusOf = (error: unknown) => (refusedForGood(error) ? refusedForGoodExitStatus : 1);

/**
 * What a command reads and where it writes: the process's own arguments, settings and streams when run
 * from npm, a test's when the test runs the command in its own process (a Node start and the server's
 * modules loaded cost seconds a command).
 */
export interface CommandIo {
  args: string[];
  env: Record<string, string | undefined>;
  /** A line for standard output. */
  print(line: string): void;
  /** What went wrong, for standard error. */
  complain(problem: unknown): void;
}

export const processIo = (): CommandIo => ({
  args: process.argv.slice(2),
  env: process.env,
  print: (line) => console.log(line),
  complain: (problem) => console.error(problem),
});

/**
 * Runs `work` on the configured database, then closes it, and gives the exit code. It first names the
 * database (without its password), so that nobody adds an account to a database the site never reads. An
 * error in `expected` (besides a settings problem or a UsageError) is told as its message; any other with
 * its stack. Either makes the exit code 1; bad settings or a database a later version upgraded, 78.
 */
export async function runOnDatabase(
  io: CommandIo,
  work: (db: Db, config: Config, migrated: string[]) => Promise<void>,
  expected: (new (...args: never[]) => Error)[] = [],
  beforeMigrating?: (db: Db, config: Config) => Promise<void>,
): Promise<number> {
  try {
    const config = loadConfig(io.env);
    io.print(`Database: ${databaseLabel(config.database)}`);
    const db = createDatabase(config.database);
    try {
      await beforeMigrating?.(db, config);
      await work(db, config, await migrateToLatest(db));
    } finally {
      await db.destroy();
    }
    return 0;
  } catch (error) {
    if (refusedForGood(error)) {
      io.complain((error as Error).message);
      return refusedForGoodExitStatus;
    }
    const known = [ConfigError, UsageError, ...expected].some((kind) => error instanceof kind);
    // A database's own refusal or a system's (a password refused, a server down: a string `code`) says
    // what is wrong in its message; only a failure of this program needs its stack.
    const fromOutside = typeof (error as { code?: unknown }).code === 'string';
    io.complain(known || fromOutside ? (error as Error).message : error);
    return 1;
  }
}

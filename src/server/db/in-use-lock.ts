import { closeSync, openSync } from 'node:fs';
import SQLite from 'better-sqlite3';

/**
 * Whether an SQLite database is in use, told by a lock rather than guessed from file times: every process
 * that opens the database (the site, `db:migrate`, `user:add`…) holds a shared lock on a small file beside
 * it, `site.db-lock`, for as long as it has the database open, and `db:restore` needs that lock exclusively.
 * The locks are the operating system's (SQLite's own file locks on that file, taken with a read
 * transaction that stays open), so a process that dies, however it dies, lets go of its lock at once.
 * The lock file is never replaced, unlike the database a restore swaps in, so a site starting during a
 * restore waits for it to finish rather than opening the file about to be swapped out.
 */
export const lockFileOf = (databaseFile: string) => `${databaseFile}-lock`;

export interface HeldLock {
  release(): void;
}

function openLockFile(databaseFile: string) {
  const file = lockFileOf(databaseFile);
  // Made 0600 like the database: it holds nothing, but need not be anyone else's to lock.
  closeSync(openSync(file, 'a', 0o600));
  return new SQLite(file);
}

/** Thrown when the lock is held by another process. */
export class DatabaseInUse extends Error {
  override name = 'DatabaseInUse';
}

/**
 * Held while this process has the database open: many processes may hold it at once. Waits up to
 * `waitMs` for a restore in progress to finish.
 */
export function holdSharedLock(databaseFile: string, waitMs = 10_000): HeldLock {
  const lock = openLockFile(databaseFile);
  try {
    lock.pragma(`busy_timeout = ${waitMs}`);
    lock.exec('begin');
    // Reading the file's header opens the read transaction, which holds SQLite's shared lock until commit.
    lock.pragma('user_version');
  } catch (error) {
    lock.close();
    if ((error as { code?: string }).code === 'SQLITE_BUSY') {
      throw new DatabaseInUse(`${databaseFile} is being restored; try again when the restore has finished`);
    }
    throw error;
  }
  return { release: () => lock.close() };
}

/** Held by a restore: only when no other process has the database open; undefined otherwise. */
export function tryExclusiveLock(databaseFile: string): HeldLock | undefined {
  const lock = openLockFile(databaseFile);
  try {
    lock.pragma('busy_timeout = 0');
    lock.exec('begin exclusive');
  } catch (error) {
    lock.close();
    if ((error as { code?: string }).code === 'SQLITE_BUSY') return undefined;
    throw error;
  }
  return { release: () => lock.close() };
}

import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, rmSync } from 'node:fs';

/** pg_dump is not installed, or failed: the message says which, without the password. */
export class DumpFailed extends Error {
  override name = 'DumpFailed';
}

/**
 * Dumps the PostgreSQL database at `url` to `target` in pg_dump's custom format (pg_restore reads it): a
 * consistent snapshot, safe while the site serves. The file is made 0600 before pg_dump writes a byte,
 * and the password reaches pg_dump through its environment, never its command line (which `ps` shows).
 */
export async function dumpPostgres(url: string, target: string): Promise<void> {
  if (existsSync(target)) throw new DumpFailed(`${target} already exists; give the backup a new name`);
  const address = new URL(url);
  const password = decodeURIComponent(address.password);
  address.password = '';
  // libpq reads a query's values percent-encoded only: a space written as `+` (as URLSearchParams writes
  // it) would reach PostgreSQL as a `+`.
  address.search = [...address.searchParams]
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
    .join('&');
  closeSync(openSync(target, 'wx', 0o600));
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn(
        'pg_dump',
        ['--format=custom', `--file=${target}`, `--dbname=${address.toString()}`],
        {
          env: { ...process.env, ...(password && { PGPASSWORD: password }) },
          stdio: ['ignore', 'ignore', 'pipe'],
        },
      );
      let said = '';
      child.stderr.on('data', (chunk) => {
        said += chunk;
      });
      child.once('error', (error: NodeJS.ErrnoException) =>
        reject(
          new DumpFailed(
            error.code === 'ENOENT'
              ? 'pg_dump is not installed: install the PostgreSQL client of the server’s version (Debian: postgresql-client)'
              : `pg_dump could not run: ${error.message}`,
          ),
        ),
      );
      child.once('exit', (code) =>
        code === 0
          ? resolve()
          : reject(new DumpFailed(`pg_dump failed: ${said.trim() || `exit code ${code}`}`)),
      );
    });
  } catch (error) {
    rmSync(target, { force: true });
    throw error;
  }
}

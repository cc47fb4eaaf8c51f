import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const root = path.resolve(import.meta.dirname, '../..');

export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** `npm run db:backup` or `db:restore` with ARGS against DATABASE_URL: its exit code and what it printed. */
export async function databaseCommand(
  command: 'backup' | 'restore',
  databaseUrl: string,
  ...args: string[]
): Promise<CommandResult> {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [`scripts/db-${command}.ts`, ...args],
      { cwd: root, env: { PATH: process.env.PATH, DATABASE_URL: databaseUrl } },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

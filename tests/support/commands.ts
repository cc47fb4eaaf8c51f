import { execFile } from 'node:child_process';
import path from 'node:path';
import type { CommandIo } from '../../scripts/command.ts';

/**
 * Runs one of the staff commands (scripts/*-command.ts) in this process, as npm would run it in its own:
 * its exit code, the database it said it acts on (its first line), what it printed after that and what it
 * complained of (an unexpected error with its stack).
 */
export async function runInProcess(
  command: (io: CommandIo) => Promise<number>,
  args: string[],
  env: Record<string, string>,
) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await command({
    args,
    env,
    print: (line) => out.push(`${line}\n`),
    complain: (problem) => err.push(`${problem instanceof Error ? problem.stack : problem}\n`),
  });
  const named = out[0]?.startsWith('Database: ') ? out.shift()?.slice('Database: '.length).trim() : undefined;
  return { code, database: named, out: out.join(''), err: err.join('') };
}

/**
 * Runs `script` (e.g. scripts/user.ts) as npm does, a Node process of its own with only `env` and PATH:
 * its exit code and both outputs, whether it succeeded or not.
 */
export async function runAsProcess(script: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [script, ...args],
      { env: { PATH: process.env.PATH, ...env } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

export interface LaunchOptions {
  /** Where it runs from, where npm would run it: the folder whose `.env` it reads. */
  cwd: string;
  env?: Record<string, string>;
  /** The checkout whose code runs (another release's, in a folder of its own); this one's by default. */
  code?: string;
  /** Flags for Node itself, before the launcher. */
  nodeOptions?: string[];
}

const checkout = path.resolve(import.meta.dirname, '../..');

/**
 * Runs `script` through the launcher every npm script uses (`node scripts/run.js SCRIPT ARGS`), with only
 * PATH and `env` set: its exit code and both outputs, whether it succeeded or not.
 */
export function launch(
  script: string,
  args: string[],
  { cwd, env = {}, code = checkout, nodeOptions = [] }: LaunchOptions,
) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [...nodeOptions, path.join(code, 'scripts/run.js'), script, ...args],
      { cwd, env: { PATH: process.env.PATH, ...env } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

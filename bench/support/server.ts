import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startEnvironment, startFlags } from '../../tests/support/start-command.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** The server's SESSION_SECRET, which also keys the unsubscribe links a benchmark's campaign makes. */
export const benchSecret = 'bench-7Kq2vX9pL4mZ8rT1wN6cH3yB5dG0fJ';

/**
 * The built site in production mode, as a firm runs it (`npm start`: its launcher and the build's bundle),
 * on `databaseUrl`, showing the demo firm as a site does after `npm run demo:load` (a production site
 * without a firm only says it is being set up); `demo: false` leaves the database as it is, for timing
 * the start alone. Its output is drained and dropped, as a log shipper would take it. Production sends
 * mail: `SMTP_URL` is a local sink's (tests/support/smtp-sink.ts), as a firm's is its provider's.
 */
export function spawnProductionServer(
  port: number,
  databaseUrl: string,
  env: { SMTP_URL: string } & Record<string, string>,
  { demo = true }: { demo?: boolean } = {},
): ChildProcess {
  const siteEnv = {
    ...startEnvironment,
    // As BENCH_SERVER_FLAGS, for comparing settings: e.g. {"MALLOC_ARENA_MAX":"8"}.
    ...JSON.parse(process.env.BENCH_SERVER_ENV ?? '{}'),
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: 'https://www.fenwickhale.co.uk',
    SESSION_SECRET: benchSecret,
    MEETING_URL: 'https://zoom.us/my/fenwickhale',
    DATABASE_URL: databaseUrl,
    ...env,
  };
  if (demo) {
    const load = spawnSync(process.execPath, ['scripts/demo-load.ts'], { cwd: root, env: siteEnv });
    if (load.status !== 0) throw new Error(`npm run demo:load failed:\n${load.stderr}${load.stdout}`);
  }
  return spawn(
    process.execPath,
    [
      ...startFlags,
      ...(process.env.BENCH_SERVER_FLAGS?.split(' ').filter(Boolean) ?? []),
      'scripts/run.js',
      'scripts/start.ts',
    ],
    {
      cwd: root,
      env: siteEnv,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
}

/** Resolves once `GET /readyz` answers 200 on `port`, polling every few milliseconds. */
export async function waitUntilReady(port: number, child: ChildProcess, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  child.kill();
  throw new Error(`The server was not ready within ${timeoutMs / 1000} s`);
}

/** Stops a server with SIGTERM and waits for it to exit. */
export async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** The most memory the process has held at once (VmHWM), in MB; Linux only. */
export const peakRssMb = (pid: number) => statusMb(pid, 'VmHWM');

/** The memory the process holds now (VmRSS), in MB; Linux only. */
export const rssMb = (pid: number) => statusMb(pid, 'VmRSS');

function statusMb(pid: number, field: string): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
  return Math.round(kb / 1024);
}

/** The CPU time the process has used, user and system, in milliseconds; Linux only. */
export function cpuMsOf(pid: number): number {
  // utime and stime, the 14th and 15th fields, in clock ticks (100 a second); the name before them may hold spaces.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

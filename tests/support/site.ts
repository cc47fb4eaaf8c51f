import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildIsCurrent, serverBundle } from '../../scripts/current-build.ts';
import { freePort } from './ports.ts';
import { startSmtpServer, type TestSmtpServer } from './smtp.ts';

export interface RunningSite {
  url: string;
  smtp: TestSmtpServer;
  dataDir: string;
  process: ChildProcess;
  /** Everything the server printed so far. */
  output(): string;
  /** Sends SIGTERM, resolves with the exit code, and removes the data folder and the SMTP server. */
  stop(): Promise<number | null>;
  /** Kills the process with SIGKILL, as a crash would, and leaves its data and SMTP server in place. */
  kill(): Promise<void>;
}

const root = path.resolve(import.meta.dirname, '../..');
/** What a site runs: the build's bundle of the server when the build is of the sources as they are, else the sources. */
let entry: string | undefined;

/**
 * Starts the built site as a separate process, as `npm start` runs it (the server's bundle; the sources
 * when they changed since the build): its own SQLite file in a temporary folder, a random port, and a
 * test SMTP server receiving its mail. Pass the `dataDir` and `smtp` of a killed site to start it again
 * on the same database.
 */
export async function startSite(
  env: Record<string, string> = {},
  reuse: { dataDir?: string; smtp?: TestSmtpServer } = {},
): Promise<RunningSite> {
  if (!existsSync(path.join(root, 'dist/ssr/prerender.js'))) {
    throw new Error('The site is not built: run `npm run build` before the browser tests');
  }
  const dataDir = reuse.dataDir ?? mkdtempSync(path.join(tmpdir(), 'practice-site-e2e-'));
  const smtp = reuse.smtp ?? (await startSmtpServer());
  const port = await freePort();
  entry ??= buildIsCurrent(root) ? serverBundle : 'src/server/main.ts';
  const child = spawn(process.execPath, [entry], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      MEETING_URL: 'https://zoom.us/my/fenwickhale',
      DATABASE_URL: `sqlite:${path.join(dataDir, 'site.db')}`,
      SMTP_URL: smtp.url,
      CAPTCHA_PROVIDER: 'none',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`The site did not start within 20 s:\n${output}`)),
      20_000,
    );
    const onData = () => {
      const match = output.match(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The site exited with code ${code} before it started:\n${output}`));
    });
  });

  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    url,
    smtp,
    dataDir,
    process: child,
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      const code = await exited;
      await smtp.stop();
      rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
    async kill() {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

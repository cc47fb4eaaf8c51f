import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { waitUntil } from '../support/wait.ts';

// `npm run dev`, as a developer starts it on a new database: Vite's server draws every page on request,
// the pages the site is built around included, with the scripts Vite serves, and passes the rest to the
// API server beside it.

const root = path.resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'practice-site-dev-'));

/** A port that is free, with the one after it free too (the API server's). */
async function freePair(): Promise<number> {
  const free = (port: number) =>
    new Promise<boolean>((resolve) => {
      const server = createServer()
        .once('error', () => resolve(false))
        .listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    if ((await free(port)) && (await free(port + 1))) return port;
  }
}

const port = await freePair();
const dev = spawn(process.execPath, ['scripts/dev.ts'], {
  cwd: root,
  detached: true,
  stdio: 'ignore',
  env: {
    PATH: process.env.PATH,
    PORT: String(port),
    DATABASE_URL: `sqlite:${path.join(dataDir, 'site.db')}`,
    MAIL_DIR: path.join(dataDir, 'mail'),
    CAPTCHA_PROVIDER: 'none',
    LOG_LEVEL: 'silent',
  },
});
afterAll(() => {
  if (dev.pid) process.kill(-dev.pid, 'SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
});

it('draws the home page, one of the pages the site is built around, with the scripts Vite serves', async () => {
  let html = '';
  await waitUntil(
    async () => {
      const answer = await fetch(`http://127.0.0.1:${port}/`, { headers: { accept: 'text/html' } }).catch(
        () => undefined,
      );
      html = (await answer?.text()) ?? '';
      return answer?.status === 200 && html.includes('Accountancy that keeps your business moving');
    },
    {
      timeoutMs: 60_000,
      what: () => `npm run dev to serve the home page (last answer: ${html.slice(0, 200)})`,
    },
  );
  expect(html).toContain('<script type="module" src="/src/client/main.ts">');
  expect(html).toContain('Fenwick &amp; Hale');
  // What Vite does not draw, the API server answers (once it has started).
  await waitUntil(
    async () => {
      const answer = await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => undefined);
      await answer?.text();
      return answer?.status === 200;
    },
    { timeoutMs: 60_000, what: () => 'the API server to answer /healthz through Vite' },
  );
}, 90_000);

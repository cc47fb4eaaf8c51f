import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#tests/support/databases.ts';
import { waitUntil } from '#tests/support/wait.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { createRuntime } from '../runtime.ts';
import { listen } from './listen.ts';

// HOST=unix:PATH: the site listens on a Unix socket only its own group (which the proxy's user joins) may
// connect to, so no other local process can reach it to write X-Forwarded-For (docs/operations.md).

let dir: string;
let database: TestDatabase;
beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'practice-site-socket-'));
  database = await createTestDatabase('sqlite');
});
afterEach(async () => {
  await database.drop();
  rmSync(dir, { recursive: true, force: true });
});

const refusal = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected loadConfig to refuse');
};

/** The address the site took each request to come from, latest last. */
const seen: (string | undefined)[] = [];

/** The site on `socket`, noting the address it takes each request to come from. */
async function siteOn(socket: string) {
  const config = loadConfig({
    NODE_ENV: 'test',
    HOST: `unix:${socket}`,
    DATABASE_URL: database.url,
    MAIL_DIR: path.join(dir, 'mail'),
    CAPTCHA_PROVIDER: 'none',
  });
  const runtime = await createRuntime(config, pino({ level: 'silent' }), { pollIntervalMs: 100 });
  runtime.app.addHook('onRequest', async (req) => {
    seen.push(req.ip);
  });
  await listen(runtime.app, config);
  return runtime;
}

const addressSeen = (socketPath: string, headers: Record<string, string> = {}) =>
  new Promise<string>((resolve, reject) => {
    request({ socketPath, path: '/healthz', headers }, (response) => {
      let body = '';
      response.on('data', (chunk) => {
        body += chunk;
      });
      response.on('end', () =>
        response.statusCode === 200 ? resolve(seen.at(-1) ?? '') : reject(new Error(body)),
      );
    })
      .on('error', reject)
      .end();
  });

describe('HOST=unix:PATH', () => {
  it('takes an absolute socket path, and believes one proxy, the socket’s peer, unless told a number', () => {
    const config = loadConfig({ HOST: 'unix:/run/practice-site/app.sock' });
    expect(config.socketPath).toBe('/run/practice-site/app.sock');
    expect(config.trustProxy).toEqual({ kind: 'hops', hops: 1 });
    expect(loadConfig({ HOST: 'unix:/run/app.sock', TRUST_PROXY: '2' }).trustProxy).toEqual({
      kind: 'hops',
      hops: 2,
    });
    expect(loadConfig({}).socketPath).toBeUndefined();
    expect(refusal({ HOST: 'unix:app.sock' })).toBe(
      'HOST must be an address, or unix: and the absolute path of a socket file; got "unix:app.sock"',
    );
    expect(refusal({ HOST: 'unix:/run/app.sock', TRUST_PROXY: '127.0.0.1' })).toBe(
      'TRUST_PROXY must be unset, true or a number of proxies when HOST is a Unix socket; got "127.0.0.1"',
    );
  });

  it('serves on a socket that only its owner and group can connect to, reading the proxy’s X-Forwarded-For', async () => {
    const socket = path.join(dir, 'app.sock');
    const runtime = await siteOn(socket);
    try {
      expect(statSync(socket).isSocket()).toBe(true);
      expect(statSync(socket).mode & 0o777).toBe(0o660);
      // Caddy replaces X-Forwarded-For with the address its client connected from: the right-most entry.
      await expect(addressSeen(socket, { 'x-forwarded-for': '6.6.6.6, 203.0.113.9' })).resolves.toBe(
        '203.0.113.9',
      );
      // A request on the socket with no header (a health check) still has an address: this machine's.
      await expect(addressSeen(socket)).resolves.toBe('127.0.0.1');
    } finally {
      await runtime.close();
    }
  });

  it('replaces a socket file a dead process left, and refuses one another process listens on, or a file', async () => {
    const socket = path.join(dir, 'app.sock');
    const other = createServer();
    await new Promise<void>((resolve) => other.listen(socket, resolve));
    const config = { host: `unix:${socket}`, port: 0, socketPath: socket };
    const busy = await createRuntime(
      loadConfig({ NODE_ENV: 'test', DATABASE_URL: database.url, MAIL_DIR: path.join(dir, 'mail') }),
      pino({ level: 'silent' }),
    );
    try {
      await expect(listen(busy.app, config)).rejects.toThrow(`Another process is listening on ${socket}`);
    } finally {
      await busy.close();
    }
    await new Promise<void>((resolve) => other.close(() => resolve()));
    // A file that is not a socket is the operator's, never removed: the start is refused in words.
    const file = path.join(dir, 'notes.txt');
    writeFileSync(file, 'keep me');
    const confused = await createRuntime(
      loadConfig({ NODE_ENV: 'test', DATABASE_URL: database.url, MAIL_DIR: path.join(dir, 'mail') }),
      pino({ level: 'silent' }),
    );
    try {
      await expect(
        listen(confused.app, { ...config, host: `unix:${file}`, socketPath: file }),
      ).rejects.toThrow(`${file}, which HOST names, is a file, not a socket: name a free path`);
    } finally {
      await confused.close();
    }
    expect(readFileSync(file, 'utf8')).toBe('keep me');
    // A process killed while listening leaves its socket file behind.
    const killed = spawn(process.execPath, [
      '-e',
      `require('node:net').createServer().listen(${JSON.stringify(socket)})`,
    ]);
    await waitUntil(() => existsSync(socket));
    killed.kill('SIGKILL');
    await new Promise((resolve) => killed.once('exit', resolve));
    expect(statSync(socket).isSocket()).toBe(true);
    const runtime = await siteOn(socket);
    try {
      await expect(addressSeen(socket)).resolves.toBe('127.0.0.1');
    } finally {
      await runtime.close();
    }
  });
});

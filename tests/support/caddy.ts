import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './ports.ts';
import { rawRequest } from './raw-http.ts';
import { waitUntil } from './wait.ts';

const root = path.resolve(import.meta.dirname, '../..');
export const productionCaddyfile = path.join(root, 'deploy/Caddyfile');

/** Whether Debian's `caddy` is installed (.ci/run installs it). */
export const caddyInstalled = spawnSync('caddy', ['version']).status === 0;

/**
 * deploy/Caddyfile as a test runs it: its site block word for word, plus `tls internal`, and in place of
 * its global options (the ACME account's email) a loopback-only Caddy on free ports with no admin
 * endpoint, which never installs its root certificate in the machine's trust store.
 */
export function testCaddyfile(production: string, ports: { http: number; https: number }): string {
  const globalOptions = /^\{\n[\s\S]*?\n\}\n/m;
  const siteBlock = /^(\{\$SITE_ADDRESS[^\n]*\{)$/m;
  if (!globalOptions.test(production) || !siteBlock.test(production)) {
    throw new Error('deploy/Caddyfile no longer has a global options block and a {$SITE_ADDRESS} site block');
  }
  const testOptions = [
    '{',
    '\tadmin off',
    `\thttp_port ${ports.http}`,
    `\thttps_port ${ports.https}`,
    '\tdefault_bind 127.0.0.1',
    '\tskip_install_trust',
    '}',
    '',
  ].join('\n');
  return production.replace(globalOptions, testOptions).replace(siteBlock, '$1\n\ttls internal');
}

export interface RunningCaddy {
  /** https://127.0.0.1:PORT, the site's address through Caddy. */
  url: string;
  /** http://127.0.0.1:PORT, where Caddy redirects to https. */
  httpUrl: string;
  /** Caddy's own root certificate (PEM), which signed the site's certificate. */
  ca: string;
  stop(): Promise<void>;
}

/**
 * Debian's Caddy on loopback in front of the app at `appAddress` (HOST:PORT), with deploy/Caddyfile's
 * directives, on `httpsPort` (the app's PUBLIC_URL) or a free port. Its data and config go to a temporary folder (XDG_DATA_HOME, XDG_CONFIG_HOME), so it never
 * touches the machine's own Caddy.
 */
export async function startCaddy(appAddress: string, httpsPort?: number): Promise<RunningCaddy> {
  const home = mkdtempSync(path.join(tmpdir(), 'practice-site-caddy-'));
  const ports = { http: await freePort(), https: httpsPort ?? (await freePort()) };
  const config = path.join(home, 'Caddyfile');
  writeFileSync(config, testCaddyfile(readFileSync(productionCaddyfile, 'utf8'), ports));
  const child: ChildProcess = spawn('caddy', ['run', '--config', config, '--adapter', 'caddyfile'], {
    cwd: home,
    env: {
      PATH: process.env.PATH,
      HOME: home,
      XDG_DATA_HOME: path.join(home, 'data'),
      XDG_CONFIG_HOME: path.join(home, 'config'),
      SITE_ADDRESS: '127.0.0.1',
      APP_ADDRESS: appAddress,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(home, { recursive: true, force: true });
  };

  const url = `https://127.0.0.1:${ports.https}`;
  const caFile = path.join(home, 'data/caddy/pki/authorities/local/root.crt');
  try {
    // The certificate is issued at start; the site is up once a request over TLS to it is answered.
    let ca = '';
    await waitUntil(
      async () => {
        if (child.exitCode !== null) throw new Error(`Caddy exited with code ${child.exitCode}`);
        try {
          const pem = readFileSync(caFile, 'utf8');
          await rawRequest(url, { path: '/healthz', ca: pem });
          ca = pem;
          return true;
        } catch {
          return false;
        }
      },
      { timeoutMs: 20_000, intervalMs: 100, what: () => `Caddy to serve ${url}` },
    );
    return { url, httpUrl: `http://127.0.0.1:${ports.http}`, ca, stop };
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n${output}`);
  }
}

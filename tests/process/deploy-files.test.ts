import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import dockerignore from '@balena/dockerignore';
import { describe, expect, it } from 'vitest';
import { startTestApp } from '../support/app.ts';
import { freePort } from '../support/ports.ts';

// The files in deploy/ for the common hosts. This machine cannot pull container images, so the image is
// checked by what it runs (the README's commands, which every other test runs too), and the compose file
// by compose's own check (Docker's, or Debian's docker-compose that .ci/run installs).

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const runs = (command: string, args: string[]) => spawnSync(command, args, { encoding: 'utf8' }).status === 0;

/** A Dockerfile's instructions, continuation lines joined, comments left out. */
function instructions(dockerfile: string) {
  return dockerfile
    .replace(/\\\n/g, ' ')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.trimStart().startsWith('#'))
    .map((line) => {
      const [keyword = '', ...rest] = line.trim().split(/\s+/);
      return { keyword: keyword.toUpperCase(), argument: rest.join(' ') };
    });
}

/** The npm commands in a RUN or CMD (shell or JSON form), e.g. `npm ci`, `npm run build`. */
function npmCommands(argument: string) {
  const shell = argument.startsWith('[') ? (JSON.parse(argument) as string[]).join(' ') : argument;
  return shell
    .split(/&&|;/)
    .map((part) => part.trim().replace(/\s+/g, ' '))
    .filter((part) => part.startsWith('npm '));
}

describe('deploy/Dockerfile', () => {
  const steps = instructions(read('deploy/Dockerfile'));

  it("runs the README's commands and no other npm command: npm ci, npm run build, npm start", () => {
    const commands = steps
      .filter((step) => step.keyword === 'RUN' || step.keyword === 'CMD')
      .flatMap((step) => npmCommands(step.argument));
    expect(commands).toEqual(['npm ci', 'npm run build', 'npm start']);
    const readme = read('README.md');
    expect(readme).toContain('npm ci && npm start');
    expect(readme).toContain('`npm run build`');
  });

  it('builds in one stage and runs from node:24-slim in another, as an unprivileged user', () => {
    expect(steps.filter((step) => step.keyword === 'FROM').map((step) => step.argument)).toEqual([
      'node:24-slim AS build',
      'node:24-slim',
    ]);
    const finalStage = steps.slice(steps.findLastIndex((step) => step.keyword === 'FROM'));
    const user = finalStage.findLast((step) => step.keyword === 'USER')?.argument;
    expect(user).toBeDefined();
    expect(['root', '0']).not.toContain(user?.split(':')[0]);
    expect(
      finalStage.some((step) => step.keyword === 'COPY' && step.argument.startsWith('--from=build')),
    ).toBe(true);
  });

  it('leaves installed packages, builds, local data and every settings file out of the build context', () => {
    // Read by Docker's own matching rules (a pattern without **/ matches at the context's root only).
    const context = dockerignore().add(read('.dockerignore'));
    const left = [
      'node_modules/kysely/package.json',
      'dist/ssr/prerender.js',
      'data/site.db',
      '.env',
      'deploy/.env',
      'deploy/.env.production',
      '.git/config',
    ];
    expect(left.filter((file) => !context.ignores(file))).toEqual([]);
    const kept = ['package.json', 'src/server/main.ts', 'deploy/Dockerfile', '.env.example'];
    expect(kept.filter((file) => context.ignores(file))).toEqual([]);
  });

  /** The HEALTHCHECK's command, run here against the site with these settings: its exit code. */
  function healthcheck(settings: { PORT: string } | { HOST: string }) {
    const check = steps.find((step) => step.keyword === 'HEALTHCHECK')?.argument ?? '';
    const [command = '', ...args] = JSON.parse(check.slice(check.indexOf('CMD ') + 4)) as string[];
    // Not spawnSync: the site under test runs in this process and must keep answering meanwhile.
    const child = spawn(command === 'node' ? process.execPath : command, args, {
      env: { PATH: process.env.PATH, ...settings },
      stdio: 'ignore',
      timeout: 10_000,
    });
    return new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  }

  it("has a health check that passes while the site's /readyz answers 200, and fails when nothing answers", async () => {
    const site = await startTestApp();
    try {
      expect(await healthcheck({ PORT: new URL(site.url).port })).toBe(0);
    } finally {
      await site.close();
    }
    expect(await healthcheck({ PORT: String(await freePort()) })).toBe(1);
    // On the Unix socket deploy/compose.yaml has it listen on.
    const socketDir = mkdtempSync(path.join(tmpdir(), 'practice-site-socket-'));
    const host = `unix:${socketDir}/app.sock`;
    const onSocket = await startTestApp({ env: { HOST: host } });
    try {
      expect(await healthcheck({ HOST: host })).toBe(0);
    } finally {
      await onSocket.close();
    }
    expect(await healthcheck({ HOST: host })).toBe(1);
    rmSync(socketDir, { recursive: true, force: true });
  });
});

/**
 * Compose's own check of the file: Docker's `docker compose` where it is installed, else Debian's
 * `docker-compose` (which .ci/run installs), which reads the same format.
 */
const compose = runs('docker', ['compose', 'version'])
  ? ['docker', 'compose']
  : runs('docker-compose', ['version'])
    ? ['docker-compose']
    : undefined;

describe('deploy/compose.yaml', () => {
  const file = read('deploy/compose.yaml');

  it('runs Caddy with the tested deploy/Caddyfile, and the app on a socket that Caddy alone shares', () => {
    expect(file).toContain('- ./Caddyfile:/etc/caddy/Caddyfile:ro');
    const app = file.slice(file.indexOf('  app:'), file.indexOf('  postgres:'));
    const postgres = file.slice(file.indexOf('  postgres:'), file.indexOf('  caddy:'));
    const caddy = file.slice(file.indexOf('  caddy:'), file.indexOf('\nvolumes:'));
    // The app listens on no port, and believes the one proxy its socket's peer is (no TRUST_PROXY).
    expect(app).toContain('HOST: unix:/run/practice-site/app.sock');
    expect(app).not.toMatch(/PORT:|TRUST_PROXY|ports:/);
    expect(caddy).toContain('APP_ADDRESS: unix//run/practice-site/app.sock');
    for (const service of [app, caddy]) expect(service).toContain('- app-socket:/run/practice-site');
    expect(postgres).not.toContain('app-socket');
    // Only Caddy's ports are published.
    expect(file.match(/^ {4}ports:/gm)).toHaveLength(1);
  });

  it('passes the app every setting a firm may choose, from deploy/.env', () => {
    const settings = new Set(
      [
        ...read('src/server/config.ts').matchAll(
          /(?:read|wholeNumber|httpUrl|oneOf|required)\('([A-Z][A-Z0-9_]+)'/g,
        ),
      ].map((m) => m[1]),
    );
    // Set by the compose file itself, or not for a firm to set here.
    const notPassed = new Set([
      'NODE_ENV',
      'HOST',
      'PORT',
      'PUBLIC_URL',
      'DATABASE_URL',
      'TRUST_PROXY', // fixed above
      'BACKUP_DIR',
      'BACKUP_KEEP',
      'MAIL_DIR', // SQLite and files: this set-up runs PostgreSQL and SMTP
      'DIST_DIR',
      'RECAPTCHA_VERIFY_URL',
      'TURNSTILE_VERIFY_URL',
      'ZOOM_API_URL',
      'ZOOM_OAUTH_URL', // for tests
    ]);
    const app = file.slice(file.indexOf('  app:'), file.indexOf('  postgres:'));
    const missing = [...settings].filter(
      (name) => !notPassed.has(name as string) && !app.includes(` ${name}:`),
    );
    expect(settings.size).toBeGreaterThan(30);
    expect(missing).toEqual([]);
  });

  it.runIf(compose)(
    `is accepted by compose's own check${compose ? '' : ' (skipped: no docker compose on this machine)'}`,
    () => {
      const [command = '', ...args] = compose ?? [];
      const result = spawnSync(command, [...args, '-f', 'deploy/compose.yaml', 'config', '--quiet'], {
        cwd: root,
        encoding: 'utf8',
        env: {
          PATH: process.env.PATH,
          SITE_ADDRESS: 'www.obrienmarsh.example',
          ACME_EMAIL: 'it@obrienmarsh.example',
          POSTGRES_PASSWORD: 'p'.repeat(32),
          SESSION_SECRET: 's'.repeat(40),
        },
      });
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
    },
  );
});

const systemdAnalyze = runs('systemd-analyze', ['--version']);

describe('deploy/Caddyfile', () => {
  // Caddy, which CI installs from Debian, is required here: .ci/run installs it.
  const adapt = (env: Record<string, string>) =>
    spawnSync('caddy', ['adapt', '--config', 'deploy/Caddyfile', '--adapter', 'caddyfile'], {
      cwd: root,
      encoding: 'utf8',
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    });

  it('asks for the site’s host and the certificate’s contact, and names no firm’s in their place', () => {
    expect(read('deploy/Caddyfile')).not.toMatch(/\{\$(SITE_ADDRESS|ACME_EMAIL):/);
    expect(adapt({}).status).not.toBe(0);
    const adapted = adapt({ SITE_ADDRESS: 'www.obrienmarsh.example', ACME_EMAIL: 'it@obrienmarsh.example' });
    expect(adapted.status).toBe(0);
    expect(adapted.stdout).toContain('"www.obrienmarsh.example"');
    expect(adapted.stdout).toContain('"email":"it@obrienmarsh.example"');
  });
});

describe('deploy/practice-site.service', () => {
  const unit = read('deploy/practice-site.service');
  const settings = (key: string) =>
    [...unit.matchAll(new RegExp(`^${key}=(.*)$`, 'gm'))].map((match) => match[1]?.trim());

  it('runs as its own user on a read-only system, writing to data/ only, with secrets from an environment file', () => {
    expect(settings('User')).toEqual(['practice-site']);
    expect(settings('ProtectSystem')).toEqual(['strict']);
    expect(settings('ReadWritePaths')).toEqual([`${settings('WorkingDirectory')[0]}/data`]);
    for (const key of ['NoNewPrivileges', 'PrivateTmp', 'ProtectHome', 'PrivateDevices']) {
      expect(settings(key), key).toEqual(['yes']);
    }
    expect(settings('CapabilityBoundingSet')).toEqual(['']);
    expect(settings('EnvironmentFile')).toEqual(['/etc/practice-site/env']);
    expect(settings('ExecStart')).toEqual(['/usr/bin/env npm start']);
  });

  it('serves on a socket in a folder of its group, where deploy/Caddyfile looks for it, and on no port', () => {
    const environment = settings('Environment').join(' ');
    expect(environment).toContain('HOST=unix:/run/practice-site/app.sock');
    expect(environment).not.toMatch(/PORT=|TRUST_PROXY=/);
    expect(settings('RuntimeDirectory')).toEqual(['practice-site']);
    expect(settings('RuntimeDirectoryMode')).toEqual(['0750']);
    expect(settings('Group')).toEqual(['practice-site']);
    expect(read('deploy/Caddyfile')).toContain(
      'reverse_proxy {$APP_ADDRESS:unix//run/practice-site/app.sock}',
    );
  });

  it.runIf(systemdAnalyze)(
    `passes systemd-analyze verify without a warning, rated OK by systemd-analyze security${systemdAnalyze ? '' : ' (skipped: no systemd-analyze on this machine)'}`,
    () => {
      const file = path.join(root, 'deploy/practice-site.service');
      const verify = spawnSync('systemd-analyze', ['verify', file], { encoding: 'utf8' });
      expect(verify.stderr).toBe('');
      expect(verify.status).toBe(0);
      const security = spawnSync('systemd-analyze', ['security', '--offline=yes', file], {
        encoding: 'utf8',
      });
      const level = security.stdout.match(
        /Overall exposure level for practice-site\.service: ([\d.]+) (\w+)/,
      );
      expect(level?.[2]).toBe('OK');
    },
  );
});

import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import dockerignore from '@balena/dockerignore';
import { describe, expect, it } from 'vitest';
import { requiredInProduction } from '#server/config.ts';
import { startTestApp } from '../support/app.ts';
import { freePort } from '../support/ports.ts';
import { startCommand } from '../support/start-command.ts';

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

  it("runs the README's commands, npm start's without npm, and keeps no development package in what runs", () => {
    const commands = steps
      .filter((step) => step.keyword === 'RUN')
      .flatMap((step) => npmCommands(step.argument));
    expect(commands).toEqual(['npm ci', 'npm run build', 'npm prune --omit=dev']);
    // npm would not pass the stop signal on to the server; env sets what npm's shell would.
    const run = steps.findLast((step) => step.keyword === 'CMD')?.argument ?? '[]';
    expect((JSON.parse(run) as string[]).join(' ')).toBe(`/usr/bin/env ${startCommand}`);
    const readme = read('README.md');
    expect(readme).toContain('npm ci && npm start');
    expect(readme).toContain('`npm run build`');
  });

  it('builds in one stage and runs from node:24-trixie-slim in another, as an unprivileged user', () => {
    expect(steps.filter((step) => step.keyword === 'FROM').map((step) => step.argument)).toEqual([
      'node:24-trixie-slim AS build',
      'node:24-trixie-slim',
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
      'dist.building-4242/ssr/prerender.js',
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

describe('what the server runs', () => {
  /** The packages a file imports by name (`node:` built-ins and the project's own `#…` paths aside). */
  const packagesOf = (file: string) =>
    [...read(file).matchAll(/^(?:import|export)[^'"]*?from '([^'.#][^']*)'|import\('([^'.#][^']*)'\)/gm)]
      .map((match) => (match[1] ?? match[2]) as string)
      .filter((name) => !name.startsWith('node:'))
      .map((name) =>
        name
          .split('/')
          .slice(0, name.startsWith('@') ? 2 : 1)
          .join('/'),
      );
  const sources = (dir: string): string[] =>
    readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
      const relative = path.join(dir, entry.name);
      if (entry.isDirectory()) return sources(relative);
      return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [relative] : [];
    });

  it('needs only the dependencies an image without development packages keeps', () => {
    const { dependencies } = JSON.parse(read('package.json'));
    const runtime = [
      ...sources('src/server'),
      ...sources('src/shared'),
      'scripts/start.ts',
      'scripts/command.ts',
    ];
    const needed = new Set(runtime.flatMap(packagesOf));
    expect(needed.size).toBeGreaterThan(15);
    expect([...needed].filter((name) => !(name in dependencies))).toEqual([]);
  });
});

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

  it('passes the app the site’s one settings file whole, and requires what production cannot run without', () => {
    const app = file.slice(file.indexOf('  app:'), file.indexOf('  postgres:'));
    expect(app).toContain('    env_file: ../.env\n');
    // Compose refuses to start without what the app would refuse to start without, besides its own.
    const required = [...app.matchAll(/\$\{([A-Z_]+):\?/g)].map((match) => match[1]);
    const composesOwn = ['SITE_ADDRESS', 'POSTGRES_PASSWORD']; // make PUBLIC_URL and DATABASE_URL
    expect(required.filter((name) => !composesOwn.includes(name as string)).sort()).toEqual(
      requiredInProduction.filter((name) => name !== 'PUBLIC_URL').sort(),
    );
    expect(app).toContain('PUBLIC_URL: https://${SITE_ADDRESS:?');
  });

  it.runIf(compose)(
    `is accepted by compose's own check with the site's .env${compose ? '' : ' (skipped: no docker compose on this machine)'}`,
    () => {
      // A checkout of the site with its settings file, as a firm's host has it.
      const site = mkdtempSync(path.join(tmpdir(), 'compose-site-'));
      try {
        cpSync(path.join(root, 'deploy'), path.join(site, 'deploy'), { recursive: true });
        const settings = (missing: string[] = []) =>
          Object.entries({
            SITE_ADDRESS: 'www.obrienmarsh.example',
            ACME_EMAIL: 'it@obrienmarsh.example',
            POSTGRES_PASSWORD: 'p4Zr-7Qx2Lm9Vb3Nk8Wc1Hs6Jd0Tf5Gy',
            SESSION_SECRET: 'k3Vq9-ZpT2xLw8rN4bYc7HsJm1eGdF6u',
            SMTP_URL: 'smtps://site:password@smtp.mailprovider.net:465',
            MEETING_URL: 'https://meet.obrienmarsh.example/intro',
          })
            .filter(([name]) => !missing.includes(name))
            .map(([name, value]) => `${name}=${value}\n`)
            .join('');
        const check = () => {
          const [command = '', ...args] = compose ?? [];
          return spawnSync(
            command,
            [...args, '--env-file', '.env', '-f', 'deploy/compose.yaml', 'config', '--quiet'],
            { cwd: site, encoding: 'utf8', env: { PATH: process.env.PATH } },
          );
        };
        writeFileSync(path.join(site, '.env'), settings());
        const result = check();
        expect(result.stderr).toBe('');
        expect(result.status).toBe(0);
        writeFileSync(path.join(site, '.env'), settings(['SMTP_URL']));
        const refused = check();
        expect(refused.status).not.toBe(0);
        expect(refused.stderr).toContain('set SMTP_URL in .env');
      } finally {
        rmSync(site, { recursive: true, force: true });
      }
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
    // The site's one settings file, which the commands run in its folder read as well.
    expect(settings('EnvironmentFile')).toEqual([`${settings('WorkingDirectory')[0]}/.env`]);
    expect(settings('ExecStart')).toEqual([`/usr/bin/env ${startCommand}`]);
    // A refusal a restart would repeat (a bad setting, a database a later version upgraded) is not retried.
    expect(settings('RestartPreventExitStatus')).toEqual(['78']);
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

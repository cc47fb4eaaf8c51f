import { spawnSync } from 'node:child_process';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { packageVersion } from '../support/release.ts';
import { startSite } from '../support/site.ts';

const root = path.resolve(import.meta.dirname, '../..');

describe('the server process', () => {
  it('refuses a bad setting with one line naming it, with the exit status systemd does not restart on', () => {
    const result = spawnSync(process.execPath, ['src/server/main.ts'], {
      cwd: root,
      env: { PATH: process.env.PATH, PORT: 'eighty', DATABASE_URL: 'sqlite::memory:' },
      encoding: 'utf8',
    });
    expect(result.status).toBe(78);
    expect(result.stderr.trim()).toBe(
      'practice-site cannot start: PORT must be a whole number from 0 to 65535; got "eighty"',
    );
  });

  it('refuses to run production with what would hurt the firm, naming every problem in one start', () => {
    const result = spawnSync(process.execPath, ['src/server/main.ts'], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://www.fenwickhale.co.uk',
        SESSION_SECRET: 's'.repeat(40),
        CAPTCHA_PROVIDER: 'none',
      },
      encoding: 'utf8',
    });
    expect(result.status).toBe(78);
    const lines = result.stderr.trim().split('\n');
    expect(lines[0]).toBe('practice-site cannot start: 4 settings need changing:');
    expect(lines.slice(1).map((line) => line.match(/^ {2}- ([A-Z_]+) must be/)?.[1])).toEqual([
      'SMTP_URL',
      'CAPTCHA_PROVIDER',
      'SESSION_SECRET',
      'MEETING_URL',
    ]);
  });

  it('in production on an empty database, serves no firm: a being-set-up page, and a set-up link printed once', async () => {
    const site = await startSite({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://www.obrienmarsh.example',
      SESSION_SECRET: 'k3Vq9-ZpT2xLw8rN4bYc7HsJm1eGdF6u',
      // Nothing listens there: the start does not wait on the mail server.
      SMTP_URL: 'smtp://127.0.0.1:9',
      MEETING_URL: 'https://meet.obrienmarsh.example/intro',
      CAPTCHA_PROVIDER: 'altcha',
    });
    try {
      const link = new URL(
        /https:\/\/www\.obrienmarsh\.example\/setup\?token=[\w-]{43}/.exec(site.output())?.[0] ?? '',
      );
      const get = (path: string) => fetch(new URL(path, site.url), { headers: { accept: 'text/html' } });
      const home = await get('/');
      expect(home.status).toBe(503);
      expect(home.headers.get('x-robots-tag')).toBe('noindex');
      const homeText = await home.text();
      expect(homeText).toContain('This website is being set up');
      const login = await get('/login');
      expect(login.status).toBe(200);
      const loginText = await login.text();
      for (const text of [homeText, loginText]) expect(text).not.toMatch(/Fenwick|Shrewsbury/);
      expect(loginText).toContain('www.obrienmarsh.example');
      expect((await get(`/setup?token=${link.searchParams.get('token')}`)).status).toBe(200);
      expect((await get('/setup?token=a-guess-of-the-right-length-aaaaaaaaaaaaaaaa')).status).toBe(403);
      // The link is printed beside the log; no log line holds its token, the request's included.
      const token = link.searchParams.get('token') as string;
      const logLines = site
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'));
      expect(logLines.filter((line) => line.includes(token))).toEqual([]);
      const db = new SQLite(path.join(site.dataDir, 'site.db'), { readonly: true });
      expect(db.prepare('select count(*) from firm').pluck().get()).toBe(0);
      db.close();
      // The start-up line says what runs, on what, sending mail where, with which bot check; and the mail
      // server that does not answer is said at once, without stopping the start.
      expect(logLines.map((line) => JSON.parse(line))).toContainEqual(
        expect.objectContaining({
          msg: `practice-site ${packageVersion} started`,
          version: packageVersion,
          database: `sqlite:${path.join(site.dataDir, 'site.db')}`,
          mail: 'smtp://127.0.0.1:9',
          botCheck: 'altcha',
        }),
      );
      await expect
        .poll(() => site.output())
        .toContain(
          '"msg":"the mail server did not answer as it should: emails wait in the outbox until it does (check SMTP_URL)"',
        );
    } finally {
      await site.stop();
    }
  });

  it('migrates, loads the demo firm in development, serves, and shuts down cleanly on SIGTERM', async () => {
    const site = await startSite({ NODE_ENV: 'development' });
    expect(site.output()).toMatch(/"migrations":\["001-outbox","002-booking"/);
    expect((await fetch(`${site.url}/readyz`)).status).toBe(200);
    expect(site.output()).toContain('loaded the demo firm into the empty database');
    const db = new SQLite(path.join(site.dataDir, 'site.db'), { readonly: true });
    const stored = db.prepare('select details from firm').pluck().get() as string;
    db.close();
    expect(JSON.parse(stored)).toMatchObject({ tradingName: 'Fenwick & Hale' });
    const code = await site.stop();
    expect(code).toBe(0);
    expect(site.output()).toContain('"msg":"shutting down"');
  });
});

import { spawnSync } from 'node:child_process';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { startSite } from '../support/site.ts';

const root = path.resolve(import.meta.dirname, '../..');

describe('the server process', () => {
  it('refuses a bad setting with one line naming it, and exits 1', () => {
    const result = spawnSync(process.execPath, ['src/server/main.ts'], {
      cwd: root,
      env: { PATH: process.env.PATH, PORT: 'eighty', DATABASE_URL: 'sqlite::memory:' },
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(
      'practice-site cannot start: PORT must be a whole number from 0 to 65535; got "eighty"',
    );
  });

  it('refuses to run production without a bot check', () => {
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
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(
      /^practice-site cannot start: CAPTCHA_PROVIDER must be altcha, recaptcha or turnstile/,
    );
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

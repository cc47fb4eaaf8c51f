import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch } from '#tests/support/commands.ts';

const root = path.resolve(import.meta.dirname, '..');
/** `node scripts/run.js SCRIPT ARGS` from `cwd`, as npm runs a script, with only PATH and `env` set. */
const run = (
  cwd: string,
  [script = '', ...args]: string[],
  env: Record<string, string> = {},
  nodeOptions: string[] = [],
) => launch(script, args, { cwd, env, nodeOptions });

describe('the settings file and the Node version', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'settings-file-'));
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it('runs every npm script that acts on the site through the launcher, which reads .env', async () => {
    const { scripts } = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8'));
    const ownCode = Object.entries(scripts as Record<string, string>).filter(
      ([name, command]) => /^node (--\S+ )*scripts\//.test(command) && name !== 'docs:api',
    );
    expect(ownCode.length).toBeGreaterThan(15);
    for (const [name, command] of ownCode)
      expect(command, name).toMatch(/^node (--\S+ )*scripts\/run\.js scripts\/\S+\.ts/);
  });

  it('acts on the database and address .env names when nothing else is set, and the environment wins', async () => {
    const siteDb = path.join(folder, 'site.db');
    await writeFile(
      path.join(folder, '.env'),
      `# the site's settings\nDATABASE_URL=sqlite:${siteDb}\nPUBLIC_URL=https://www.obrienmarsh.example\nMAIL_DIR=${folder}/mail\n`,
    );
    const added = await run(folder, ['scripts/user.ts', 'add', 'owner@obrienmarsh.example', '--owner']);
    expect(added.stderr).toBe('');
    expect(added.stdout.split('\n').slice(0, 2)).toEqual([
      `Database: sqlite:${siteDb}`,
      expect.stringContaining('Added owner@obrienmarsh.example as an owner'),
    ]);
    const db = new SQLite(siteDb, { readonly: true });
    try {
      expect(db.prepare('select email from users').pluck().all()).toEqual(['owner@obrienmarsh.example']);
      // The invitation waits in the outbox with a link to the site's own address.
      const invitation = db.prepare('select message from outbox_messages').pluck().get() as string;
      expect(invitation).toMatch(/https:\/\/www\.obrienmarsh\.example\/reset-password\?token=/);
      expect(invitation).not.toContain('localhost');
    } finally {
      db.close();
    }

    const elsewhere = path.join(folder, 'other.db');
    const listed = await run(folder, ['scripts/user.ts', 'list'], { DATABASE_URL: `sqlite:${elsewhere}` });
    expect(listed.stdout).toContain(`Database: sqlite:${elsewhere}\nNo users yet.`);
  });

  it('refuses in one line, acting on no database, when it cannot read the settings file', async () => {
    const unreadable = await mkdtemp(path.join(tmpdir(), 'unreadable-settings-'));
    try {
      // A folder where the file should be: it cannot be read, as a file another user owns cannot.
      await mkdir(path.join(unreadable, '.env'));
      const refused = await run(unreadable, ['scripts/user.ts', 'list']);
      expect(refused.code).toBe(78);
      expect(refused.stdout).toBe('');
      expect(refused.stderr).toMatch(
        /^practice-site cannot read its settings file, \.env \([\w ]+\): run npm commands as the site's own user \(docs\/operations\.md, "Settings"\)\.\n$/,
      );
      // A link to a file that is not there (or not to be reached) is refused the same way, never skipped.
      await rm(path.join(unreadable, '.env'), { recursive: true });
      await symlink(path.join(unreadable, 'gone', 'env'), path.join(unreadable, '.env'));
      const dangling = await run(unreadable, ['scripts/user.ts', 'list']);
      expect(dangling.code).toBe(78);
      expect(dangling.stderr).toContain(
        "cannot read its settings file, .env (ENOENT): run npm commands as the site's own user",
      );
    } finally {
      await rm(unreadable, { recursive: true, force: true });
    }
  });

  it('names a PostgreSQL database without its password', async () => {
    const refused = await run(folder, ['scripts/user.ts', 'list'], {
      DATABASE_URL: 'postgres://site:s3cret-pass@127.0.0.1:9/practice_site?password=s3cret-pass',
    });
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('Database: postgres://site@127.0.0.1:9/practice_site\n');
    expect(refused.stdout + refused.stderr).not.toContain('s3cret');
  });

  it('refuses an older Node in one line naming the version needed, before reading any TypeScript', async () => {
    const { engines } = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8'));
    const recommended = (await readFile(path.join(root, '.nvmrc'), 'utf8')).trim();
    // This Node made to say it is 20, as Debian 12's is: a TypeScript file would fail to load on it.
    const asNode20 = `data:text/javascript,Object.defineProperty(process.versions, "node", { value: "20.11.0" })`;
    const refused = await run(folder, ['scripts/start.ts'], {}, ['--import', asNode20]);
    expect(refused.code).toBe(78);
    expect(engines.node).toBe('>=22.18');
    expect(refused.stderr).toBe(
      `practice-site needs Node.js 22.18 or later (${recommended} recommended, as .nvmrc says); this is Node.js 20.11.0.\n`,
    );
    expect(Number(recommended)).toBeGreaterThanOrEqual(22);
  });
});

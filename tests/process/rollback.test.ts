import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationNames } from '#server/db/migrate.ts';
import { launch } from '../support/commands.ts';
import { packageVersion, releases } from '../support/release.ts';

// The rollback drill of docs/operations.md ("Rolling back"), with the previous release's own code: its
// commit (CHANGELOG.md) taken out of git into a folder of its own, beside this checkout's packages.

const root = path.resolve(import.meta.dirname, '../..');
const previous = releases().find((release) => release.version !== packageVersion && release.commit);

/** Runs `script` of the code in `code` as npm would, from `cwd`, on `databaseUrl`. */
const run = (code: string, cwd: string, databaseUrl: string, script: string, ...args: string[]) =>
  launch(script, args, {
    code,
    cwd,
    env: {
      DATABASE_URL: databaseUrl,
      PUBLIC_URL: 'https://www.obrienmarsh.example',
      PORT: '0',
      LOG_LEVEL: 'warn',
    },
  });

describe(`rolling back from this version (${packageVersion}) to the previous release (${previous?.version})`, () => {
  let older: string;
  let site: string;
  beforeAll(() => {
    if (!previous?.commit) throw new Error('CHANGELOG.md names no earlier release with its commit');
    older = mkdtempSync(path.join(tmpdir(), `practice-site-${previous.version}-`));
    site = mkdtempSync(path.join(tmpdir(), 'practice-site-rollback-'));
    try {
      execFileSync('sh', ['-c', `git archive ${previous.commit} | tar -x -C "${older}"`], {
        cwd: root,
        stdio: 'pipe',
      });
    } catch (error) {
      throw new Error(
        `Release ${previous.version}'s commit ${previous.commit} is not in this clone (a shallow clone has no history): ${(error as { stderr?: Buffer }).stderr}`,
      );
    }
    // Its dependencies are this checkout's: a release that changes them would need its own npm ci here.
    symlinkSync(path.join(root, 'node_modules'), path.join(older, 'node_modules'));
  });
  afterAll(() => {
    rmSync(older, { recursive: true, force: true });
    rmSync(site, { recursive: true, force: true });
  });

  it('upgrades a database the previous release made, which that release then refuses in one line until the backup is restored', async () => {
    const database = `sqlite:${path.join(site, 'data/site.db')}`;
    // The site as the previous release left it, with an owner.
    expect((await run(older, site, database, 'scripts/migrate.ts')).code).toBe(0);
    expect(
      (await run(older, site, database, 'scripts/user.ts', 'add', 'partner@obrienmarsh.example', '--owner'))
        .code,
    ).toBe(0);

    const upgraded = await run(root, site, database, 'scripts/upgrade.ts');
    expect(upgraded.stderr).toBe('');
    expect(upgraded.stdout).toContain(`The database is upgraded to version ${packageVersion}.`);
    const [backup] = readdirSync(path.join(site, 'data/backups'));
    expect(backup).toMatch(/^before-/);

    // This version's migrations the previous release does not know: it refuses, everywhere, in one line.
    const olderKnows = execFileSync('git', ['show', `${previous?.commit}:src/server/db/migrate.ts`], {
      cwd: root,
      encoding: 'utf8',
    });
    const added = migrationNames.filter((name) => !olderKnows.includes(`'${name}'`));
    expect(
      added.length,
      'this version adds a migration, so the previous release must refuse',
    ).toBeGreaterThan(0);
    const refusal = `practice-site ${previous?.version}: this database was upgraded by version ${packageVersion}; run ${packageVersion} or restore the backup taken before the upgrade\n`;
    for (const script of ['src/server/main.ts', 'scripts/migrate.ts', 'scripts/user.ts']) {
      const refused = await run(
        older,
        site,
        database,
        script,
        ...(script.endsWith('user.ts') ? ['list'] : []),
      );
      expect(refused.stderr, script).toBe(refusal);
      expect(refused.code, script).toBe(78);
    }

    // The drill: the backup restored by the previous release's own command, which then runs as before.
    const restored = await run(
      older,
      site,
      database,
      'scripts/db-restore.ts',
      path.join(site, 'data/backups', backup as string),
    );
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect((await run(older, site, database, 'scripts/migrate.ts')).stdout).toContain(
      'The database is up to date.',
    );
    const listed = await run(older, site, database, 'scripts/user.ts', 'list');
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain('partner@obrienmarsh.example\towner');
  });
});

import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch } from '#tests/support/commands.ts';
import { writeStrippedCopies } from '../../scripts/stripped-copies.ts';

const checkout = path.resolve(import.meta.dirname, '../..');
/** Says, as the process ends, whether Node loaded its TypeScript stripper (amaro) in it. */
const reportStripper = `--import=data:text/javascript,process.on('exit', () => console.error('type stripper loaded: ' + process.moduleLoadList.some((m) => m.includes('amaro'))))`;

describe('the server’s modules from the build’s stripped copies', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'stripped-modules-'));
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it('runs a command without loading Node’s type stripper once the copies are made', async () => {
    const dist = path.join(folder, 'dist');
    writeStrippedCopies(path.join(dist, 'server'), checkout);
    const env = { DATABASE_URL: `sqlite:${path.join(folder, 'site.db')}`, DIST_DIR: dist };
    const migrated = await launch('scripts/migrate.ts', [], {
      cwd: checkout,
      env,
      nodeOptions: [reportStripper],
    });
    expect(migrated.code, migrated.stderr).toBe(0);
    expect(migrated.stderr).toContain('type stripper loaded: false');

    // Without copies, Node strips each module as it loads it, as it always did.
    const withoutCopies = await launch('scripts/migrate.ts', [], {
      cwd: checkout,
      env: { ...env, DIST_DIR: path.join(folder, 'no-build') },
      nodeOptions: [reportStripper],
    });
    expect(withoutCopies.code, withoutCopies.stderr).toBe(0);
    expect(withoutCopies.stderr).toContain('type stripper loaded: true');
  });

  it('runs a source changed since the build as it is now, not its stale copy', async () => {
    // A checkout of its own: the launcher, and one module with a copy made from it.
    const site = path.join(folder, 'site');
    await mkdir(path.join(site, 'scripts'), { recursive: true });
    for (const file of ['run.js', 'stripped-modules.js'])
      await copyFile(path.join(checkout, 'scripts', file), path.join(site, 'scripts', file));
    await writeFile(
      path.join(site, 'package.json'),
      JSON.stringify({ type: 'module', engines: { node: '>=22.18' } }),
    );
    const module = path.join(site, 'scripts/say.ts');
    await writeFile(module, "const said: string = 'as built';\nconsole.log(said);\n");
    writeStrippedCopies(path.join(site, 'dist/server'), site);

    const built = await launch('scripts/say.ts', [], {
      cwd: site,
      code: site,
      nodeOptions: [reportStripper],
    });
    expect(built.stdout).toBe('as built\n');
    expect(built.stderr).toContain('type stripper loaded: false');

    await writeFile(module, "const said: string = 'changed since';\nconsole.log(said);\n");
    const changed = await launch('scripts/say.ts', [], {
      cwd: site,
      code: site,
      nodeOptions: [reportStripper],
    });
    expect(changed.stdout).toBe('changed since\n');
    expect(changed.stderr).toContain('type stripper loaded: true');
  });
});

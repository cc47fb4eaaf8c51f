import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { packageVersion, releases } from '#tests/support/release.ts';

const root = path.resolve(import.meta.dirname, '..');
const newer = (a: string, b: string) => {
  const [x, y] = [a, b].map((version) => version.split('.').map(Number)) as [number[], number[]];
  for (let i = 0; i < 3; i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) > (y[i] ?? 0);
  return false;
};

it('names in CHANGELOG.md each release, newest first, with its date and commit, and package.json the version after', () => {
  const listed = releases();
  expect(listed.length).toBeGreaterThan(0);
  for (let i = 1; i < listed.length; i++)
    expect(newer(listed[i - 1]?.version as string, listed[i]?.version as string)).toBe(true);
  const [newest] = listed;
  const changelog = readFileSync(path.join(root, 'CHANGELOG.md'), 'utf8');
  if (packageVersion.endsWith('-dev')) {
    // Between releases: the next version, with what has landed under Unreleased.
    const next = packageVersion.replace(/-dev$/, '');
    expect(newer(next, newest?.version as string)).toBe(true);
    expect(changelog).toContain(`## Unreleased (${next})`);
  } else {
    expect(newest?.version).toBe(packageVersion);
  }
  for (const release of listed.filter((release) => release.version !== packageVersion)) {
    expect(release.commit, release.version).toBeDefined();
    // The commit is in this repository's history (a shallow clone would not have it).
    execFileSync('git', ['cat-file', '-e', `${release.commit}^{commit}`], { cwd: root });
  }
});

import { execFile } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The import rules live in biome.json and `npm run lint` applies them to the whole tree. These tests show
// each rule refusing what it should, and letting through what it should, so a rule that stopped working
// would be noticed: probe files are written where the rules apply, linted together (one Biome run scans
// the project once, which is most of its time), and removed.

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..');
const biome = path.join(root, 'node_modules/.bin/biome');
const unique = `${process.pid}-${Math.random().toString(36).slice(2)}`;

const refused = [
  ['src/client/lib', '#server/features/booking/queries.ts', 'The browser’s code never imports the server’s'],
  ['src/client/lib', '../../server/app.ts', 'The browser’s code never imports the server’s'],
  ['src/shared', '#server/app.ts', 'Shared code runs on both sides'],
  ['src/shared', '#client/lib/api-client.ts', 'Shared code runs on both sides'],
  [
    'src/server/features/enquiries',
    '#server/features/booking/service.ts',
    'only through that feature’s index.ts',
  ],
  [
    'src/server/features/enquiries',
    '../booking/index.ts',
    'another feature only through #server/features/NAME/index.ts',
  ],
] as const;
const allowed = [
  ['src/client/lib', '#shared/api/booking.ts'],
  ['src/shared', './zod.ts'],
  ['src/server/features/enquiries', '#server/features/mailing-list/index.ts'],
  ['src/server/features/enquiries', '#server/http/serve.ts'],
  ['src/server/features/enquiries', './service.ts'],
] as const;

/** Each probe's file, relative to the root: one importing `specifier` for each rule's case. */
const probes = [...refused, ...allowed].map(([folder, specifier], i) => ({
  file: `${folder}/boundary-probe-${unique}-${i}.ts`,
  text: `import { probe } from '${specifier}';\n\nexport const used = probe;\n`,
}));
/** Two files importing each other, which the cycle rule refuses. */
const cycleName = (side: string) => `cycle-probe-${unique}-${side}`;
const cycle = (['a', 'b'] as const).map((side) => ({
  file: `src/server/features/enquiries/${cycleName(side)}.ts`,
  text: `import { ${side === 'a' ? 'b' : 'a'} } from './${cycleName(side === 'a' ? 'b' : 'a')}.ts';\n\nexport const ${side} = () => ${side === 'a' ? 'b' : 'a'};\n`,
}));

/** What Biome says of each probe file, by path, as rule and message. */
const found = new Map<string, { category: string; message: string }[]>();
beforeAll(async () => {
  const files = [...probes, ...cycle];
  for (const { file, text } of files) writeFileSync(path.join(root, file), text);
  const { stdout } = await run(biome, ['lint', '--reporter=json', ...files.map(({ file }) => file)], {
    cwd: root,
  }).catch((error: { stdout: string }) => ({ stdout: error.stdout }));
  const report = JSON.parse(stdout) as {
    diagnostics: { category: string; message: string; location: { path: string } }[];
  };
  for (const { category, message, location } of report.diagnostics) {
    found.set(location.path, [...(found.get(location.path) ?? []), { category, message }]);
  }
}, 60_000);
afterAll(() => {
  for (const { file } of [...probes, ...cycle]) rmSync(path.join(root, file), { force: true });
});

/** The import rule's messages about the probe importing `specifier` from `folder`. */
function restrictedImports(folder: string, specifier: string): string[] {
  const index = [...refused, ...allowed].findIndex(([f, s]) => f === folder && s === specifier);
  return (found.get(probes[index]?.file ?? '') ?? [])
    .filter((diagnostic) => diagnostic.category === 'lint/style/noRestrictedImports')
    .map((diagnostic) => diagnostic.message);
}

describe('the import boundaries biome.json enforces', () => {
  it.each(refused)('refuses, in %s, an import of %s', (folder, specifier, words) => {
    const problems = restrictedImports(folder, specifier);
    expect(problems.join('\n').replaceAll("'", '’')).toContain(words);
  });

  it.each(allowed)('lets %s import %s', (folder, specifier) => {
    expect(restrictedImports(folder, specifier)).toEqual([]);
  });
});

describe('the direction of every import', () => {
  it('refuses two files that import each other, wherever they are', () => {
    const cycles = cycle.flatMap(({ file }) =>
      (found.get(file) ?? []).filter((d) => d.category === 'lint/suspicious/noImportCycles'),
    );
    expect(cycles).toHaveLength(2);
  });
});

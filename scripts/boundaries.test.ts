import { execFile } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

// The import rules live in biome.json and `npm run lint` applies them to the whole tree. These tests show
// each rule refusing what it should, and letting through what it should, so a rule that stopped working
// would be noticed: a file is written where the rule applies, linted, and removed.

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..');
const biome = path.join(root, 'node_modules/.bin/biome');

async function restrictedImports(folder: string, specifier: string): Promise<string[]> {
  const file = path.join(
    root,
    folder,
    `boundary-probe-${process.pid}-${Math.random().toString(36).slice(2)}.ts`,
  );
  writeFileSync(file, `import { probe } from '${specifier}';\n\nexport const used = probe;\n`);
  try {
    const { stdout } = await run(biome, ['lint', '--reporter=json', file], { cwd: root }).catch(
      (error: { stdout: string }) => ({ stdout: error.stdout }),
    );
    const report = JSON.parse(stdout) as { diagnostics: { category: string; message: string }[] };
    return report.diagnostics
      .filter((diagnostic) => diagnostic.category === 'lint/style/noRestrictedImports')
      .map((diagnostic) => diagnostic.message);
  } finally {
    rmSync(file, { force: true });
  }
}

describe('the import boundaries biome.json enforces', () => {
  it.each([
    [
      'src/client/lib',
      '#server/features/booking/queries.ts',
      'The browser’s code never imports the server’s',
    ],
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
  ])('refuses, in %s, an import of %s', async (folder, specifier, words) => {
    const problems = await restrictedImports(folder, specifier);
    expect(problems.join('\n').replaceAll("'", '’')).toContain(words);
  });

  it.each([
    ['src/client/lib', '#shared/api/booking.ts'],
    ['src/shared', './zod.ts'],
    ['src/server/features/enquiries', '#server/features/mailing-list/index.ts'],
    ['src/server/features/enquiries', '#server/http/serve.ts'],
    ['src/server/features/enquiries', './service.ts'],
  ])('lets %s import %s', async (folder, specifier) => {
    expect(await restrictedImports(folder, specifier)).toEqual([]);
  });
});

describe('the direction of every import', () => {
  it('refuses two files that import each other, wherever they are', async () => {
    const folder = path.join(root, 'src/server/features/enquiries');
    const name = (side: string) => `cycle-probe-${process.pid}-${side}`;
    const files = ['a', 'b'].map((side) => path.join(folder, `${name(side)}.ts`));
    writeFileSync(
      files[0] as string,
      `import { b } from './${name('b')}.ts';\n\nexport const a = () => b;\n`,
    );
    writeFileSync(
      files[1] as string,
      `import { a } from './${name('a')}.ts';\n\nexport const b = () => a;\n`,
    );
    try {
      const { stdout } = await run(biome, ['lint', '--reporter=json', ...files], { cwd: root }).catch(
        (error: { stdout: string }) => ({ stdout: error.stdout }),
      );
      const report = JSON.parse(stdout) as { diagnostics: { category: string }[] };
      const cycles = report.diagnostics.filter((d) => d.category === 'lint/suspicious/noImportCycles');
      expect(cycles).toHaveLength(2);
    } finally {
      for (const file of files) rmSync(file, { force: true });
    }
  });
});

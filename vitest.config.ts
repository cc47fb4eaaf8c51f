import { globSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * The suite's kinds, each a Vitest project that runs alone (`vitest run --project api`): a test is an
 * api test when it boots the app (tests/support/app.ts), a db test when it opens a database of its own,
 * else a unit test. Browser specs live in tests/e2e/. Read from each file's imports, so a test lands in
 * the right project wherever it sits beside its code.
 */
const serverTests = globSync(['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts']);
const importsOf = (file: string) => readFileSync(file, 'utf8');
const api = serverTests.filter((file) => /support\/app\.ts'/.test(importsOf(file)));
const db = serverTests.filter(
  (file) => !api.includes(file) && /support\/(databases|migrated-database)\.ts'/.test(importsOf(file)),
);
const unit = serverTests.filter((file) => !api.includes(file) && !db.includes(file));

export default defineConfig({
  test: {
    reporters: ['default', './tests/support/summary-reporter.ts'],
    globalSetup: ['./tests/support/template-databases.ts'],
    // Vitest's default is one worker less than the cores: one, on a 2-core machine. Test files spend much
    // of their time waiting on Chromium, PostgreSQL and SMTP, so two run side by side. A third is slower
    // now that the machine is busy with two (650 s against 595 s, decision 021).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // The files of a worker share its modules: the app's code is loaded once per worker, not per file.
    isolate: false,
    projects: [
      { extends: true, test: { name: 'unit', include: unit, testTimeout: 20_000 } },
      { extends: true, test: { name: 'db', include: db, testTimeout: 20_000 } },
      { extends: true, test: { name: 'api', include: api, testTimeout: 20_000 } },
      {
        extends: true,
        test: { name: 'e2e', include: ['tests/e2e/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 60_000 },
      },
    ],
  },
});

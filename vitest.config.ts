import { globSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import ProcessSpecsFirst from './tests/support/sequencer.ts';

/**
 * The suite's kinds, each a Vitest project that runs alone (`vitest run --project api`): a test is an
 * api test when it boots the app (tests/support/app.ts), a db test when it opens a database of its own,
 * else a unit test. Browser specs live in tests/e2e/, specs of the spawned site's process in tests/process/. Read from each file's imports, so a test lands in
 * the right project wherever it sits beside its code.
 */
const serverTestFiles = globSync(['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts']);
const importsOf = (file: string) => readFileSync(file, 'utf8');
const api = serverTestFiles.filter((file) => /support\/app\.ts'/.test(importsOf(file)));
const db = serverTestFiles.filter(
  (file) => !api.includes(file) && /support\/(databases|migrated-database)\.ts'/.test(importsOf(file)),
);
const unit = serverTestFiles.filter((file) => !api.includes(file) && !db.includes(file));

const cores = availableParallelism();
const serverTestOptions = { testTimeout: 20_000, maxWorkers: cores + 1, sequence: { groupOrder: 0 } };

export default defineConfig({
  test: {
    reporters: ['default', './tests/support/summary-reporter.ts'],
    globalSetup: ['./tests/support/template-databases.ts'],
    sequence: { sequencer: ProcessSpecsFirst },
    // The files of a worker share its modules: the app's code is loaded once per worker, not per file.
    isolate: false,
    // The server tests run first, then the browser specs, each with the workers that suit it (decision
    // 021). Server tests spend much of their time waiting on PostgreSQL, SMTP and timers, so one worker
    // more than the cores keeps the machine busy. Browser specs keep it busy by themselves (Chromium
    // does most of their work), so they run one per core: a third was slower on two cores.
    projects: [
      { extends: true, test: { name: 'unit', include: unit, ...serverTestOptions } },
      { extends: true, test: { name: 'db', include: db, ...serverTestOptions } },
      { extends: true, test: { name: 'api', include: api, ...serverTestOptions } },
      // Specs of the site's own process (start, crash, backups, the deploy files, the proxy in front)
      // spawn it and wait on it, with no browser: they share the server tests' workers and timeouts
      // long enough for a boot.
      {
        extends: true,
        test: {
          name: 'process',
          include: ['tests/process/**/*.test.ts'],
          ...serverTestOptions,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          maxWorkers: Math.max(2, cores),
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});

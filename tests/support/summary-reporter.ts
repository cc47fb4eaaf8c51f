import type { Reporter, TestModule } from 'vitest/node';

/**
 * Ends the run with the ten slowest files, so growth is seen when it happens, and the plain line CI reads
 * ("N passed, N failed, N skipped") after Vitest's own summary. A module that failed outside its tests
 * counts as a failure, so a broken file never passes quietly.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>) {
    let passed = 0;
    let failed = unhandledErrors.length;
    let skipped = 0;
    for (const module of testModules) {
      // A module that failed outside its tests (a load error, a failing beforeAll) is a failure even
      // when its tests only show as skipped.
      const tests = [...module.children.allTests()];
      if (module.state() === 'failed' && !tests.some((test) => test.result().state === 'failed')) failed++;
      for (const test of tests) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
    }
    console.log(`\nThe ten slowest files:\n${slowest(testModules, 10)}`);
    console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
  }
}

/** One line per file, slowest first: its time (tests, hooks and set-up), its project and its path. */
function slowest(testModules: ReadonlyArray<TestModule>, count: number) {
  const time = (module: TestModule) => {
    const { duration, setupDuration, collectDuration } = module.diagnostic();
    return duration + setupDuration + collectDuration;
  };
  return [...testModules]
    .sort((a, b) => time(b) - time(a))
    .slice(0, count)
    .map(
      (m) =>
        `${(time(m) / 1000).toFixed(1).padStart(7)} s  ${m.project.name.padEnd(7)}  ${m.relativeModuleId}`,
    )
    .join('\n');
}

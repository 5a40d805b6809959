import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints one closing line, `N passed, N failed` (and `, N skipped` when any were skipped), after
 * vitest's own summary, so CI and people read one number for every suite in every workspace.
 * A test file that fails to load (so it has no tests) and an unhandled error each count as one
 * failure: a broken suite must never look green.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(
    testModules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<unknown>,
  ): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const module of testModules) {
      let testsInModule = 0;
      for (const test of module.children.allTests()) {
        testsInModule += 1;
        const state = test.result().state;
        if (state === 'passed') passed += 1;
        else if (state === 'failed') failed += 1;
        else skipped += 1;
      }
      if (testsInModule === 0 && module.state() === 'failed') failed += 1;
      else if (module.errors().length > 0) failed += module.errors().length;
    }
    failed += unhandledErrors.length;
    const tail = skipped > 0 ? `, ${skipped} skipped` : '';
    process.stdout.write(`\n${passed} passed, ${failed} failed${tail}\n`);
  }
}

import { defineConfig } from 'vitest/config';
import { assertPinnedNode } from './scripts/lib/node-runtime.ts';
import FirstThenVitestOrder from './test-support/sequencer.ts';
import { TEST_WORKERS } from './test-support/workers.ts';

// Every suite runs on the production Node.js (scripts/lib/node-runtime.ts): another major fails
// here, before any test, instead of testing a runtime production never runs.
assertPinnedNode('npm test');

// One vitest run covers every workspace; each workspace keeps its own vitest.config.ts
// (environment, setup files, timeouts). The summary reporter prints the closing line
// `N passed, N failed` that CI reads.
export default defineConfig({
  test: {
    projects: [
      'packages/domain',
      'web',
      'web/vitest.node.config.ts',
      'functions',
      'emulators/firestore',
      'emulators/stripe',
      'e2e',
      'e2e/vitest.cost.config.ts',
    ],
    // The cost report's budgets start first in the pool of suites (test-support/sequencer.ts).
    sequence: { sequencer: FirstThenVitestOrder },
    reporters: ['default', './test-support/summary-reporter.ts'],
    passWithNoTests: true,
    // Console output (the functions' structured logs, say) is shown only for a test that fails.
    silent: 'passed-only',
    // The same worker count every project sets (test-support/workers.ts): vitest 5 reads it per
    // project, and the global setups read this one to size their stacks.
    maxWorkers: TEST_WORKERS,
  },
});

import { defineProject } from 'vitest/config';
import { TEST_WORKERS } from '../test-support/workers.ts';

// The journeys run one after another on one local stack and one browser (started by the global
// setup), as one test file (src/run-journeys.ts says why) in the pool of the other suites
// (TEST_WORKERS, test-support/workers.ts), started first (test-support/sequencer.ts): they hold
// one worker from the start to the end of the run while the other workers run the other suites'
// files. Each journey is independent of the others' data: fresh accounts, or demo accounts no
// other journey changes.
export default defineProject({
  test: {
    name: 'e2e',
    environment: 'node',
    // Every journey (src/*.e2e.ts) through the one file; the cost report's budgets are a project
    // of their own (vitest.cost.config.ts).
    include: ['src/run-journeys.ts'],
    globalSetup: ['src/global-setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 180_000,
    retry: 0,
    maxWorkers: TEST_WORKERS,
  },
});

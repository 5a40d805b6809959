import { defineProject } from 'vitest/config';

// Journeys run one after another on one local stack and one browser (started by the global
// setup), after the other suites, which run side by side on TEST_WORKERS workers
// (test-support/workers.ts). A project of one worker is its own group in vitest 5, run last.
// Side by side (maxWorkers: TEST_WORKERS, a stack per worker: support/provided.ts `thisStack`)
// was measured slower on 2 cores: two journeys' Functions emulators start a worker process per
// function and per concurrent call (82 at once, about a second of CPU each), and the quotes
// journey took 177 s instead of 69 s. Each journey is independent of the others' data: fresh
// accounts, or demo accounts no other journey changes.
export default defineProject({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['src/**/*.e2e.ts'],
    globalSetup: ['src/global-setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 180_000,
    retry: 0,
    maxWorkers: 1,
  },
});

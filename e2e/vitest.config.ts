import { defineProject } from 'vitest/config';

// Journeys run one after another on one local stack and one browser (started by the global
// setup), after the other suites. They could run side by side on a stack per worker
// (E2E_PARALLEL=1, test-support/worker-stack.ts), but on 2 cores that saves little and puts
// timing-sensitive steps (the large catalog's 100 ms searches) under the other journey's load.
// Each journey is independent of the others' data: fresh accounts, or demo accounts no other
// journey changes.
export default defineProject({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['src/**/*.e2e.ts'],
    globalSetup: ['src/global-setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 180_000,
    retry: 0,
    fileParallelism: process.env.E2E_PARALLEL === '1',
  },
});

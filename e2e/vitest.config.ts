import { defineProject } from 'vitest/config';

// Journeys run one after another on one local stack and one browser (started by the global
// setup), after the other suites, which run side by side on TEST_WORKERS workers
// (test-support/workers.ts). A project of one worker is its own group in vitest 5, run last.
// In the shared pool instead (maxWorkers: TEST_WORKERS, a stack per worker: support/provided.ts
// `thisStack`), on 2 cores, `npm test` took 1,989 s in a clean clone against about 2,210 s, but
// each of two clean-clone runs failed journeys that pass alone: the large catalog's search
// took 413 ms beside another journey (its bound is 250 ms), and the quotes journey's Send dialog
// kept "Quote" checked after its "Payment link" was clicked, and the cost journey's refund toast
// did not show within 90 s. So they stay here until journeys hold up under that load
// (docs/testing.md). Each journey is independent of the others' data: fresh accounts, or demo
// accounts no other journey changes.
export default defineProject({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['src/**/*.e2e.ts'],
    // The cost report's budgets run in the pool of the other suites (vitest.cost.config.ts).
    exclude: ['src/cost-budgets.e2e.ts'],
    globalSetup: ['src/global-setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 180_000,
    retry: 0,
    maxWorkers: 1,
  },
});

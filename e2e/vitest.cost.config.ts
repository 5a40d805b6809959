import { defineProject } from 'vitest/config';
import { TEST_WORKERS } from '../test-support/workers.ts';

// The cost report's budgets (src/cost-budgets.e2e.ts) on a stack and a Chromium of their own:
// unlike the journeys (vitest.config.ts), it needs neither their stack nor their browser, and
// no timing of its holds it to a quiet machine (each action is measured until the emulators say
// nothing is under way). Most of its three minutes are spent waiting for the emulators to be
// still, so it runs in the pool of the other suites (the same TEST_WORKERS, group 0), first of
// them (test-support/sequencer.ts), instead of adding its time to the journeys' run at the end.
export default defineProject({
  test: {
    name: 'e2e-cost',
    environment: 'node',
    include: ['src/cost-budgets.e2e.ts'],
    testTimeout: 600_000,
    hookTimeout: 300_000,
    retry: 0,
    maxWorkers: TEST_WORKERS,
  },
});

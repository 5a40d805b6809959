import { defineProject } from 'vitest/config';
import { TEST_WORKERS } from '../test-support/workers.ts';
import { MEASURED_JOURNEYS } from './measured-journeys.ts';

// Journeys share the run's TEST_WORKERS workers (test-support/workers.ts) with the other suites'
// files, in the same group, each worker with a stack of its own (support/provided.ts
// `thisStack`): a journey keeps about 1.3 of 2 cores busy (Chromium, the stack, vitest), so one
// running beside a functions or web file uses the machine that one after another left idle.
// Run only among themselves, two at a time barely beat one at a time (5 journeys: 271 s against
// 259 s). Until the Functions emulator ran one worker for every function (scripts/lib/stack.ts),
// two journeys side by side were slower: each call started a worker process of its own. Each
// journey is independent of the others' data: fresh accounts, or demo accounts no other journey
// changes. The journeys that time the page (MEASURED_JOURNEYS) are not here: they run alone, after
// everything else (vitest.measured.config.ts), since a journey beside them slows what they time.
export default defineProject({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['src/**/*.e2e.ts'],
    exclude: MEASURED_JOURNEYS,
    globalSetup: ['src/global-setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 180_000,
    retry: 0,
    maxWorkers: TEST_WORKERS,
  },
});

import { defineProject } from 'vitest/config';
import { MEASURED_JOURNEYS } from './measured-journeys.ts';

// The journeys that time the page (measured-journeys.ts says why they are apart): the same setup
// as the other journeys (a stack and a browser of their own), one file at a time. A project of one
// worker is a group of its own in vitest 5, run after the pool's group, so nothing runs beside them.
export default defineProject({
  test: {
    name: 'e2e-measured',
    environment: 'node',
    include: MEASURED_JOURNEYS,
    globalSetup: ['src/global-setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 180_000,
    retry: 0,
    maxWorkers: 1,
  },
});

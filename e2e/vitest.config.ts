import { defineProject } from 'vitest/config';

// Journeys run side by side, one per vitest worker, each worker on a local stack of its own
// (started by the global setup with one shared browser); one stack serves its worker's journeys
// one after another. Each journey is independent of the others' data: fresh accounts, or demo
// accounts no other journey changes.
export default defineProject({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['src/**/*.e2e.ts'],
    globalSetup: ['src/global-setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 180_000,
    retry: 0,
  },
});

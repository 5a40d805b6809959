import { defineProject } from 'vitest/config';

// Journeys share one local stack and one browser (started once by the global setup), so they
// run one file after another in a single worker. Each journey is independent of the others'
// data: fresh accounts, or demo accounts no other journey changes.
export default defineProject({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['src/**/*.e2e.ts'],
    globalSetup: ['src/global-setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    retry: 0,
  },
});

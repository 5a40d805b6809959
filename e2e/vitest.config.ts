import { defineProject } from 'vitest/config';

// Journeys share one local stack and one browser, so they run in a single file-ordered worker.
export default defineProject({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['src/**/*.e2e.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});

import { defineProject } from 'vitest/config';
import { TEST_WORKERS } from '../../test-support/workers.ts';

export default defineProject({
  test: {
    name: 'stripe-sandbox',
    maxWorkers: TEST_WORKERS,
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});

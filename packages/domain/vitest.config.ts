import { defineProject } from 'vitest/config';
import { TEST_WORKERS } from '../../test-support/workers.ts';

export default defineProject({
  test: {
    name: 'domain',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    maxWorkers: TEST_WORKERS,
  },
});

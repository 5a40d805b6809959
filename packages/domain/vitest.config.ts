import { defineProject } from 'vitest/config';
import { TEST_WORKERS } from '../../test-support/workers.ts';

export default defineProject({
  test: {
    name: 'domain',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    maxWorkers: TEST_WORKERS,
    // Pure functions, no mocks, no environment changed: a worker keeps its modules from one file
    // to the next. On 2 cores 12 s and 22 CPU-seconds with a process per file, 3 s and 5 without.
    isolate: false,
  },
});

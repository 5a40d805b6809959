import { defineProject } from 'vitest/config';
import { TEST_WORKERS } from '../../test-support/workers.ts';

export default defineProject({
  test: {
    name: 'firestore-emulator',
    maxWorkers: TEST_WORKERS,
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // firebase-admin's auth library would otherwise probe the cloud metadata server and warn.
    env: { METADATA_SERVER_DETECTION: 'none' },
    // A worker keeps its modules from one file to the next (no file mocks a module, each starts
    // and stops its own emulators, and test/support/restore-env.ts puts back what a file changes
    // in process.env): on 2 cores the suite took 91 s and 143 CPU-seconds with a fresh process
    // per file, 70 s and 95 without.
    isolate: false,
    setupFiles: ['./test/support/restore-env.ts'],
  },
});

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
  },
});

import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'firestore-emulator',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // firebase-admin's auth library would otherwise probe the cloud metadata server and warn.
    env: { METADATA_SERVER_DETECTION: 'none' },
  },
});

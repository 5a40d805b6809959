import { defineProject } from 'vitest/config';
import { TEST_WORKERS } from '../test-support/workers.ts';

export default defineProject({
  test: {
    name: 'functions',
    maxWorkers: TEST_WORKERS,
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/support/global-setup.ts'],
    setupFiles: ['./test/support/use-worker-stack.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Files run side by side, each worker on an emulator stack of its own (global-setup.ts), so
    // no file resets the data of another that is running.
    // A worker keeps its modules from one file to the next (no file mocks a module; each names its
    // own data and restores the environment it changes): loading firebase-admin, gRPC and the
    // handlers again for each of the 113 files cost the workers 447 s of CPU, 321 s without.
    isolate: false,
  },
});

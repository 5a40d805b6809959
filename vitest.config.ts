import { defineConfig } from 'vitest/config';

// One vitest run covers every workspace; each workspace keeps its own vitest.config.ts
// (environment, setup files, timeouts). The summary reporter prints the closing line
// `N passed, N failed` that CI reads.
export default defineConfig({
  test: {
    projects: [
      'packages/domain',
      'web',
      'functions',
      'emulators/firestore',
      'emulators/stripe',
      'e2e',
    ],
    reporters: ['default', './test-support/summary-reporter.ts'],
    passWithNoTests: true,
    // Console output (the functions' structured logs, say) is shown only for a test that fails.
    silent: 'passed-only',
  },
});

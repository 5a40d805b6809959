import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { assertPinnedNode } from './scripts/lib/node-runtime.ts';

// Every suite runs on the production Node.js (scripts/lib/node-runtime.ts): another major fails
// here, before any test, instead of testing a runtime production never runs.
assertPinnedNode('npm test');

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
    // Vitest's default is one worker less than the cores: one worker on a 2-core machine, so the
    // suites that can run side by side (web, domain, the emulators') would not. Two workers keep
    // both cores busy (97% measured while these suites run) and finish them about a third
    // sooner. The end-to-end journeys run on one local stack per worker (e2e/src/global-setup.ts),
    // hence at most 4. The functions suite shares one stack and runs its files one at a time,
    // after the rest.
    maxWorkers: Math.min(4, Math.max(2, availableParallelism() - 1)),
  },
});

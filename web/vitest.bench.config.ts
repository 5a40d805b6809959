import { defineProject } from 'vitest/config';
import web from './vitest.config';

/**
 * The web benchmarks (`npm run bench:upload`): the web project's setup (happy-dom, the Firestore
 * stand-in) for the `*.bench.tsx` files, which the test suite does not run.
 */
export default defineProject({
  ...web,
  test: {
    ...web.test,
    name: 'web-bench',
    include: ['src/**/*.bench.tsx'],
    testTimeout: 120_000,
  },
});

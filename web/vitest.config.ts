import { defineProject } from 'vitest/config';
import { NODE_REALM_FILES, WEB_TESTS, webProject } from './vitest.shared.ts';

// The web suite's files in VM contexts (vitest.shared.ts says why, and which files are not).
export default defineProject(
  webProject('web', {
    include: WEB_TESTS,
    exclude: NODE_REALM_FILES,
    pool: 'vmThreads',
    // The packages the app runs on, each bundled once into a few files by Vite's dependency
    // optimizer (kept in web/node_modules/.vite/vitest), instead of hundreds of modules that every
    // file's VM context resolved and loaded again: a CPU profile of the suite had 27 of its 238
    // busy seconds in module resolution (stat calls, package.json exports). On 2 cores, alone:
    // 112 to 122 s (201 to 222 CPU-seconds) in three runs with it, 114 to 147 s (208 to 270) in
    // six without. Not in web-node: its files need Node's own loading of these packages
    // (vitest.shared.ts), and its catalog panel's and photos field's tests failed with them bundled.
    deps: {
      optimizer: {
        client: {
          enabled: true,
          include: [
            'antd',
            '@ant-design/icons',
            'react',
            'react-dom',
            'react-router',
            'recharts',
            'dayjs',
            '@tanstack/react-query',
            'react-hook-form',
            'zod',
          ],
        },
      },
    },
  }),
);

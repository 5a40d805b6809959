import { defineProject } from 'vitest/config';
import { NODE_REALM_FILES, WEB_TESTS, webProject } from './vitest.shared.ts';

// The web suite's files in VM contexts (vitest.shared.ts says why, and which files are not).
export default defineProject(
  webProject('web', { include: WEB_TESTS, exclude: NODE_REALM_FILES, pool: 'vmThreads' }),
);

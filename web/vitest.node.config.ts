import { defineProject } from 'vitest/config';
import { NODE_REALM_FILES, webProject } from './vitest.shared.ts';

// The web suite's files that need Node's own globals, a process each (vitest.shared.ts).
export default defineProject(webProject('web-node', { include: NODE_REALM_FILES, pool: 'forks' }));

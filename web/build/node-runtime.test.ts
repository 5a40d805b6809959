// @vitest-environment node
/**
 * The web suite (and the Vite build it tests) runs on the production Node.js pinned in the root
 * package.json (scripts/lib/node-runtime.ts), not on the machine's own Node.
 */
import { expect, it } from 'vitest';
import { pinnedNodeVersion } from '../../scripts/lib/node-runtime';

it('runs on the pinned Node.js', () => {
  expect(process.version).toBe(`v${pinnedNodeVersion()}`);
});

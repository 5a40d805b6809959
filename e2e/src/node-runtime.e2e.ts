/**
 * The journeys and the stack they drive run on the production Node.js pinned in the root
 * package.json (scripts/lib/node-runtime.ts): this worker, and the functions themselves as the
 * Functions emulator runs them (an emulator-only function reports its process.version).
 */
import { expect, test } from 'vitest';
import { pinnedNodeVersion } from '../../scripts/lib/node-runtime';
import { thisStack } from './support/provided';

const pinned = `v${pinnedNodeVersion()}`;

test('the journeys run on the pinned Node.js', () => {
  expect(process.version).toBe(pinned);
});

test('the Functions emulator runs the functions on the pinned Node.js', async () => {
  const stack = thisStack();
  const response = await fetch(
    `${stack.urls.functions}/${stack.projectId}/us-central1/emulator-runtime`,
  );
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ node: pinned });
});

/**
 * How every firebase-tools this repository starts runs its emulators: the local stack
 * (stack.ts: `npm start`, the function tests, the journeys) and the Firestore emulator's own
 * tests of it under firebase-tools (emulators/firestore/test/support/firebase-tools-stack.ts).
 */
import path from 'node:path';
import { ROOT } from './root';

/**
 * NODE_OPTIONS for firebase-tools and what it starts, with two files loaded first:
 * - functions-worker-order.cjs has the Functions worker take the message naming a request's
 *   function and that request strictly in turn (without it, under load, a call ran as another
 *   function about once in 40: docs/performance.md);
 * - auth-emulator-lazy-schemas.cjs has the Auth emulator compile each request validator on its
 *   first use instead of all of them at start (ready in about 2.5 s instead of 10, 8 CPU-seconds
 *   less per start on 2 cores: docs/testing.md).
 * Each acts only in its own process and does nothing in the others.
 */
export function withFirebaseToolsPreloads(nodeOptions: string | undefined): string {
  const preloads = ['functions-worker-order.cjs', 'auth-emulator-lazy-schemas.cjs'].map(
    (file) => `--require ${JSON.stringify(path.join(ROOT, 'scripts/lib', file))}`,
  );
  return [nodeOptions, ...preloads].filter(Boolean).join(' ');
}

/**
 * `emulators:start` arguments for a Functions emulator that runs every function in one worker
 * process, one call at a time, with the Node inspector on `inspectorPort`. firebase-tools does
 * that only while functions are being debugged (--inspect-functions); otherwise it starts a
 * worker process for each function on its first call, and one more for each call made while that
 * function's worker is busy, and each worker costs about 1 s of CPU to load its functions.
 * Measured on 2 cores, four journeys (catalog, claims, keyboard-only, quotes): 35 workers and
 * 123 s of their CPU, 258 s; with one worker, 8 s of its CPU and 165 s. The Firestore emulator's
 * three test files under firebase-tools: 61 CPU-seconds and 41 s, then 25 and 23 s
 * (docs/testing.md). Calls queue instead of running side by side, as each production instance
 * would past its concurrency; nothing here calls a function and waits for another (the Stripe
 * sandbox answers the API before it sends the webhooks). Functions' own timeouts are not enforced
 * in this mode. Needs withFirebaseToolsPreloads' worker-order file.
 */
export function oneFunctionsWorker(inspectorPort: number): string[] {
  return ['--inspect-functions', String(inspectorPort)];
}

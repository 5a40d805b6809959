import type { TestProject } from 'vitest/node';
import { startStack, type RunningStack } from '../../../scripts/lib/stack';
import { stacksNeeded } from '../../../test-support/worker-stack';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Per stack, the environment that points the Admin SDK and the handlers at it. */
    functionStacks: Record<string, string>[];
  }
}

/**
 * Starts the Auth emulator, the local Firestore emulator and the Stripe sandbox on free ports,
 * once per vitest worker that will run a function test file, so files running side by side never
 * reset each other's data (support/use-worker-stack.ts points each file at its worker's stack).
 * Handlers are called directly; e2e covers the Functions emulator.
 */
export default async function setup(project: TestProject) {
  const count = await stacksNeeded(project);
  const results = await Promise.allSettled(
    Array.from({ length: count }, (_, i) =>
      startStack({
        ports: 'free',
        services: { auth: true, firestore: true, stripe: true, functions: false, web: false },
        log: (service, line) => {
          if (process.env.STACK_LOGS) process.stdout.write(`[${i + 1} ${service}] ${line}\n`);
        },
      }),
    ),
  );
  const stacks = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const stopAll = async () => {
    await Promise.allSettled(stacks.map((stack: RunningStack) => stack.stop()));
  };
  const failure = results.find((result) => result.status === 'rejected');
  if (failure) {
    await stopAll();
    throw failure.reason;
  }
  project.provide(
    'functionStacks',
    stacks.map((stack) => ({ ...stack.env, STRIPE_SANDBOX_KEY: 'sk_test_local_sandbox' })),
  );
  return stopAll;
}

import { startStack, type RunningStack } from '../../../scripts/lib/stack';

/**
 * Starts the Auth emulator, the local Firestore emulator and the Stripe sandbox once for all
 * function tests, on free ports, and points the Admin SDK at them through the environment
 * (workers inherit it). Handlers are called directly; e2e covers the Functions emulator.
 */
let stack: RunningStack | undefined;

export default async function setup() {
  stack = await startStack({
    ports: 'free',
    services: { auth: true, firestore: true, stripe: true, functions: false, web: false },
    log: (service, line) => {
      if (process.env.STACK_LOGS) process.stdout.write(`[${service}] ${line}\n`);
    },
  });
  Object.assign(process.env, stack.env);
  process.env.STRIPE_SANDBOX_KEY = 'sk_test_local_sandbox';
  return async () => {
    await stack?.stop();
  };
}

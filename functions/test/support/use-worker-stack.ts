import { inject } from 'vitest';
import { workerIndex } from '../../../test-support/worker-stack';

// Before the test file imports anything: the Admin SDK, the handlers and the Stripe client read
// these variables when they start (global-setup.ts).
const stacks = inject('functionStacks');
Object.assign(process.env, stacks[workerIndex(stacks.length)]);

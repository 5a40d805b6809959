import { availableParallelism } from 'node:os';
import { MAX_STACKS } from './worker-stack.ts';

/**
 * How many test files run at once, across every suite: one less than the cores, at least two (both
 * cores of a 2-core machine busy), at most MAX_STACKS (each functions worker, and each end-to-end
 * worker when there are more than one, has a local stack of its own: test-support/worker-stack.ts).
 *
 * Every project sets it itself: vitest 5 does not hand the root config's `maxWorkers` down to the
 * projects, and a project left at its default (one less than the cores: one on a 2-core machine)
 * is run alone, file after file, after the others. Projects sharing one `maxWorkers` (and group
 * order) share the pool instead. The journeys are one file of that pool, so they take one worker
 * at a time (e2e/src/run-journeys.ts says why).
 */
export const TEST_WORKERS = Math.min(MAX_STACKS, Math.max(2, availableParallelism() - 1));

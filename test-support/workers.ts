import { availableParallelism } from 'node:os';

/**
 * How many test files run at once, across every suite: one less than the cores, at least two (both
 * cores of a 2-core machine busy), at most four (each end-to-end or functions worker has a local
 * stack of its own: test-support/worker-stack.ts).
 *
 * Every project sets it itself: vitest 5 does not hand the root config's `maxWorkers` down to the
 * projects, and a project left at its default (one less than the cores: one on a 2-core machine)
 * is run alone, file after file, after the others. Projects sharing one `maxWorkers` (and group
 * order) share the pool instead: the journeys run beside the unit suites and beside each other.
 */
export const TEST_WORKERS = Math.min(4, Math.max(2, availableParallelism() - 1));

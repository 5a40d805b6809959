// @vitest-environment node
/**
 * Vitest 5 reads `maxWorkers` per project and does not hand the root config's down: a project
 * left at its default (one less than the cores, one on a 2-core machine) is a group of its own,
 * run alone after the others, and when every project was, the whole suite ran one file at a time.
 * Every project but the journeys shares the pool of TEST_WORKERS; the journeys run one at a time.
 */
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { TEST_WORKERS } from '../../test-support/workers.ts';

const POOLED = [
  '../vitest.config.ts',
  '../vitest.node.config.ts',
  '../../functions/vitest.config.mts',
  '../../packages/domain/vitest.config.ts',
  '../../emulators/firestore/vitest.config.ts',
  '../../emulators/stripe/vitest.config.ts',
  // The cost report's budgets: a stack and a browser of their own, mostly waiting.
  '../../e2e/vitest.cost.config.ts',
];

interface ProjectConfig {
  test?: { maxWorkers?: unknown; include?: string[]; exclude?: string[] };
}

/** A config's own `test` options, imported by absolute path (vitest resolves `/…` from web/). */
async function maxWorkersOf(file: string): Promise<unknown> {
  const module = (await import(fileURLToPath(new URL(file, import.meta.url)))) as {
    default: ProjectConfig;
  };
  return module.default.test?.maxWorkers;
}

it('runs on at least two workers, at most four', () => {
  expect(TEST_WORKERS).toBeGreaterThanOrEqual(2);
  expect(TEST_WORKERS).toBeLessThanOrEqual(4);
});

it.each(POOLED)('%s runs its files in the shared pool of TEST_WORKERS', async (file) => {
  expect(await maxWorkersOf(file)).toBe(TEST_WORKERS);
});

it('the root config sizes the global setups’ stacks by the same count', async () => {
  expect(await maxWorkersOf('../../vitest.config.ts')).toBe(TEST_WORKERS);
});

it('the journeys run one at a time, after the pool', async () => {
  const config = ((await import('../../e2e/vitest.config.ts')) as { default: ProjectConfig })
    .default;
  expect(config.test?.maxWorkers).toBe(1);
});

it('the cost report’s budgets run once, in the pool and not with the journeys', async () => {
  const journeys = ((await import('../../e2e/vitest.config.ts')) as { default: ProjectConfig })
    .default;
  const cost = ((await import('../../e2e/vitest.cost.config.ts')) as { default: ProjectConfig })
    .default;
  expect(cost.test?.include).toEqual(['src/cost-budgets.e2e.ts']);
  expect(journeys.test?.exclude).toContain('src/cost-budgets.e2e.ts');
});

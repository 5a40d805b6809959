// @vitest-environment node
/**
 * Vitest 5 reads `maxWorkers` per project and does not hand the root config's down: a project
 * left at its default (one less than the cores, one on a 2-core machine) is a group of its own,
 * run alone after the others, and when every project was, the whole suite ran one file at a time.
 * Every project shares the pool of TEST_WORKERS; the journeys are one file of it, so they run one
 * at a time beside the other suites (e2e/src/run-journeys.ts).
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { journeyFiles } from '../../e2e/src/support/journey-files.ts';
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
  // The journeys, as one file (e2e/src/run-journeys.ts).
  '../../e2e/vitest.config.ts',
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

it('the journeys are one file, which runs every journey but the cost report’s budgets', async () => {
  const journeys = ((await import('../../e2e/vitest.config.ts')) as { default: ProjectConfig })
    .default;
  const cost = ((await import('../../e2e/vitest.cost.config.ts')) as { default: ProjectConfig })
    .default;
  expect(journeys.test?.include).toEqual(['src/run-journeys.ts']);
  expect(cost.test?.include).toEqual(['src/cost-budgets.e2e.ts']);
  const src = fileURLToPath(new URL('../../e2e/src/', import.meta.url));
  const files = journeyFiles(src, undefined);
  expect(files).not.toContain('cost-budgets.e2e.ts');
  expect(files).toContain('reorder.e2e.ts');
  expect(files).toEqual(
    readdirSync(src).filter((file) => file.endsWith('.e2e.ts') && file !== 'cost-budgets.e2e.ts'),
  );
});

it('JOURNEYS picks journeys by a word of their names, and refuses a word that names none', () => {
  const src = fileURLToPath(new URL('../../e2e/src/', import.meta.url));
  expect(journeyFiles(src, 'reorder, not-found')).toEqual(['not-found.e2e.ts', 'reorder.e2e.ts']);
  expect(() => journeyFiles(src, 'cost-budgets')).toThrow(/names no journey; the journeys are: /);
  expect(() => journeyFiles(src, 'no-such')).toThrow('JOURNEYS=no-such names no journey');
});

// @vitest-environment node
/**
 * Vitest 5 reads `maxWorkers` per project and does not hand the root config's down: a project
 * left at its default (one less than the cores, one on a 2-core machine) is a group of its own,
 * run alone after the others, and when every project was, the whole suite ran one file at a time.
 * Every project, the journeys included, shares the pool of TEST_WORKERS, so a journey runs beside
 * other files instead of after them (e2e/vitest.config.ts says why).
 */
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { TEST_WORKERS } from '../../test-support/workers.ts';

const POOLED = [
  '../vitest.config.ts',
  '../../functions/vitest.config.mts',
  '../../packages/domain/vitest.config.ts',
  '../../emulators/firestore/vitest.config.ts',
  '../../emulators/stripe/vitest.config.ts',
  '../../e2e/vitest.config.ts',
];

interface ProjectConfig {
  test?: { maxWorkers?: unknown };
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

it('the journeys that time the page run alone, after the pool, and only there', async () => {
  const { MEASURED_JOURNEYS } = await import('../../e2e/measured-journeys.ts');
  type Journeys = { test?: { maxWorkers?: unknown; include?: unknown; exclude?: unknown } };
  const load = async (file: string) =>
    ((await import(fileURLToPath(new URL(file, import.meta.url)))) as { default: Journeys }).default
      .test;
  const measured = await load('../../e2e/vitest.measured.config.ts');
  expect(MEASURED_JOURNEYS).toContain('src/large-catalog.e2e.ts');
  expect(measured?.maxWorkers).toBe(1);
  expect(measured?.include).toEqual(MEASURED_JOURNEYS);
  expect((await load('../../e2e/vitest.config.ts'))?.exclude).toEqual(MEASURED_JOURNEYS);
  const root = (await load('../../vitest.config.ts')) as { projects?: unknown } | undefined;
  expect(root?.projects).toContain('e2e/vitest.measured.config.ts');
});

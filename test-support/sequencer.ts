import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Projects whose files start first in their pool: long, mostly waiting, best begun early. */
const FIRST = new Set(['e2e-cost']);

/**
 * vitest's own order (files that failed last time, then the longest by the last run's durations,
 * then the largest), except that the files of FIRST start before the others of their pool: the
 * cost report's one file takes three minutes, most of them waiting, and started last it would
 * hold the whole pool up at its end.
 */
export default class FirstThenVitestOrder extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const first = sorted.filter((spec) => FIRST.has(spec.project.name));
    return [...first, ...sorted.filter((spec) => !FIRST.has(spec.project.name))];
  }
}

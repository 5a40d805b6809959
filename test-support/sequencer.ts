import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Projects whose files start first in their pool, in this order: the journeys' one file (the
 * longest of the run: begun last, it would run alone at the end), then the cost report's (long,
 * mostly waiting).
 */
const FIRST = ['e2e', 'e2e-cost'];

/**
 * vitest's own order (files that failed last time, then the longest by the last run's durations,
 * then the largest), except that the files of FIRST start before the others of their pool: the
 * journeys take most of the run on one worker, the cost report's file three minutes, most of
 * them waiting; started late, either would hold the whole pool up at its end.
 */
export default class FirstThenVitestOrder extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const first = FIRST.flatMap((name) => sorted.filter((spec) => spec.project.name === name));
    return [...first, ...sorted.filter((spec) => !FIRST.includes(spec.project.name))];
  }
}

import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The journeys that time what a person waits for on the page: the large catalog's search (a median
 * under 100 ms) and the sign-in's redirect (2 to 8 s after the welcome). `npm test` runs the
 * journeys beside the other suites (scripts/test.ts); these run last, once those suites have ended
 * and the machine is as quiet as when a person uses the portal.
 */
export const TIMED_JOURNEYS = ['large-catalog.e2e.ts', 'buyer-onboarding.e2e.ts'];

/** vitest's own order (slowest known first, then larger files), with the timed journeys last. */
export default class JourneyOrder extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const timed = (spec: TestSpecification) =>
      TIMED_JOURNEYS.includes(path.basename(spec.moduleId));
    return [...sorted.filter((spec) => !timed(spec)), ...sorted.filter(timed)];
  }
}

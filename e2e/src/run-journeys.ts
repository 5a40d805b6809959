/**
 * Every journey (`src/*.e2e.ts` but the cost report's budgets), one after another, in one test
 * file: what `npm test` runs as the project `e2e`.
 *
 * Why one file: vitest runs a file on one worker from start to end, so the journeys take one of
 * the pool's workers in turn, one at a time on one stack and one Chromium, while the pool's other
 * workers run the other suites beside them. As files of their own, the journeys were either a
 * group run alone after every other suite (one worker: a journey keeps only about 1.3 of the two
 * cores busy, so a core was idle for a third of the run) or two at a time in the pool, where
 * journeys that time the page beside another journey failed (docs/testing.md, "How the run is
 * laid out").
 *
 * Each journey is a `describe` named after its file; the file is imported inside it, so its
 * steps, and the hooks `journey()` and the file register, belong to that journey alone. A journey
 * whose file fails to load fails on its own. `JOURNEYS=reorder,claims` runs the journeys whose
 * file names contain one of those words (`-t` works on step names as well).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, test } from 'vitest';
import { closeJourneyBrowser } from './support/browser';
import { journeyFiles, journeyName } from './support/journey-files';

const SRC = path.dirname(fileURLToPath(import.meta.url));

// The browser every journey's people use (support/browser.ts), closed after the last journey.
afterAll(closeJourneyBrowser);

for (const file of journeyFiles(SRC, process.env.JOURNEYS)) {
  describe(journeyName(file), async () => {
    try {
      await import(/* @vite-ignore */ `./${file}`);
    } catch (error) {
      test('the journey loads', () => {
        throw error;
      });
    }
  });
}

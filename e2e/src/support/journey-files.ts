/**
 * Which journey files src/run-journeys.ts runs: every `*.e2e.ts` of e2e/src but the cost
 * report's budgets (a project of its own, e2e/vitest.cost.config.ts), in name order, or with
 * `JOURNEYS=reorder,claims` those whose names contain one of the words.
 */
import { readdirSync } from 'node:fs';

/** `*.e2e.ts` files of e2e/src that are not journeys. */
export const NOT_JOURNEYS: ReadonlySet<string> = new Set(['cost-budgets.e2e.ts']);

export const journeyName = (file: string): string => file.replace(/\.e2e\.ts$/, '');

export function journeyFiles(dir: string, only: string | undefined): string[] {
  const all = readdirSync(dir)
    .filter((file) => file.endsWith('.e2e.ts') && !NOT_JOURNEYS.has(file))
    .sort();
  const words = (only ?? '')
    .split(',')
    .map((word) => word.trim())
    .filter(Boolean);
  if (words.length === 0) return all;
  const chosen = all.filter((file) => words.some((word) => journeyName(file).includes(word)));
  if (chosen.length === 0) {
    throw new Error(
      `JOURNEYS=${only} names no journey; the journeys are: ${all.map(journeyName).join(', ')}`,
    );
  }
  return chosen;
}

/**
 * The local stack's sweep worker (scripts/sweep-worker.ts): the scheduled functions, on timers.
 */

/** The sweeps it runs, one argument each. */
export const SWEEP_NAMES = ['mail', 'stale-checkouts', 'stock-folds', 'tax-certificates'] as const;
export type SweepName = (typeof SWEEP_NAMES)[number];

/**
 * What it prints once every sweep that runs at start has run once, with or without an error. A
 * stack started with `quietSweeps` (the cost report's) waits for it, so that the reads of those
 * sweeps are over before anything is measured.
 */
export const FIRST_SWEEPS_DONE = 'first sweeps done';

/** Its arguments: one or more sweep names, each once. */
export function parseSweepNames(args: readonly string[]): SweepName[] {
  if (args.length === 0) {
    throw new Error(`name the sweeps to run: ${SWEEP_NAMES.join(', ')}`);
  }
  const names: SweepName[] = [];
  for (const arg of args) {
    if (!(SWEEP_NAMES as readonly string[]).includes(arg)) {
      throw new Error(`unknown sweep "${arg}": the sweeps are ${SWEEP_NAMES.join(', ')}`);
    }
    if ((names as string[]).includes(arg)) throw new Error(`"${arg}" is named twice`);
    names.push(arg as SweepName);
  }
  return names;
}

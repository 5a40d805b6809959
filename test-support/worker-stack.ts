/**
 * Which of the stacks a global setup started belongs to the vitest worker running this file.
 * Vitest numbers its workers 1..maxWorkers (VITEST_POOL_ID) and no two files running at the same
 * time share a number, so files running side by side never share a stack, and the files of one
 * worker use its stack one after another. Used by the end-to-end and the functions suites.
 */
export function workerIndex(stackCount: number): number {
  if (stackCount < 1) throw new Error('The global setup provided no stack');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  return ((Number.isInteger(worker) && worker > 0 ? worker : 1) - 1) % stackCount;
}

/** More stacks than this would not fit a developer machine's memory and cores. */
export const MAX_STACKS = 4;

/**
 * How many stacks a suite's global setup starts: one per worker that will run one of its files,
 * that is as many as vitest runs at once (1 for a suite whose files run one after another), no
 * more than there are files to run (one for the journeys' one file), and never
 * more than MAX_STACKS. Never fewer than the workers: two files running at once must not share.
 */
export async function stacksNeeded(project: {
  config: { maxWorkers?: unknown };
  vitest: { config: { maxWorkers?: unknown } };
  globTestFiles(filters?: string[]): Promise<{ testFiles: string[] }>;
}): Promise<number> {
  const workers = Number(project.config.maxWorkers || project.vitest.config.maxWorkers) || 1;
  // The command line's file filters (not public API: without them every file is counted).
  const filters = (project.vitest as { filenamePattern?: string[] }).filenamePattern;
  const { testFiles } = await project.globTestFiles(filters);
  return Math.max(1, Math.min(workers, testFiles.length, MAX_STACKS));
}

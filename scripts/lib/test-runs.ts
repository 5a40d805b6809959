/** How `npm test` (scripts/test.ts) reads each vitest run's closing line and sums them. */

export interface RunCounts {
  passed: number;
  failed: number;
  skipped: number;
}

export interface RunResult {
  name: string;
  /** From the run's closing line (test-support/summary-reporter.ts); none when it never printed one. */
  counts?: RunCounts;
  code: number | null;
  seconds: number;
}

const CLOSING_LINE = /^(\d+) passed, (\d+) failed(?:, (\d+) skipped)?$/;

/** The counts of a line `N passed, N failed[, N skipped]`, or undefined for any other line. */
export function readClosingLine(line: string): RunCounts | undefined {
  const match = CLOSING_LINE.exec(line.trim());
  if (!match) return undefined;
  return { passed: Number(match[1]), failed: Number(match[2]), skipped: Number(match[3] ?? 0) };
}

/**
 * One line per run and the closing line for all of them. A run that printed no closing line, or
 * that exited with an error while its line said nothing failed (it crashed after it), counts as
 * one failure more: a broken run never looks green.
 */
export function summarize(runs: readonly RunResult[]): { lines: string[]; failed: number } {
  const total: RunCounts = { passed: 0, failed: 0, skipped: 0 };
  const lines: string[] = [];
  for (const run of runs) {
    const { counts } = run;
    const said = counts
      ? `${counts.passed} passed, ${counts.failed} failed`
      : 'no closing line (one failure)';
    lines.push(
      `npm test: ${run.name} ended after ${Math.round(run.seconds)} s: ${said}, exit code ${run.code}`,
    );
    total.passed += counts?.passed ?? 0;
    total.skipped += counts?.skipped ?? 0;
    total.failed += counts ? counts.failed : 1;
    if (counts && counts.failed === 0 && run.code !== 0) total.failed += 1;
  }
  const tail = total.skipped > 0 ? `, ${total.skipped} skipped` : '';
  lines.push('', `${total.passed} passed, ${total.failed} failed${tail}`);
  return { lines, failed: total.failed };
}

/**
 * `npm test`: every suite, as two vitest runs side by side on this machine, and one closing line
 * `N passed, N failed` for both.
 *
 * - The suites (domain, Firestore emulator, Stripe sandbox, functions, web) share a pool of
 *   workers (test-support/workers.ts).
 * - The journeys (e2e) run one after another on one stack and one browser, from the start
 *   instead of after the suites: a journey keeps about 1.3 of 2 cores busy, the suites leave
 *   time on them (docs/testing.md). The journeys that time the page run last
 *   (test-support/journey-order.ts), when the suites have ended.
 *
 * The suites' output is shown as it comes; the journeys' is held until the suites end, then shown
 * as it comes, so neither interleaves with the other. With arguments (`npm test -- web/src/lib`),
 * it is one plain `vitest run` with them. Ctrl-C stops both runs and the stacks and browser they
 * started.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './lib/root';
import { descendantGroups, startProcess, type ManagedProcess } from './lib/processes';
import { readClosingLine, summarize, type RunCounts } from './lib/test-runs';

const VITEST = path.join(ROOT, 'node_modules/vitest/vitest.mjs');

interface Run {
  name: string;
  args: string[];
  /** Shown as it comes (true), or held until the runs before it end. */
  live: boolean;
  lines: string[];
  counts?: RunCounts;
  seconds?: number;
  code?: number | null;
}

const args = process.argv.slice(2);
if (args.length > 0) {
  const result = spawnSync(process.execPath, [VITEST, 'run', ...args], {
    stdio: 'inherit',
    cwd: ROOT,
  });
  process.exit(result.status ?? 1);
}

const runs: Run[] = [
  { name: 'suites', args: ['--project=!e2e'], live: true, lines: [] },
  { name: 'journeys', args: ['--project=e2e'], live: false, lines: [] },
];
const env = process.stdout.isTTY ? { FORCE_COLOR: '1' } : {};
const t0 = performance.now();

function print(line: string): void {
  process.stdout.write(`${line}\n`);
}

function onLine(run: Run, line: string): void {
  // The children's own closing lines are read here; the one printed is the sum of both.
  const counts = readClosingLine(line);
  if (counts) {
    run.counts = counts;
    return;
  }
  if (run.live) print(line);
  else run.lines.push(line);
}

const processes: ManagedProcess[] = runs.map((run) =>
  startProcess({
    name: run.name,
    command: process.execPath,
    args: [VITEST, 'run', ...run.args],
    cwd: ROOT,
    env,
    onLine: (line) => onLine(run, line),
  }),
);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    print(`\nnpm test: stopping both runs (${signal})`);
    // vitest exits on a signal without its global teardown, so the stacks and the browser its
    // setup started, each in a process group of its own, are stopped here too.
    const groups = processes.flatMap((proc) =>
      proc.child.pid === undefined ? [] : descendantGroups(proc.child.pid),
    );
    for (const group of new Set(groups)) {
      try {
        process.kill(-group, 'SIGTERM');
      } catch {
        // Already gone.
      }
    }
    void Promise.all(processes.map((proc) => proc.stop(10_000))).then(() => process.exit(130));
  });
}

await Promise.all(
  runs.map(async (run, i) => {
    run.code = await processes[i]!.exited;
    run.seconds = (performance.now() - t0) / 1000;
    if (i === 0) {
      // The suites have ended: the journeys' output so far, then the rest as it comes.
      for (const later of runs.slice(1)) {
        for (const line of later.lines.splice(0)) print(line);
        later.live = true;
      }
    }
  }),
);

const { lines, failed } = summarize(
  runs.map((run) => ({
    name: run.name,
    counts: run.counts,
    code: run.code ?? null,
    seconds: run.seconds ?? 0,
  })),
);
print('');
for (const line of lines) print(line);
process.exit(failed > 0 ? 1 : 0);

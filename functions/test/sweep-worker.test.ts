/**
 * The local stack's sweep worker (scripts/sweep-worker.ts): the scheduled functions on timers,
 * in one process. Its arguments, and the process itself on this worker's stack: it runs the
 * sweeps it is given, says when their first runs are over, and stops on SIGTERM.
 */
import { execFile, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FIRST_SWEEPS_DONE, parseSweepNames, SWEEP_NAMES } from '../../scripts/lib/sweep-workers';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const WORKER = ['--import', 'tsx', 'scripts/sweep-worker.ts'];

describe('parseSweepNames', () => {
  it('takes each sweep by name, in the order given', () => {
    expect(parseSweepNames(['tax-certificates', 'mail'])).toEqual(['tax-certificates', 'mail']);
    expect(parseSweepNames([...SWEEP_NAMES])).toEqual([
      'mail',
      'stale-checkouts',
      'stock-folds',
      'tax-certificates',
    ]);
  });

  it.each([
    [[], 'name the sweeps to run: mail, stale-checkouts, stock-folds, tax-certificates'],
    [
      ['mail', 'frobnicate'],
      'unknown sweep "frobnicate": the sweeps are mail, stale-checkouts, stock-folds, tax-certificates',
    ],
    [['mail', 'mail'], '"mail" is named twice'],
  ])('refuses %j with a clear message', (args, message) => {
    expect(() => parseSweepNames(args)).toThrow(message);
  });
});

describe('scripts/sweep-worker.ts', () => {
  it('refuses an unknown sweep with exit code 2 and the list of sweeps', async () => {
    const result = await new Promise<{ code: number; stderr: string }>((resolve) => {
      execFile(process.execPath, [...WORKER, 'frobnicate'], { cwd: ROOT }, (error, _, stderr) =>
        resolve({ code: typeof error?.code === 'number' ? error.code : 0, stderr }),
      );
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      'sweep worker: unknown sweep "frobnicate": the sweeps are mail, stale-checkouts, stock-folds, tax-certificates',
    );
  });

  it("runs its sweeps against this worker's stack, says when their first runs are over, and stops on SIGTERM", async () => {
    // This worker's stack (support/use-worker-stack.ts) has no MailDev, so no mail sweep here.
    const child = spawn(
      process.execPath,
      [...WORKER, 'stale-checkouts', 'stock-folds', 'tax-certificates'],
      {
        cwd: ROOT,
        env: { ...process.env, STOCK_FOLD_SWEEP_INTERVAL_MS: '200' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    try {
      await expect
        .poll(() => stdout, { timeout: 30_000, interval: 100 })
        .toContain(`sweep worker: ${FIRST_SWEEPS_DONE}`);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
    expect(stdout).toContain('sweep worker: sweeping stale checkouts every 900000 ms');
    expect(stdout).toContain('sweep worker: folding stock every 200 ms');
    expect(stdout).toContain('sweep worker: sweeping resale certificates every 3600000 ms');
    // Each sweep ran without an error against the stack.
    expect(stderr).toBe('');
  }, 60_000);
});

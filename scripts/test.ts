/**
 * `npm test`: every suite, offline, with one closing line `N passed, N failed`.
 *
 * Vitest runs the projects whose files share one stack (functions, e2e) one file at a time and
 * one project after the other, so in one process the end-to-end journeys, which mostly wait on
 * the browser and the emulators, would only start once everything else had finished. Here the
 * journeys run in a second vitest process next to the rest: their output is kept and printed
 * after the rest's (so the two do not interleave), then the closing line adds both up.
 *
 * With arguments (`npm test -- web/src/lib`, `npm test -- --project functions`) it is plain
 * `vitest run` with those arguments.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib/stack';

const VITEST = path.join(ROOT, 'node_modules/vitest/vitest.mjs');
/** The end-to-end project (e2e/vitest.config.ts) and every other project of vitest.config.ts. */
const E2E = 'e2e';
const OTHERS = ['domain', 'web', 'functions', 'firestore-emulator', 'stripe-sandbox'];

interface Run {
  code: number;
  summary: { passed: number; failed: number; skipped: number } | null;
}

const SUMMARY = /^(\d+) passed, (\d+) failed(?:, (\d+) skipped)?$/;

/** The last closing line the summary reporter printed (test-support/summary-reporter.ts). */
export function lastSummary(output: string): Run['summary'] {
  const lines = output
    // Colour codes (a terminal run) are dropped before matching.
    .replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '')
    .split('\n')
    .map((line) => line.trim());
  for (let i = lines.length - 1; i >= 0; i--) {
    const m = SUMMARY.exec(lines[i]!);
    if (m) return { passed: Number(m[1]), failed: Number(m[2]), skipped: Number(m[3] ?? 0) };
  }
  return null;
}

/** The closing line of both runs; a run that crashed before its summary counts as one failure. */
export function combinedSummary(runs: Run[]): string {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for (const run of runs) {
    if (!run.summary) {
      failed += 1;
      continue;
    }
    passed += run.summary.passed;
    failed += run.summary.failed + (run.code !== 0 && run.summary.failed === 0 ? 1 : 0);
    skipped += run.summary.skipped;
  }
  return `${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`;
}

const children = new Set<ReturnType<typeof spawn>>();

function vitest(args: string[], sink: (chunk: Buffer) => void): Promise<Run> {
  const child = spawn(process.execPath, [VITEST, 'run', ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' },
  });
  children.add(child);
  let output = '';
  const take = (chunk: Buffer) => {
    output += chunk.toString();
    sink(chunk);
  };
  child.stdout.on('data', take);
  child.stderr.on('data', take);
  return new Promise((resolve) => {
    child.on('close', (code) => {
      children.delete(child);
      resolve({ code: code ?? 1, summary: lastSummary(output) });
    });
  });
}

/**
 * Passes a stop on to both runs (each stops the stack it started). Ctrl-C in a terminal already
 * reaches them (same process group); a SIGTERM sent to this process alone does not.
 */
function forward(signal: NodeJS.Signals): void {
  for (const child of children) child.kill(signal);
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.length > 0) {
    const run = await vitest(args, (chunk) => process.stdout.write(chunk));
    return run.code;
  }
  const logDir = path.join(ROOT, 'e2e/artifacts');
  mkdirSync(logDir, { recursive: true });
  const e2eChunks: Buffer[] = [];
  const e2eLog = createWriteStream(path.join(logDir, 'e2e-run.log'));
  const e2e = vitest(['--project', E2E], (chunk) => {
    e2eChunks.push(chunk);
    e2eLog.write(chunk);
  });
  const rest = await vitest(
    OTHERS.flatMap((name) => ['--project', name]),
    (chunk) => process.stdout.write(chunk),
  );
  const journeys = await e2e;
  e2eLog.end();
  process.stdout.write(`\n── end-to-end journeys (${E2E}) ──\n`);
  process.stdout.write(Buffer.concat(e2eChunks));
  process.stdout.write(`\n${combinedSummary([rest, journeys])}\n`);
  return rest.code === 0 && journeys.code === 0 ? 0 : 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  // Both runs finish their teardown, then main() returns and this process exits.
  process.on('SIGINT', () => undefined);
  process.on('SIGTERM', () => forward('SIGTERM'));
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error);
      forward('SIGTERM');
      process.exitCode = 1;
    },
  );
}

/**
 * `npm run perf`: the performance report. Builds the web app, then prints one table each for
 *   1. gzipped JavaScript (and CSS) per route: the entry, its static imports, and every lazy
 *      layout and route chunk (with their static imports) needed to show the route;
 *   2. Lighthouse performance and accessibility on /, /apply and /login (mobile preset, the
 *      `lighthouse` package driving Debian's Chromium against the built app under `vite preview`);
 *   3. time from starting the local stack (startStack, the `npm start` orchestrator) to ready;
 *   4. the Firestore emulator benchmark (`npm run bench -w emulators/firestore`).
 * Goals: Lighthouse performance >= 90 and accessibility >= 95 on / (mobile).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { ROUTES } from '@portal/domain';
import { CHROMIUM_ARGS, CHROMIUM_DEFAULT_PATH } from './lib/chromium';
import { freePort, waitForPort } from './lib/ports';
import { startProcess, type ManagedProcess } from './lib/processes';
import { ROOT, startStack } from './lib/stack';
import { buildWeb, startWebPreview } from './lib/web-build';
import {
  kb,
  LANDING_BUDGET,
  landingProblem,
  measureRouteSizes,
  ROUTE_SIZE_HEADER,
  routeSizeRows,
} from './route-sizes';

const CHROMIUM = process.env.CHROMIUM_PATH ?? CHROMIUM_DEFAULT_PATH;
const started: ManagedProcess[] = [];
const cleanups: (() => void)[] = [];

function table(title: string, head: string[], rows: string[][]): void {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  console.log(`\n${title}\n`);
  console.log(line(head));
  console.log(`| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`);
  for (const row of rows) console.log(line(row));
}

function run(command: string, args: string[], cwd = ROOT): { ok: boolean; out: string } {
  const result = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    env: process.env,
    maxBuffer: 64 * 1024 * 1024,
  });
  return { ok: result.status === 0, out: `${result.stdout ?? ''}${result.stderr ?? ''}` };
}

// ---------------------------------------------------------------------------------------------
// 1. Build and JavaScript per route
// ---------------------------------------------------------------------------------------------

// Measured by scripts/route-sizes.ts (also `npm run sizes`): one home for the route table.

// ---------------------------------------------------------------------------------------------
// 2. Lighthouse on the built app
// ---------------------------------------------------------------------------------------------

async function lighthouseScores(outDir: string): Promise<string[][]> {
  if (!existsSync(CHROMIUM)) return [['(all)', 'n/a', 'n/a', `Chromium not found at ${CHROMIUM}`]];
  const previewPort = await freePort();
  const preview = startWebPreview(outDir, previewPort);
  started.push(preview);
  const debugPort = await freePort();
  const profile = mkdtempSync(path.join(tmpdir(), 'portal-perf-'));
  const chrome = startProcess({
    name: 'chromium',
    command: CHROMIUM,
    args: [
      '--headless=new',
      `--remote-debugging-port=${debugPort}`,
      `--user-data-dir=${profile}`,
      ...CHROMIUM_ARGS,
      'about:blank',
    ],
    cwd: ROOT,
  });
  started.push(chrome);
  try {
    await Promise.all([waitForPort(previewPort, 30_000), waitForPort(debugPort, 30_000)]);
    const rows: string[][] = [];
    for (const route of [ROUTES.home.path, ROUTES.apply.path, ROUTES.login.path]) {
      const result = await lighthouse(`http://127.0.0.1:${previewPort}${route}`, {
        port: debugPort,
        onlyCategories: ['performance', 'accessibility'],
        logLevel: 'error',
        output: 'json',
      });
      const lhr = result?.lhr;
      const score = (id: string) => {
        const value = lhr?.categories[id]?.score;
        return typeof value === 'number' ? String(Math.round(value * 100)) : 'n/a';
      };
      const metric = (id: string) => lhr?.audits[id]?.displayValue ?? 'n/a';
      rows.push([
        route,
        score('performance'),
        score('accessibility'),
        `FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}`,
      ]);
    }
    return rows;
  } finally {
    await Promise.all([chrome.stop(), preview.stop()]);
    rmSync(profile, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// 3. Stack start to ready, 4. Firestore emulator benchmark
// ---------------------------------------------------------------------------------------------

async function stackReady(): Promise<string[][]> {
  const t0 = performance.now();
  const stack = await startStack({ ports: 'free' });
  const seconds = (performance.now() - t0) / 1000;
  await stack.stop();
  return [['startStack (all five services, free ports)', `${seconds.toFixed(1)} s`]];
}

function firestoreBench(): string[] {
  const pkg = JSON.parse(
    readFileSync(path.join(ROOT, 'emulators/firestore/package.json'), 'utf8'),
  ) as {
    scripts?: Record<string, string>;
  };
  if (!pkg.scripts?.bench)
    return ['No `bench` script in emulators/firestore: benchmark not available.'];
  const result = run('npm', ['run', '--silent', 'bench', '-w', 'emulators/firestore']);
  const lines = result.out.split('\n').filter((l) => l.trim() && !/^npm warn/i.test(l));
  return result.ok ? lines : ['The benchmark failed:', ...lines.slice(-15)];
}

async function main(): Promise<void> {
  // A production build wired to the (local) emulators, so the pages that start Firebase render
  // under vite preview without Firebase Hosting's init.json. It goes to a temporary folder, never
  // to web/dist, so it cannot be deployed by mistake.
  const outDir = mkdtempSync(path.join(tmpdir(), 'portal-perf-build-'));
  cleanups.push(() => rmSync(outDir, { recursive: true, force: true }));
  console.log('Building the web app (vite build --manifest, VITE_USE_EMULATORS=true) ...');
  const build = buildWeb(outDir, { vars: { VITE_USE_EMULATORS: 'true' }, logLevel: 'info' });
  if (!build.ok) {
    console.log(build.output.split('\n').slice(-40).join('\n'));
    throw new Error('The web build failed');
  }
  const sizes = measureRouteSizes(outDir);
  table(
    'Gzipped JavaScript per route (entry + static imports + lazy layout and route chunks)',
    ROUTE_SIZE_HEADER,
    routeSizeRows(sizes),
  );
  const problem = landingProblem(sizes);
  console.log(
    problem
      ? `FAIL: ${problem}`
      : `Landing route: no Firebase SDK code, within ${kb(LANDING_BUDGET)} gzipped.`,
  );
  table(
    'Lighthouse, mobile preset (built app under vite preview)',
    ['Page', 'Performance', 'Accessibility', 'Metrics'],
    await lighthouseScores(outDir),
  );
  table('Local stack start to ready', ['Measure', 'Time'], await stackReady());
  console.log('\nFirestore emulator benchmark (npm run bench -w emulators/firestore)\n');
  for (const line of firestoreBench()) console.log(line);
  console.log('\nGoals: Lighthouse performance >= 90 and accessibility >= 95 on / (mobile).');
}

const stopAll = async () => {
  await Promise.all(started.map((p) => p.stop()));
  for (const cleanup of cleanups) cleanup();
};
process.on('SIGINT', () => void stopAll().then(() => process.exit(130)));
try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  await stopAll();
}

/**
 * `npm run perf`: the performance report (docs/performance.md).
 *   1. Starts the local stack (startStack, as `npm start` does, on free ports, without the dev web
 *      server: the build below is served on its port) and times its start.
 *   2. Builds the web app for production twice, into temporary folders: wired to that stack's
 *      emulators (the VITE_*_PORT variables, as the large-catalog journey does) for Lighthouse,
 *      and as it ships, whose gzipped JavaScript (and CSS) per route it prints with the budgets'
 *      verdict (scripts/route-sizes.ts, as `npm run sizes`).
 *   3. Runs Lighthouse (mobile preset, simulated throttling, one page at a time) on every route of
 *      the route table and on each admin dashboard tab, the build served by `vite preview`:
 *      public pages signed out, the portal signed in as the demo buyer, the admin pages as the
 *      demo manager. Routes with params get values from the demo data and from this run (a
 *      password reset code, a newsletter token, a payment made on the Stripe sandbox).
 *   4. Prints one table (route and tab, first-load JS, performance, accessibility, LCP, CLS,
 *      verdict against PERF_TARGETS in scripts/lib/perf/targets.ts) and, for each page that
 *      misses, Lighthouse's top opportunities and failed accessibility audits.
 *   5. The Firestore emulator benchmark (`npm run bench -w emulators/firestore`).
 * Exit code 0 when every page meets its targets (and the route sizes their budgets), 1 otherwise.
 *
 * Options: --routes <comma list> measures only those pages (route paths as in the route table,
 * `/admin?tab=<tab>`, route names or 404) and skips the benchmark; --reports <dir> keeps each
 * Lighthouse report there as JSON; --first-visit measures the signed-in pages without the last
 * view the app keeps on the device (a person's first visit on this device since signing in).
 *
 * The parts live in scripts/lib/perf/: the pages and targets (targets.ts, values.ts), the
 * measurement (first-load.ts, browser.ts, lighthouse.ts, stack-values.ts, bench.ts) and the
 * report (report.ts).
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { makeLocalCertificate } from './lib/local-tls';
import { parsePerfArgs, PERF_USAGE } from './lib/perf/args';
import { firestoreBench } from './lib/perf/bench';
import { buildAsShipped, buildForStack, firstLoadJs } from './lib/perf/first-load';
import { measurePages } from './lib/perf/lighthouse';
import { printLighthouseReport, printSizeVerdict, printTable } from './lib/perf/report';
import { linkValues } from './lib/perf/stack-values';
import { perfPages, selectPages } from './lib/perf/targets';
import { Teardown } from './lib/perf/teardown';
import { seedDemoValues, type PerfValues } from './lib/perf/values';
import { waitForPort } from './lib/ports';
import { startStack } from './lib/stack';
import { startWebPreview } from './lib/web-build';
import { measureRouteSizes, ROUTE_SIZE_HEADER, routeSizeRows, sizeProblems } from './route-sizes';

const seconds = (since: number) => (performance.now() - since) / 1000;

/** A temporary folder, removed at the end of the run. */
function tempDir(teardown: Teardown, prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  teardown.add(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * The local stack on free ports, timed: every service but the dev web server (the production
 * build is served in its place, on the stack's web port, so the links the functions make,
 * Stripe's return to /payment-success and the mails', lead to it). Stopped at the end at the
 * latest.
 */
async function startPerfStack(teardown: Teardown) {
  console.log('Starting the local stack (startStack, free ports) ...');
  const stackStart = performance.now();
  const stack = await startStack({
    webTls: true,
    ports: 'free',
    services: { web: false },
    log: (service, line) => {
      if (process.env.STACK_LOGS) process.stdout.write(`[${service}] ${line}\n`);
    },
  });
  const stackSeconds = seconds(stackStart);
  let stackStopped: Promise<void> | undefined;
  const stopStack = () => (stackStopped ??= stack.stop());
  teardown.add(stopStack);
  return { stack, stackSeconds, stopStack };
}

/** The stack's start time, the Firestore emulator benchmark (not with --routes), the run's time. */
function printRunEnd(run: {
  routes: string | undefined;
  startedAt: number;
  stackSeconds: number;
  buildSeconds: number;
  lighthouseSeconds: number;
}): void {
  printTable(
    'Local stack start to ready',
    ['Measure', 'Time'],
    [
      [
        'startStack (free ports; every service but the dev web server)',
        `${run.stackSeconds.toFixed(1)} s`,
      ],
    ],
  );
  if (run.routes) {
    console.log('\nFirestore emulator benchmark: skipped (--routes).');
  } else {
    console.log('\nFirestore emulator benchmark (npm run bench -w emulators/firestore)\n');
    for (const line of firestoreBench()) console.log(line);
  }
  console.log(
    `\nnpm run perf took ${(seconds(run.startedAt) / 60).toFixed(1)} min on ${cpus().length} cores ` +
      `(stack ${run.stackSeconds.toFixed(0)} s, build ${run.buildSeconds.toFixed(0)} s, Lighthouse ${run.lighthouseSeconds.toFixed(0)} s).`,
  );
}

async function main(teardown: Teardown): Promise<number> {
  const startedAt = performance.now();
  const args = parsePerfArgs(process.argv.slice(2));
  if (args.help) {
    console.log(PERF_USAGE);
    return 0;
  }
  const pages = args.routes ? selectPages(perfPages(), args.routes) : perfPages();
  if (args.reportsDir) mkdirSync(args.reportsDir, { recursive: true });
  const demo = seedDemoValues();

  const { stack, stackSeconds, stopStack } = await startPerfStack(teardown);

  const outDir = tempDir(teardown, 'portal-perf-build-');
  const shippedDir = tempDir(teardown, 'portal-perf-shipped-');
  console.log(
    'Building the web app (vite build --manifest, production: wired to the stack, and as shipped) ...',
  );
  const buildStart = performance.now();
  buildForStack(outDir, stack);
  buildAsShipped(shippedDir);
  const buildSeconds = seconds(buildStart);
  const sizes = measureRouteSizes(shippedDir);
  printTable(
    'Gzipped JavaScript per route (entry + static imports + lazy layout and route chunks)',
    ROUTE_SIZE_HEADER,
    routeSizeRows(sizes),
  );
  const failures = printSizeVerdict(sizeProblems(sizes));
  const jsColumn = firstLoadJs(shippedDir, sizes, pages);

  const tls = makeLocalCertificate(tempDir(teardown, 'portal-perf-tls-'));
  const preview = teardown.process(startWebPreview(outDir, stack.ports.web, { tls }));
  await waitForPort(stack.ports.web, 30_000);
  const values: PerfValues = { ...demo, ...(await linkValues(stack, pages, demo)) };

  const lighthouseStart = performance.now();
  const loadBefore = loadavg()[0] ?? 0;
  const measured = await measurePages(pages, {
    origin: stack.urls.web,
    stack,
    values,
    reportsDir: args.reportsDir,
    firstVisit: args.firstVisit,
    teardown,
  });
  const lighthouseSeconds = seconds(lighthouseStart);
  failures.push(
    ...printLighthouseReport({
      pages,
      measured,
      jsColumn,
      values,
      firstVisit: args.firstVisit,
      loadBefore,
      loadAfter: loadavg()[0] ?? 0,
    }),
  );

  await preview.stop();
  await stopStack();

  printRunEnd({ routes: args.routes, startedAt, stackSeconds, buildSeconds, lighthouseSeconds });
  if (failures.length > 0) {
    console.log(`\nFAIL: ${failures.join('; ')}`);
    return 1;
  }
  console.log('\nEvery page meets its targets.');
  return 0;
}

const teardown = new Teardown();
process.on('SIGINT', () => void teardown.run().then(() => process.exit(130)));
try {
  process.exitCode = await main(teardown);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  await teardown.run();
}

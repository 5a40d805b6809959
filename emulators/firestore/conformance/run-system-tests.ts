/**
 * Conformance evidence: runs the system tests of Google's Node.js Firestore client
 * (github.com/googleapis/nodejs-firestore, `dev/system-test`) against this emulator.
 *
 *   node --import tsx emulators/firestore/conformance/run-system-tests.ts --checkout <dir>
 *
 * Nothing but the checkout is needed: when it has no node_modules its dependencies are installed
 * (`npm install --ignore-scripts`), and when build/system-test is missing or older than the sources
 * it is compiled (`tsc -p . --skipLibCheck`, then its `postcompile` script). The emulator is started
 * in this process on a free port. Each mode of the client's own `system-test:emulator` script
 * (gRPC, REST, and both against a named database) runs `mocha build/system-test` in a child process
 * with the JSON reporter, like that script does. Results are grouped per `describe` path and written
 * as JSON and Markdown (default: conformance/results/, ignored by git).
 *
 * What the client's emulator mode needs and this script provides:
 * - FIRESTORE_EMULATOR_HOST, GCLOUD_PROJECT (and FIRESTORE_PREFER_REST / FIRESTORE_NAMED_DATABASE
 *   per mode), exactly like its package.json scripts.
 * - A stand-in for the GCE metadata server (GCE_METADATA_HOST): in REST mode the client asks
 *   google-auth-library for an access token even against an emulator; the stand-in answers the
 *   token `owner`, which is what the client sends to emulators anyway (`Authorization: Bearer owner`).
 * - MOCHA_THROW_DEPRECATION=false (an option of the checkout's .mocharc.js): a dev dependency of the
 *   tracing tests prints a deprecation notice, which mocha would otherwise turn into failures.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFirestoreEmulator } from '../src/index.js';

const MODES = {
  grpc: {},
  rest: { FIRESTORE_PREFER_REST: 'true' },
  'named-db-grpc': { FIRESTORE_NAMED_DATABASE: 'test-db' },
  'named-db-rest': { FIRESTORE_NAMED_DATABASE: 'test-db', FIRESTORE_PREFER_REST: 'true' },
} as const;
type Mode = keyof typeof MODES;

/**
 * Failures that test features this emulator does not offer on purpose (see the conformance doc).
 * They are counted apart from the other failures; the match is on the test's full title.
 */
const OUT_OF_SCOPE: { pattern: RegExp; message?: RegExp; reason: string }[] = [
  { pattern: /vector search|vector query|findNearest/i, reason: 'vector search (findNearest)' },
  {
    pattern: /\b(plan|profile) an? (aggregate |vector )?query|explain results/i,
    reason: 'query explain (planSummary / executionStats)',
  },
  { pattern: /partition query|partitionQuery|getPartitions/i, reason: 'PartitionQuery' },
  { pattern: /pipeline/i, reason: 'pipelines (Firestore Enterprise)' },
  {
    pattern: /^Tracing Tests /,
    message: /firestore\.googleapis\.com:443/,
    reason: 'client tracing tests expect the production host in span attributes',
  },
  {
    pattern: /^Tracing Tests E2E /,
    reason: 'reads the traces back from Cloud Trace (needs a Google Cloud project)',
  },
];

interface Options {
  checkout: string;
  modes: Mode[];
  grep: string | null;
  out: string;
  timeoutMs: number;
  runTimeoutMs: number;
  project: string;
  build: boolean;
  cloudTrace: boolean;
}

function usage(message?: string): never {
  if (message) console.error(message);
  console.error(
    [
      'usage: run-system-tests.ts --checkout <nodejs-firestore dir>',
      `  [--modes ${Object.keys(MODES).join(',')}] (default: all)`,
      '  [--grep <mocha grep>] [--out <dir>] [--timeout <ms per test, default 60000>]',
      '  [--run-timeout <ms per mode, default 3600000>] [--project <id>] [--skip-build]',
      '  [--with-cloud-trace] (also run "Tracing Tests E2E", which read traces from Cloud Trace)',
    ].join('\n'),
  );
  process.exit(2);
}

function parseArgs(argv: string[]): Options {
  const here = fileURLToPath(new URL('.', import.meta.url));
  const opts: Options = {
    checkout: '',
    modes: Object.keys(MODES) as Mode[],
    grep: null,
    out: join(here, 'results'),
    timeoutMs: 60_000,
    runTimeoutMs: 3_600_000,
    project: 'demo-nodejs-system-tests',
    build: true,
    cloudTrace: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? arg.split(/=(.*)/s) : [arg];
    const value = (): string => {
      const v = inline ?? argv[++i];
      if (v === undefined) usage(`${flag} needs a value`);
      return v;
    };
    switch (flag) {
      case '--checkout':
        opts.checkout = resolve(value());
        break;
      case '--modes':
        opts.modes = value()
          .split(',')
          .map((m) => m.trim())
          .filter(Boolean) as Mode[];
        for (const m of opts.modes) if (!(m in MODES)) usage(`unknown mode ${m}`);
        break;
      case '--grep':
        opts.grep = value();
        break;
      case '--out':
        opts.out = resolve(value());
        break;
      case '--timeout':
        opts.timeoutMs = Number(value());
        break;
      case '--run-timeout':
        opts.runTimeoutMs = Number(value());
        break;
      case '--project':
        opts.project = value();
        break;
      case '--skip-build':
        opts.build = false;
        break;
      case '--with-cloud-trace':
        opts.cloudTrace = true;
        break;
      case '--help':
      case '-h':
        usage();
        break;
      default:
        usage(`unknown argument ${arg}`);
    }
  }
  if (!opts.checkout) usage('--checkout is required');
  return opts;
}

// ---- the checkout ----

interface CheckoutInfo {
  version: string;
  commit: string | null;
  commitDate: string | null;
}

function run(cmd: string, args: string[], cwd: string): void {
  console.log(`$ ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { cwd, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (exit ${r.status})`);
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

function prepareCheckout(opts: Options): CheckoutInfo {
  const pkgFile = join(opts.checkout, 'package.json');
  if (!existsSync(pkgFile)) usage(`${opts.checkout} has no package.json`);
  const pkg = JSON.parse(readFileSync(pkgFile, 'utf8')) as { name?: string; version?: string };
  if (pkg.name !== '@google-cloud/firestore' || !existsSync(join(opts.checkout, 'dev/system-test')))
    usage(`${opts.checkout} is not a checkout of googleapis/nodejs-firestore`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  if (opts.build) {
    if (!existsSync(join(opts.checkout, 'node_modules/mocha/package.json')))
      // Its `prepare` script compiles with type checks of node_modules, which some dependency
      // versions break; the compile below skips those.
      run(npm, ['install', '--ignore-scripts', '--no-audit', '--no-fund'], opts.checkout);
    const built = join(opts.checkout, 'build/system-test/firestore.js');
    const sources = Math.max(
      newestMtime(join(opts.checkout, 'dev/src')),
      newestMtime(join(opts.checkout, 'dev/system-test')),
    );
    if (!existsSync(built) || statSync(built).mtimeMs < sources) {
      run(
        process.execPath,
        [join(opts.checkout, 'node_modules/typescript/bin/tsc'), '-p', '.', '--skipLibCheck'],
        opts.checkout,
      );
      run(npm, ['run', 'postcompile'], opts.checkout);
    }
  }
  if (!existsSync(join(opts.checkout, 'build/system-test')))
    usage(`${opts.checkout} is not compiled (build/system-test is missing)`);
  const git = (args: string[]): string | null => {
    const r = spawnSync('git', ['-C', opts.checkout, ...args], { encoding: 'utf8' });
    return r.status === 0 ? r.stdout.trim() : null;
  };
  return {
    version: pkg.version ?? 'unknown',
    commit: git(['rev-parse', 'HEAD']),
    commitDate: git(['log', '-1', '--format=%cs']),
  };
}

// ---- the metadata-server stand-in (access tokens for the REST transport) ----

async function startMetadataStandIn(project: string): Promise<Server> {
  const server = createServer((req, res) => {
    res.setHeader('Metadata-Flavor', 'Google');
    const url = req.url ?? '';
    if (url.startsWith('/computeMetadata/v1/instance/service-accounts/default/token')) {
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify({ access_token: 'owner', expires_in: 3600, token_type: 'Bearer' }));
    } else if (url.startsWith('/computeMetadata/v1/project/project-id')) {
      res.end(project);
    } else if (/^\/computeMetadata\/v1\/instance\/?$/.test(url)) {
      res.end('');
    } else {
      res.statusCode = 404;
      res.end('');
    }
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return server;
}

// ---- mocha runs ----

interface MochaTest {
  title: string;
  fullTitle: string;
  duration?: number;
  err?: { message?: string; stack?: string };
}

interface MochaJson {
  stats?: { tests: number; passes: number; failures: number; pending: number; duration?: number };
  passes: MochaTest[];
  failures: MochaTest[];
  pending: MochaTest[];
}

interface MochaRun {
  exitCode: number | null;
  timedOut: boolean;
  report: MochaJson | null;
  logTail: string;
}

/** The end-to-end tracing tests read their spans back from Cloud Trace: left out unless asked. */
const CLOUD_TRACE_TESTS = 'Tracing Tests E2E ';

function grepArgs(opts: Options): string[] {
  if (opts.cloudTrace) return opts.grep ? ['--grep', opts.grep] : [];
  if (!opts.grep) return ['--grep', `^${CLOUD_TRACE_TESTS}`, '--invert'];
  return ['--grep', `^(?!${CLOUD_TRACE_TESTS})(?=[\\s\\S]*(?:${opts.grep}))`];
}

let activeChild: ChildProcess | null = null;

async function runMocha(opts: Options, mode: Mode, env: NodeJS.ProcessEnv): Promise<MochaRun> {
  const rawDir = join(opts.out, 'raw');
  await mkdir(rawDir, { recursive: true });
  const reportFile = join(rawDir, `${mode}.json`);
  const logFile = join(rawDir, `${mode}.log`);
  await writeFile(reportFile, '');
  const args = [
    join(opts.checkout, 'node_modules/mocha/bin/mocha.js'),
    'build/system-test',
    '--timeout',
    String(opts.timeoutMs),
    '--reporter',
    'json',
    '--reporter-option',
    `output=${reportFile}`,
    '--exit',
    ...grepArgs(opts),
  ];
  const child = spawn(process.execPath, args, {
    cwd: opts.checkout,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The whole output goes to the log file as it comes; its end is kept for the summary.
  const logStream = createWriteStream(logFile);
  let tail = '';
  const onData = (c: Buffer): void => {
    logStream.write(c);
    tail = (tail + c.toString('utf8')).slice(-8192);
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill('SIGKILL');
  }, opts.runTimeoutMs);
  activeChild = child;
  const exitCode = await new Promise<number | null>((ok) =>
    child.once('close', (code) => ok(code)),
  );
  activeChild = null;
  clearTimeout(timer);
  await new Promise<void>((ok) => logStream.end(ok));
  let report: MochaJson | null = null;
  try {
    const text = await readFile(reportFile, 'utf8');
    if (text.trim() !== '') report = JSON.parse(text) as MochaJson;
  } catch {
    report = null;
  }
  return { exitCode, timedOut, report, logTail: tail };
}

// ---- grouping ----

interface Failure {
  test: string;
  message: string;
  outOfScope?: string;
}

interface Group {
  group: string;
  passed: number;
  failed: number;
  outOfScope: number;
  pending: number;
  failures: Failure[];
}

interface ModeResult {
  mode: Mode;
  env: Record<string, string>;
  totals: { passed: number; failed: number; outOfScope: number; pending: number };
  groups: Group[];
  problems: string[];
}

function groupOf(t: MochaTest): string {
  // Hook failures ("after each" hook for "x") keep the suite path before the hook title.
  const suite = t.fullTitle.endsWith(t.title)
    ? t.fullTitle.slice(0, t.fullTitle.length - t.title.length)
    : t.fullTitle;
  return suite.trim() || '(root)';
}

function outOfScopeReason(fullTitle: string, message: string): string | undefined {
  return OUT_OF_SCOPE.find(
    (o) => o.pattern.test(fullTitle) && (!o.message || o.message.test(message)),
  )?.reason;
}

function summarize(mode: Mode, env: Record<string, string>, r: MochaRun): ModeResult {
  const groups = new Map<string, Group>();
  const group = (name: string): Group => {
    let g = groups.get(name);
    if (!g) {
      g = { group: name, passed: 0, failed: 0, outOfScope: 0, pending: 0, failures: [] };
      groups.set(name, g);
    }
    return g;
  };
  const problems: string[] = [];
  if (r.timedOut) problems.push('mocha was stopped after --run-timeout');
  if (!r.report) {
    const tail = r.logTail.trim().split('\n').slice(-5).join(' | ');
    problems.push(`no mocha report (exit ${r.exitCode}): ${tail}`);
  } else {
    for (const t of r.report.passes) group(groupOf(t)).passed++;
    for (const t of r.report.pending) group(groupOf(t)).pending++;
    for (const t of r.report.failures) {
      const g = group(groupOf(t));
      const message = (t.err?.message ?? '').split('\n')[0]?.slice(0, 300) ?? '';
      const reason = outOfScopeReason(t.fullTitle, message);
      g.failures.push({ test: t.title, message, ...(reason ? { outOfScope: reason } : {}) });
      if (reason) g.outOfScope++;
      else g.failed++;
    }
  }
  const list = [...groups.values()].sort((a, b) => a.group.localeCompare(b.group));
  const totals = { passed: 0, failed: 0, outOfScope: 0, pending: 0 };
  for (const g of list) {
    totals.passed += g.passed;
    totals.failed += g.failed;
    totals.outOfScope += g.outOfScope;
    totals.pending += g.pending;
  }
  return { mode, env, totals, groups: list, problems };
}

// ---- output ----

function cell(g: Group | undefined): string {
  if (!g) return '-';
  const failed = g.outOfScope > 0 ? `${g.failed}+${g.outOfScope}` : String(g.failed);
  return `${g.passed} / ${failed} / ${g.pending}`;
}

function table(results: ModeResult[]): string[] {
  const names = [...new Set(results.flatMap((r) => r.groups.map((g) => g.group)))].sort((a, b) =>
    a.localeCompare(b),
  );
  const lines = [
    `| describe group | ${results.map((r) => r.mode).join(' | ')} |`,
    `| --- | ${results.map(() => '---').join(' | ')} |`,
  ];
  for (const name of names)
    lines.push(
      `| ${name.replace(/\|/g, '\\|')} | ${results.map((r) => cell(r.groups.find((g) => g.group === name))).join(' | ')} |`,
    );
  lines.push(
    `| **total** | ${results
      .map(
        (r) =>
          `**${r.totals.passed} / ${r.totals.failed}${r.totals.outOfScope ? `+${r.totals.outOfScope}` : ''} / ${r.totals.pending}**`,
      )
      .join(' | ')} |`,
  );
  return lines;
}

function markdown(
  info: CheckoutInfo,
  results: ModeResult[],
  startedAt: Date,
  opts: Options,
): string {
  const out = [
    '# nodejs-firestore system tests against the Java-free emulator',
    '',
    `- Run: ${startedAt.toISOString()}`,
    `- nodejs-firestore ${info.version}, commit ${info.commit ?? 'unknown'}${info.commitDate ? ` (${info.commitDate})` : ''}`,
    `- Modes: ${results.map((r) => r.mode).join(', ')}${opts.grep ? `; grep: \`${opts.grep}\`` : ''}`,
    '',
    ...(opts.cloudTrace
      ? []
      : [
          `Not run: \`${CLOUD_TRACE_TESTS.trim()}\` (they read their spans back from Cloud Trace; \`--with-cloud-trace\` runs them).`,
          '',
        ]),
    'Cells: passed / failed[+failed out of scope] / pending (skipped by the suite itself).',
    '',
    ...table(results),
    '',
  ];
  for (const r of results) {
    const failures = r.groups.flatMap((g) => g.failures.map((f) => ({ group: g.group, ...f })));
    if (failures.length === 0 && r.problems.length === 0) continue;
    out.push(`## Failures: ${r.mode}`, '');
    for (const p of r.problems) out.push(`- **run problem**: ${p}`);
    for (const f of failures.filter((x) => !x.outOfScope))
      out.push(`- ${f.group} › ${f.test}: ${f.message.replace(/\s+/g, ' ')}`);
    const oos = new Map<string, number>();
    for (const f of failures.filter((x) => x.outOfScope))
      oos.set(f.outOfScope as string, (oos.get(f.outOfScope as string) ?? 0) + 1);
    for (const [reason, n] of oos) out.push(`- out of scope (${reason}): ${n} tests`);
    out.push('');
  }
  return out.join('\n');
}

function printTable(results: ModeResult[]): void {
  const names = [...new Set(results.flatMap((r) => r.groups.map((g) => g.group)))].sort((a, b) =>
    a.localeCompare(b),
  );
  const width = Math.min(90, Math.max(20, ...names.map((n) => n.length)));
  const col = 18;
  const header = 'describe group'.padEnd(width) + results.map((r) => r.mode.padStart(col)).join('');
  console.log(
    `\n${header}\n${' '.repeat(width)}${results.map(() => 'pass/fail/pend'.padStart(col)).join('')}`,
  );
  for (const name of names) {
    const label = name.length > width ? `${name.slice(0, width - 1)}…` : name.padEnd(width);
    console.log(
      label +
        results.map((r) => cell(r.groups.find((g) => g.group === name)).padStart(col)).join(''),
    );
  }
  console.log(
    'TOTAL'.padEnd(width) +
      results
        .map((r) =>
          `${r.totals.passed} / ${r.totals.failed}${r.totals.outOfScope ? `+${r.totals.outOfScope}` : ''} / ${r.totals.pending}`.padStart(
            col,
          ),
        )
        .join(''),
  );
}

// ---- main ----

async function main(): Promise<void> {
  const opts = parseArgs(process.argv.slice(2));
  const startedAt = new Date();
  const info = prepareCheckout(opts);
  await mkdir(opts.out, { recursive: true });
  console.log(
    `nodejs-firestore ${info.version} (${info.commit ?? 'no git commit'}), modes: ${opts.modes.join(', ')}`,
  );

  const emulator = await startFirestoreEmulator({
    port: 0,
    host: '127.0.0.1',
    projectId: opts.project,
  });
  const metadata = await startMetadataStandIn(opts.project);
  const stopAll = async (): Promise<void> => {
    await emulator.stop();
    await new Promise<void>((ok) => metadata.close(() => ok()));
  };
  const onSignal = (): void => {
    activeChild?.kill('SIGKILL');
    void stopAll().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  const results: ModeResult[] = [];
  try {
    const baseEnv: NodeJS.ProcessEnv = { ...process.env };
    // Nothing of the caller's own Google Cloud setup may reach the tests.
    for (const key of Object.keys(baseEnv))
      if (
        key.startsWith('FIRESTORE_') ||
        key.startsWith('GOOGLE_') ||
        key.startsWith('GCLOUD_') ||
        key.startsWith('GCE_') ||
        key === 'RUN_ENTERPRISE_TESTS' ||
        key.startsWith('MOCHA_')
      )
        delete baseEnv[key];
    for (const mode of opts.modes) {
      await emulator.reset();
      const modeEnv: Record<string, string> = {
        FIRESTORE_EMULATOR_HOST: `127.0.0.1:${emulator.port}`,
        GCLOUD_PROJECT: opts.project,
        ...MODES[mode],
      };
      const env: NodeJS.ProcessEnv = {
        ...baseEnv,
        ...modeEnv,
        GCE_METADATA_HOST: `127.0.0.1:${(metadata.address() as AddressInfo).port}`,
        MOCHA_THROW_DEPRECATION: 'false',
      };
      const t0 = Date.now();
      process.stdout.write(`[${mode}] mocha build/system-test ... `);
      const r = await runMocha(opts, mode, env);
      const s = r.report?.stats;
      console.log(
        s
          ? `${s.passes} passed, ${s.failures} failed, ${s.pending} pending (${Math.round((Date.now() - t0) / 1000)} s)`
          : `no report (exit ${r.exitCode}${r.timedOut ? ', timed out' : ''})`,
      );
      results.push(summarize(mode, modeEnv, r));
    }
  } finally {
    await stopAll();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }

  printTable(results);
  const summary = {
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    nodejsFirestore: info,
    grep: opts.grep,
    cloudTraceTestsRun: opts.cloudTrace,
    outOfScope: OUT_OF_SCOPE.map((o) => ({
      pattern: o.pattern.source,
      ...(o.message ? { message: o.message.source } : {}),
      reason: o.reason,
    })),
    modes: results,
  };
  const jsonFile = join(opts.out, 'system-tests.json');
  const mdFile = join(opts.out, 'system-tests.md');
  await writeFile(jsonFile, `${JSON.stringify(summary, null, 2)}\n`);
  await writeFile(mdFile, `${markdown(info, results, startedAt, opts)}\n`);
  console.log(`\nsummary: ${jsonFile}\n         ${mdFile}`);
  for (const r of results) for (const p of r.problems) console.log(`[${r.mode}] ${p}`);
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? (e.stack ?? e.message) : e);
  process.exit(1);
});

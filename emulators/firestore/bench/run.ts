/**
 * Benchmark of the Java-free Firestore emulator, run as the prebuilt CLI (dist/cli.mjs, rebuilt
 * first when src/ changed) in a child process.
 *
 *   npm run bench -w emulators/firestore                 # ours only
 *   npm run bench -w emulators/firestore -- --compare    # ours and @firestore-emulator/server
 *
 * Options: --runs N (workload runs, default 3), --starts N (process starts, default 5),
 * --cli <file> (another CLI of ours, e.g. an older checkout's src/cli.ts, run through tsx).
 *
 * Figures (medians): spawn until a raw gRPC BatchGetDocuments answers OK; VmRSS of the idle server
 * (port open, nothing asked yet) and after the workload; through firebase-admin: 10,000 documents
 * in batches of 500, an equality query over them, count() over them, orderBy + limit(10) over
 * them (the 10 highest checked), a single read, a single write, and 20 concurrent
 * read-modify-write transactions on one document (final value checked). Ours only: a REST commit
 * and a rules-guarded read as a signed-in user.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ensureFirestoreCliBundle } from '../src/build-cli.js';
import {
  CONTENDERS,
  DOCS,
  ORDER_LIMIT,
  median,
  runAdminWorkload,
  type WorkloadResult,
} from './admin-workload.js';
import { waitForFirstAnswer } from './grpc-probe.js';
import { BENCH_RULES, runRestFigures, type RestResult } from './rest-figures.js';
import {
  ensurePeerInstalled,
  oursSpec,
  peerSpec,
  PEER_PACKAGE,
  PEER_VERSION,
  rssMb,
  startServer,
  waitForListening,
  type ServerSpec,
} from './servers.js';

// firebase-admin's auth library would otherwise probe the cloud metadata server.
process.env['METADATA_SERVER_DETECTION'] ??= 'none';

const PROJECT = 'demo-bench';

interface TargetResult {
  name: string;
  firstAnswerMs: number;
  idleRssMb: number;
  loadedRssMb: number;
  workload: WorkloadResult;
  rest?: RestResult;
}

async function measureTarget(
  spec: ServerSpec,
  options: { starts: number; runs: number; rest: boolean },
): Promise<TargetResult> {
  // Start to first answered request, and idle RSS (a start where nothing is asked).
  const firstAnswers: number[] = [];
  for (let i = 0; i < options.starts; i++) {
    const server = await startServer(spec);
    const answeredAt = await waitForFirstAnswer(server.port, PROJECT);
    firstAnswers.push(answeredAt - server.spawnedAt);
    await server.stop();
  }
  const idle: number[] = [];
  for (let i = 0; i < Math.max(3, Math.ceil(options.starts / 2)); i++) {
    const server = await startServer(spec);
    await waitForListening(server.port);
    await new Promise((r) => setTimeout(r, 500));
    idle.push(rssMb(server.child.pid as number));
    await server.stop();
  }

  const server = await startServer(spec);
  try {
    await waitForFirstAnswer(server.port, PROJECT);
    const workload = await runAdminWorkload(spec.name, server.port, PROJECT, options.runs);
    const loadedRssMb = rssMb(server.child.pid as number);
    const rest = options.rest ? await runRestFigures(server.port, PROJECT) : undefined;
    return {
      name: spec.name,
      firstAnswerMs: median(firstAnswers),
      idleRssMb: median(idle),
      loadedRssMb,
      workload,
      ...(rest ? { rest } : {}),
    };
  } finally {
    await server.stop();
  }
}

interface Row {
  label: string;
  values: (number | undefined)[];
  unit: 'ms' | 'MB';
  digits: number;
  /** Per column: the value is known to be wrong. */
  wrong?: boolean[];
  goal?: string;
}

function contendedCorrect(w: WorkloadResult): boolean {
  return w.contendedErrors.length === 0 && w.contendedFinal.every((n) => n === CONTENDERS);
}

function orderLimitCorrect(w: WorkloadResult): boolean {
  return (
    w.orderLimitTop.length === ORDER_LIMIT && w.orderLimitTop.every((n, i) => n === DOCS - 1 - i)
  );
}

function rows(results: TargetResult[]): Row[] {
  const all = (pick: (r: TargetResult) => number | undefined): (number | undefined)[] =>
    results.map(pick);
  const first = results[0] as TargetResult;
  return [
    {
      label: 'start to first answered request (gRPC)',
      values: all((r) => r.firstAnswerMs),
      unit: 'ms',
      digits: 0,
      goal: '<= 250 ms',
    },
    {
      label: 'idle RSS after start',
      values: all((r) => r.idleRssMb),
      unit: 'MB',
      digits: 1,
      goal: '<= 60 MB',
    },
    {
      label: `RSS after loading ${DOCS.toLocaleString('en')} docs (workload)`,
      values: all((r) => r.loadedRssMb),
      unit: 'MB',
      digits: 1,
    },
    {
      label: `batch write of ${DOCS.toLocaleString('en')} docs (batches of 500)`,
      values: all((r) => r.workload.batchWriteMs),
      unit: 'ms',
      digits: 0,
    },
    {
      label: `equality query over ${DOCS.toLocaleString('en')} docs (${first.workload.queryHits} hits)`,
      values: all((r) => r.workload.queryMs),
      unit: 'ms',
      digits: 2,
    },
    {
      label: `count() over ${DOCS.toLocaleString('en')} docs`,
      values: all((r) => r.workload.countMs),
      unit: 'ms',
      digits: 2,
      wrong: results.map((r) => r.workload.count !== DOCS),
    },
    {
      label: `orderBy + limit(${ORDER_LIMIT}) over ${DOCS.toLocaleString('en')} docs`,
      values: all((r) => r.workload.orderLimitMs),
      unit: 'ms',
      digits: 2,
      wrong: results.map((r) => !orderLimitCorrect(r.workload)),
    },
    {
      label: 'single document read (admin get)',
      values: all((r) => r.workload.singleGetMs),
      unit: 'ms',
      digits: 2,
    },
    {
      label: 'single document write (admin set)',
      values: all((r) => r.workload.singleWriteMs),
      unit: 'ms',
      digits: 2,
    },
    {
      label: `${CONTENDERS} contended transactions on one document`,
      values: all((r) => r.workload.contendedMs),
      unit: 'ms',
      digits: 0,
      wrong: results.map((r) => !contendedCorrect(r.workload)),
      goal: '<= 300 ms, final 20',
    },
    {
      label: 'REST commit of one document (ours only)',
      values: all((r) => r.rest?.commitMs),
      unit: 'ms',
      digits: 2,
    },
    {
      label: 'single read as a signed-in user (rules, ours only)',
      values: all((r) => r.rest?.rulesReadMs),
      unit: 'ms',
      digits: 2,
    },
  ];
}

function printTable(results: TargetResult[]): void {
  const compare = results.length > 1;
  const header = ['figure (median)', ...results.map((r) => r.name)];
  if (compare) header.push(`${results[0]?.name}/${results[1]?.name}`);
  header.push('goal (ours)');
  const lines: string[][] = [header];
  for (const row of rows(results)) {
    if (row.values.every((v) => v === undefined)) continue;
    const cells = row.values.map((v, i) =>
      v === undefined
        ? '-'
        : `${v.toFixed(row.digits)} ${row.unit}${row.wrong?.[i] ? ' wrong' : ''}`,
    );
    const line = [row.label, ...cells];
    if (compare) {
      const [a, b] = row.values;
      const anyWrong = row.wrong?.some(Boolean) ?? false;
      line.push(
        a === undefined || b === undefined || b === 0
          ? '-'
          : `${(a / b).toFixed(2)}x${anyWrong ? ' (wrong)' : ''}`,
      );
    }
    line.push(row.goal ?? '');
    lines.push(line);
  }
  const widths = header.map((_, i) => Math.max(...lines.map((l) => (l[i] ?? '').length)));
  for (const line of lines)
    console.log(
      line
        .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
        .join('   ')
        .trimEnd(),
    );
  for (const r of results) {
    const w = r.workload;
    if (!contendedCorrect(w))
      console.log(
        `${r.name}: contended transactions wrong: final values ${w.contendedFinal.join(', ')} (want ${CONTENDERS})` +
          (w.contendedErrors.length > 0
            ? `, ${w.contendedErrors.length} failed, e.g. ${w.contendedErrors[0]}`
            : ''),
      );
    if (!orderLimitCorrect(w))
      console.log(`${r.name}: orderBy + limit answered ${w.orderLimitTop.join(', ')}`);
    if (w.count !== DOCS) console.log(`${r.name}: count() answered ${w.count} (want ${DOCS})`);
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      compare: { type: 'boolean' },
      runs: { type: 'string' },
      starts: { type: 'string' },
      cli: { type: 'string' },
      json: { type: 'boolean' },
    },
  });
  const runs = Number(values.runs ?? 3);
  const starts = Number(values.starts ?? 5);
  const dir = await mkdtemp(path.join(tmpdir(), 'fs-bench-'));
  const rulesFile = path.join(dir, 'bench.rules');
  await writeFile(rulesFile, BENCH_RULES);
  const cli = values.cli ? path.resolve(values.cli) : await ensureFirestoreCliBundle();
  const log = (line: string): void => void process.stderr.write(`${line}\n`);

  const specs: ServerSpec[] = [oursSpec(cli, PROJECT, rulesFile)];
  if (values.compare) {
    await ensurePeerInstalled(log);
    specs.push(peerSpec());
  }
  log(
    `ours: ${path.relative(process.cwd(), cli).startsWith('..') ? cli : path.relative(process.cwd(), cli)}` +
      (values.compare ? `; peer: ${PEER_PACKAGE}@${PEER_VERSION}` : '') +
      `; ${starts} starts, ${runs} workload runs each`,
  );
  const results: TargetResult[] = [];
  for (const spec of specs) {
    log(`measuring ${spec.name} ...`);
    results.push(await measureTarget(spec, { starts, runs, rest: spec.name === 'ours' }));
  }
  printTable(results);
  if (values.json) console.log(JSON.stringify(results, null, 2));
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);

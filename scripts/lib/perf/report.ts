/**
 * The report of `npm run perf` (scripts/perf.ts): the verdict of each measured page against its
 * targets, the rows of its table (unit tested in functions/test/perf-targets.test.ts), why the
 * pages that miss lose (from their Lighthouse reports), and what the run says about itself (the
 * machine's speed and load, the protocol the pages were served over).
 */
import { cpus } from 'node:os';
import type lighthouse from 'lighthouse';
import { PUBLIC_ROUTES } from '../route-access';
import { PERF_TARGETS, routeLabel, type PerfPage, type TargetClass } from './targets';
import type { PerfValues } from './values';

/** Lighthouse's report of one page. */
export type LighthouseReport = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

/** A measured page: its outcome and, when Lighthouse ran, its report. */
export interface Measured {
  outcome: PageOutcome;
  /** Lighthouse's report, for the notes on pages that miss. */
  lhr?: LighthouseReport;
}

// -------------------------------------------------------------------------------------------
// Verdicts and rows
// -------------------------------------------------------------------------------------------

export interface LighthouseNumbers {
  /** 0-100, null when Lighthouse could not score the category. */
  performance: number | null;
  accessibility: number | null;
  lcpMs: number | null;
  cls: number | null;
  /** The path of the page Lighthouse ended on. */
  finalPath: string;
}

export interface PageOutcome {
  numbers?: LighthouseNumbers;
  /** Why Lighthouse gave no numbers. */
  error?: string;
  /** What went wrong before Lighthouse ran (the page did not show its content, ...). */
  problems?: readonly string[];
}

export const formatSeconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
export const formatCls = (cls: number) => cls.toFixed(3);

/** What misses the page's targets, [] when it meets all of them. */
export function misses(
  page: Pick<PerfPage, 'targets'>,
  expectedPath: string,
  outcome: PageOutcome,
): string[] {
  const target = PERF_TARGETS[page.targets];
  const out = [...(outcome.problems ?? [])];
  const n = outcome.numbers;
  if (!n) return [...out, `not measured${outcome.error ? `: ${outcome.error}` : ''}`];
  if (n.finalPath !== expectedPath) out.push(`ended on ${n.finalPath}`);
  if (n.performance === null) out.push('no performance score');
  else if (n.performance < target.performance)
    out.push(`performance ${n.performance} < ${target.performance}`);
  if (n.accessibility === null) out.push('no accessibility score');
  else if (n.accessibility < target.accessibility)
    out.push(`accessibility ${n.accessibility} < ${target.accessibility}`);
  if (n.lcpMs === null) out.push('no LCP');
  else if (n.lcpMs > target.lcpMs)
    out.push(`LCP ${formatSeconds(n.lcpMs)} > ${formatSeconds(target.lcpMs)}`);
  if (n.cls === null) out.push('no CLS');
  else if (n.cls > target.cls) out.push(`CLS ${formatCls(n.cls)} > ${target.cls}`);
  return out;
}

export function verdict(list: readonly string[]): string {
  return list.length === 0 ? 'ok' : list.join('; ');
}

export const PERF_TABLE_HEADER = [
  'Route (tab)',
  'JS gz first load',
  'Performance',
  'Accessibility',
  'LCP',
  'CLS',
  'Verdict',
];

/** One row of the table. `js` is the first-load JavaScript column, already formatted. */
export function perfRow(
  label: string,
  js: string,
  outcome: PageOutcome,
  missed: readonly string[],
): string[] {
  const n = outcome.numbers;
  const show = (value: number | null | undefined, format: (v: number) => string) =>
    value === null || value === undefined ? 'n/a' : format(value);
  return [
    label,
    js,
    show(n?.performance, String),
    show(n?.accessibility, String),
    show(n?.lcpMs, formatSeconds),
    show(n?.cls, formatCls),
    verdict(missed),
  ];
}

/** A Markdown table, columns padded to their widest cell. */
export function markdownTable(
  head: readonly string[],
  rows: readonly (readonly string[])[],
): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [
    line(head),
    `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`,
    ...rows.map(line),
  ].join('\n');
}

/** The targets as one line per class, for the report. */
export function targetLines(): string[] {
  const { public: pub, signedIn } = PERF_TARGETS;
  const line = (t: (typeof PERF_TARGETS)[TargetClass]) =>
    `performance >= ${t.performance}, accessibility >= ${t.accessibility}, LCP <= ${formatSeconds(t.lcpMs)}, CLS <= ${t.cls}`;
  return [
    `Public pages (${PUBLIC_ROUTES.map(routeLabel).join(', ')}): ${line(pub)}.`,
    `Signed-in pages (the rest, each admin tab included): ${line(signedIn)}.`,
  ];
}

// -------------------------------------------------------------------------------------------
// Printing
// -------------------------------------------------------------------------------------------

/** Prints a titled Markdown table. */
export function printTable(title: string, head: string[], rows: string[][]): void {
  console.log(`\n${title}\n`);
  console.log(markdownTable(head, rows));
}

/** Prints the route sizes' problems (route-sizes.ts); returns the failure to report, if any. */
export function printSizeVerdict(problems: readonly string[]): string[] {
  if (problems.length === 0) {
    console.log('Route sizes: every route within its limits.');
    return [];
  }
  for (const problem of problems) console.log(`FAIL: ${problem}`);
  return [
    `${problems.length} route-size ${problems.length === 1 ? 'problem' : 'problems'} (above)`,
  ];
}

/** Why a page misses, from its report: the top opportunities and failed accessibility audits. */
export function lighthouseNotes(lhr: LighthouseReport): string[] {
  const lines: string[] = [];
  const metric = (id: string) => lhr.audits[id]?.displayValue ?? 'n/a';
  lines.push(
    `metrics: FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, SI ${metric('speed-index')}, CLS ${metric('cumulative-layout-shift')}`,
  );
  const perfRefs = lhr.categories.performance?.auditRefs ?? [];
  const opportunities = perfRefs
    .map((ref) => lhr.audits[ref.id])
    .filter((audit): audit is NonNullable<typeof audit> => !!audit)
    .filter((audit) => typeof audit.score === 'number' && audit.score < 0.9)
    .map((audit) => {
      const details = audit.details as { type?: string; overallSavingsMs?: number } | undefined;
      const savings = Object.values(audit.metricSavings ?? {}).reduce<number>(
        (sum, value) => sum + (typeof value === 'number' ? value : 0),
        0,
      );
      return { audit, weight: details?.overallSavingsMs ?? savings };
    })
    .filter(
      ({ audit }) =>
        !/^(first-contentful-paint|largest-contentful-paint|speed-index|total-blocking-time|cumulative-layout-shift|interactive|max-potential-fid|largest-contentful-paint-element)$/.test(
          audit.id,
        ),
    )
    .sort((a, b) => b.weight - a.weight)
    .slice(0, 4);
  for (const { audit } of opportunities) {
    lines.push(
      `opportunity: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`,
    );
  }
  for (const ref of lhr.categories.accessibility?.auditRefs ?? []) {
    const audit = lhr.audits[ref.id];
    if (audit && audit.score === 0 && ref.weight > 0) lines.push(`accessibility: ${audit.title}`);
  }
  return lines;
}

/** The fields of a Lighthouse network-requests row read here. */
interface NetworkItem {
  resourceType?: string;
  protocol?: string;
}

export interface LighthouseRun {
  pages: readonly PerfPage[];
  measured: ReadonlyMap<PerfPage, Measured>;
  /** The first-load JavaScript column per page, formatted (first-load.ts). */
  jsColumn: ReadonlyMap<PerfPage, string>;
  values: PerfValues;
  firstVisit: boolean;
  /** The 1-minute load average before and after the Lighthouse runs. */
  loadBefore: number;
  loadAfter: number;
}

/**
 * Prints the table of every page with its verdict, the targets, the values, what the run says
 * about the machine and the protocol, and where the pages that miss lose; returns the failures.
 */
export function printLighthouseReport(run: LighthouseRun): string[] {
  const { pages, measured, values } = run;
  const failures: string[] = [];
  const rows: string[][] = [];
  const why: string[] = [];
  let missed = 0;
  for (const page of pages) {
    const result = measured.get(page) ?? { outcome: { error: 'not run' } };
    const list = misses(page, page.finalPath(values), result.outcome);
    if (list.length > 0) {
      missed += 1;
      if (result.lhr)
        why.push(`${page.label}:`, ...lighthouseNotes(result.lhr).map((line) => `  - ${line}`));
    }
    rows.push(perfRow(page.label, run.jsColumn.get(page) ?? 'n/a', result.outcome, list));
  }
  printTable(
    `Lighthouse, mobile preset (simulated throttling), ${pages.length} pages, production build under vite preview over HTTP/2${run.firstVisit ? ', first visit (no last view on the device)' : ''}`,
    PERF_TABLE_HEADER,
    rows,
  );
  console.log(
    `\nTargets:\n${targetLines()
      .map((line) => `  ${line}`)
      .join('\n')}`,
  );
  console.log(
    `Values: buyer ${values.buyerEmail}, manager ${values.managerEmail}, product ${values.productId}, order ${values.orderId} (${values.invoiceNumber}), store ${values.storeUid}, ` +
      `payment ${values.sessionId ?? 'none'}; admin tabs: first-load JS is the /admin route's plus the tab's own chunks when the tab is lazy.`,
  );
  const benchmarks = [...measured.values()]
    .map((m) => m.lhr?.environment.benchmarkIndex)
    .filter((n): n is number => typeof n === 'number')
    .sort((a, b) => a - b);
  if (benchmarks.length > 0)
    console.log(
      `Lighthouse benchmarkIndex (machine speed), median: ${benchmarks[Math.floor(benchmarks.length / 2)]}`,
    );
  // Hosting serves over HTTP/2; a page measured over HTTP/1.1 would queue its chunks (six
  // connections a host) and say nothing true about production.
  const protocols = new Map<string, number>();
  for (const m of measured.values()) {
    const requests = (m.lhr?.audits['network-requests']?.details as { items?: NetworkItem[] })
      ?.items;
    const protocol = requests?.find((r) => r.resourceType === 'Document')?.protocol;
    if (protocol) protocols.set(protocol, (protocols.get(protocol) ?? 0) + 1);
  }
  console.log(
    `Pages served over: ${[...protocols].map(([name, count]) => `${name} (${count})`).join(', ') || 'unknown'}`,
  );
  const notH2 = [...protocols].filter(([name]) => name !== 'h2');
  if (notH2.length > 0) failures.push('some pages were not served over HTTP/2 (see above)');
  // Lighthouse's simulated throttling multiplies the CPU time it observes: other work on the
  // machine makes every page look slower. Say so next to the numbers.
  const { loadBefore, loadAfter } = run;
  console.log(
    `Load average (1 min) before and after the Lighthouse runs: ${loadBefore.toFixed(1)} and ${loadAfter.toFixed(1)} on ${cpus().length} cores.` +
      (Math.max(loadBefore, loadAfter) > cpus().length
        ? ' The machine was busy: the performance numbers are lower than on a quiet one.'
        : ''),
  );
  if (why.length > 0)
    console.log(`\nWhere the pages that miss lose (Lighthouse):\n${why.join('\n')}`);
  if (missed > 0) failures.push(`${missed} of ${pages.length} pages miss their targets`);
  return failures;
}

/**
 * `npm run cost`: what each user action costs in Firestore document reads, writes and deletes and
 * in Cloud Functions invocations (docs/performance.md, "What each action costs").
 *   1. Starts the local stack on free ports with the demo data, the production build of the web
 *      app and quiet scheduled sweeps (they run at start, then hourly), and headless Chromium.
 *   2. Drives the actions of scripts/lib/cost/actions.ts in the browser, measuring each from
 *      zeroed emulator counters until everything it set off has finished (scripts/lib/cost/meter.ts).
 *   3. Prints the table with each action's read budget (scripts/lib/cost/budgets.ts) and the
 *      monthly bill of a brand with 200 buyers ordering weekly (scripts/lib/cost/bill.ts).
 * Exit code 0 when every action is within its read budget, 1 otherwise.
 *
 * Options: --json <file> also writes the measured costs as JSON.
 */
import { createWriteStream, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, headlessShellPath } from './lib/chromium';
import { measureActions } from './lib/cost/actions';
import { monthlyBill } from './lib/cost/bill';
import { overBudget } from './lib/cost/budgets';
import { CostMeter } from './lib/cost/meter';
import { billTable, costTable } from './lib/cost/report';
import { PROJECT_ID, ROOT, startStack } from './lib/stack';

function parseArgs(argv: readonly string[]): { json?: string } {
  const out: { json?: string } = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--json' && argv[i + 1]) out.json = argv[++i];
    else {
      process.stderr.write(
        `npm run cost: unknown option ${String(arg)}\nUsage: npm run cost [-- --json <file>]\n`,
      );
      process.exit(2);
    }
  }
  return out;
}

const args = parseArgs(process.argv.slice(2));
const logPath = path.join(ROOT, '.portal-run', 'cost-stack.log');
mkdirSync(path.dirname(logPath), { recursive: true });
const logFile = createWriteStream(logPath);
let meter: CostMeter | undefined;
const t0 = performance.now();
process.stdout.write('cost: starting the local stack and Chromium ...\n');
const stack = await startStack({
  ports: 'free',
  webServer: 'build',
  quietSweeps: true,
  log: (service, line) => {
    logFile.write(`${service.padEnd(16)} ${line}\n`);
    meter?.onLog(service, line);
  },
});
const browser = await chromium
  .launch({ executablePath: headlessShellPath(), headless: true, args: CHROMIUM_ARGS })
  .catch(async (error: unknown) => {
    await stack.stop();
    throw error;
  });
let exitCode = 1;
try {
  meter = new CostMeter({
    firestoreUrl: stack.urls.firestore,
    stripeUrl: stack.urls.stripe,
    projectId: PROJECT_ID,
  });
  process.stdout.write(
    `cost: ready in ${((performance.now() - t0) / 1000).toFixed(1)} s; measuring ...\n`,
  );
  const costs = await measureActions(browser, stack.urls, meter, (cost) =>
    process.stdout.write(
      `  ${cost.action}: ${cost.reads} reads, ${cost.writes} writes, ${cost.deletes} deletes, ${cost.invocations} invocations (${(cost.ms / 1000).toFixed(1)} s)\n`,
    ),
  );
  process.stdout.write(`\n${costTable(costs)}\n\n`);
  process.stdout.write('A month of a brand with 200 buyers ordering weekly, at list prices:\n\n');
  process.stdout.write(`${billTable(costs, monthlyBill(costs))}\n\n`);
  if (args.json) writeFileSync(args.json, `${JSON.stringify(costs, null, 2)}\n`);
  const over = costs.filter(overBudget);
  if (over.length > 0) {
    process.stdout.write(`Over budget: ${over.map((cost) => cost.action).join(', ')}\n`);
  } else {
    process.stdout.write(`Every action is within its read budget (${costs.length} actions).\n`);
    exitCode = 0;
  }
} catch (error) {
  process.stderr.write(
    `cost: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.stderr.write(`cost: the stack's output is in ${path.relative(ROOT, logPath)}\n`);
} finally {
  await browser.close().catch(() => undefined);
  await stack.stop();
  logFile.end();
}
process.exit(exitCode);

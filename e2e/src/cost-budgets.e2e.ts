/**
 * What each user action costs, held to its read budget: the actions of `npm run cost`
 * (scripts/lib/cost/actions.ts: a visitor, the demo retailer shopping and paying, the demo
 * manager reading every dashboard tab, shipping and refunding, a standing order renewing) on a
 * stack and a Chromium of this file's own, whose scheduled sweeps stay quiet, so the emulator's
 * counters hold only what the actions read and write. It runs in the pool of the other suites,
 * not with the journeys (e2e/vitest.cost.config.ts). Fails naming each action over its budget
 * (scripts/lib/cost/budgets.ts). The table and the monthly bill are written to
 * e2e/artifacts/cost-report.md.
 */
import { createWriteStream, mkdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { measureActions } from '../../scripts/lib/cost/actions';
import { COST_BUDGETS, overBudget } from '../../scripts/lib/cost/budgets';
import { CostMeter } from '../../scripts/lib/cost/meter';
import { monthlyBill } from '../../scripts/lib/cost/bill';
import { billTable, costTable } from '../../scripts/lib/cost/report';
import { CHROMIUM_ARGS, headlessShellPath } from '../../scripts/lib/chromium';
import { PROJECT_ID, startStack, type RunningStack } from '../../scripts/lib/stack';
import { ARTIFACTS_DIR } from './support/journey';

let stack: RunningStack | undefined;
let browser: Browser | undefined;
let meter: CostMeter | undefined;
mkdirSync(ARTIFACTS_DIR, { recursive: true });
const log = createWriteStream(path.join(ARTIFACTS_DIR, 'cost-stack.log'));

beforeAll(async () => {
  const [started, launched] = await Promise.allSettled([
    startStack({
      ports: 'free',
      webServer: 'build',
      quietSweeps: true,
      log: (service, line) => {
        log.write(`${service.padEnd(16)} ${line}\n`);
        meter?.onLog(service, line);
      },
    }),
    chromium.launch({ executablePath: headlessShellPath(), headless: true, args: CHROMIUM_ARGS }),
  ]);
  // Each one that started is stopped in afterAll, also when the other failed.
  if (started.status === 'fulfilled') stack = started.value;
  if (launched.status === 'fulfilled') browser = launched.value;
  if (started.status === 'rejected') throw started.reason;
  if (launched.status === 'rejected') throw launched.reason;
  meter = new CostMeter({
    firestoreUrl: started.value.urls.firestore,
    stripeUrl: started.value.urls.stripe,
    projectId: PROJECT_ID,
  });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  await new Promise<void>((resolve) => log.end(resolve));
});

test('every action stays within its read budget', async () => {
  const costs = await measureActions(
    browser as Browser,
    (stack as RunningStack).urls,
    meter as CostMeter,
  );
  await writeFile(
    path.join(ARTIFACTS_DIR, 'cost-report.md'),
    `${costTable(costs)}\n\n${billTable(costs, monthlyBill(costs))}\n`,
  );
  // Every action measured has a budget, and every budget an action.
  expect(costs.map((cost) => cost.action).sort()).toEqual(Object.keys(COST_BUDGETS).sort());
  const over = costs
    .filter(overBudget)
    .map((cost) => `${cost.action}: ${cost.reads} reads, budget ${COST_BUDGETS[cost.action]}`);
  expect(over, `over budget (e2e/artifacts/cost-report.md)`).toEqual([]);
}, 600_000);

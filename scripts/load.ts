/**
 * `npm run load`: how the local stack holds up under a rush (docs/performance.md, "Under a rush").
 *   1. Reads the options (scripts/lib/load/args.ts); a bad one exits 2 before anything starts.
 *   2. Starts its own stack on free ports: Firestore, Auth, Functions, the Stripe sandbox and
 *      MailDev, no web app (the sweeps as npm start runs them); the sandbox delivers its webhooks to a
 *      relay of this script (scripts/lib/load/webhook-relay.ts) that forwards them to
 *      stripeWebhook, or records them for the webhook burst.
 *   3. Runs the scenarios, each against its deadline: the rush (scripts/lib/load/rush.ts), the
 *      webhook burst (burst.ts) and the hot product (hot-product.ts), then checks their outcome
 *      in Firestore through the Admin SDK.
 *   4. Prints one table (count, ok, refused, errors, p50, p95, max per step) and each scenario's
 *      checks with a PASS/FAIL line, and stops everything it started, also on error or Ctrl-C.
 * Exit code 0 when every check passed, 1 when one failed (or a scenario could not run), 2 on bad
 * usage. The stack's output goes to .portal-run/load-stack.log.
 */
import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { LOAD_USAGE, LoadUsageError, parseLoadArgs, type LoadOptions } from './lib/load/args';
import { appCheckToken } from './lib/load/buyer-client';
import { runBurst } from './lib/load/burst';
import { check } from './lib/load/firestore-checks';
import { runHotProduct } from './lib/load/hot-product';
import { loadTable, passed, verdicts } from './lib/load/report';
import { runRush } from './lib/load/rush';
import { countFunctionsLine, noFunctionsActivity } from './lib/load/functions-activity';
import type { LoadContext, ScenarioResult } from './lib/load/scenario';
import { startWebhookRelay, type WebhookRelay } from './lib/load/webhook-relay';
import { PROJECT_ID, ROOT, startStack, type RunningStack } from './lib/stack';

let options: LoadOptions;
try {
  options = parseLoadArgs(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof LoadUsageError)) throw error;
  process.stderr.write(`npm run load: ${error.message}\n${LOAD_USAGE}\n`);
  process.exit(2);
}
if (options.help) {
  process.stdout.write(`${LOAD_USAGE}\n`);
  process.exit(0);
}

const say = (line: string) => process.stdout.write(`${line}\n`);
const logPath = path.join(ROOT, '.portal-run', 'load-stack.log');
mkdirSync(path.dirname(logPath), { recursive: true });
const logFile = createWriteStream(logPath);

/** When the Functions emulator (firebase-tools) last printed a line. */
let lastFunctionsLine = Date.now();
const QUIET_MS = 3_000;
const SETTLE_MAX_MS = 120_000;
async function settle(): Promise<void> {
  const until = Date.now() + SETTLE_MAX_MS;
  while (Date.now() - lastFunctionsLine < QUIET_MS && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const functionsActivity = noFunctionsActivity();

let relay: WebhookRelay | undefined;
let starting: Promise<RunningStack> | undefined;
let app: App | undefined;
let stopped: Promise<void> | undefined;
/** Stops what this script started, once (the stack's processes by their process groups). */
function stopAll(): Promise<void> {
  stopped ??= (async () => {
    const stack = await starting?.catch(() => undefined);
    await Promise.allSettled([
      stack?.stop(),
      relay?.close(),
      app ? deleteApp(app) : Promise.resolve(),
    ]);
    logFile.end();
  })();
  return stopped;
}
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    say(`\nload: ${signal}, stopping the stack ...`);
    void stopAll().then(() => process.exit(130));
  });
}

const RUNNERS: Record<LoadOptions['only'][number], (ctx: LoadContext) => Promise<ScenarioResult>> =
  {
    rush: (ctx) => runRush(ctx, { buyers: options.buyers, windowSeconds: options.windowSeconds }),
    burst: (ctx) => runBurst(ctx, { events: options.events }),
    hot: (ctx) => runHotProduct(ctx, { buyers: options.hot }),
  };
const TITLES = { rush: 'Rush', burst: 'Webhook burst', hot: 'Hot product' } as const;

let exitCode = 1;
const t0 = performance.now();
try {
  relay = await startWebhookRelay();
  say('load: starting the local stack (Firestore, Auth, Functions, Stripe sandbox, MailDev) ...');
  starting = startStack({
    ports: 'free',
    services: {
      firestore: true,
      auth: true,
      functions: true,
      stripe: true,
      mail: true,
      storage: false,
      web: false,
    },
    stripeWebhookUrl: relay.url,
    log: (service, line) => {
      if (service === 'firebase') {
        lastFunctionsLine = Date.now();
        countFunctionsLine(functionsActivity, line);
      }
      logFile.write(`${service.padEnd(16)} ${line}\n`);
    },
  });
  const stack = await starting;
  relay.target = `${stack.urls.functions}/${PROJECT_ID}/us-central1/stripeWebhook`;
  Object.assign(process.env, stack.env);
  app = initializeApp({ projectId: PROJECT_ID }, 'load');
  const ctx: LoadContext = {
    urls: stack.urls,
    db: getFirestore(app),
    auth: getAuth(app),
    appCheck: await appCheckToken(stack.urls, stack.appCheckDebugToken),
    relay,
    say,
    settle,
    functionsActivity: () => ({ ...functionsActivity }),
  };
  say(`load: stack ready in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const results: ScenarioResult[] = [];
  for (const name of options.only) {
    try {
      results.push(await RUNNERS[name](ctx));
    } catch (error) {
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      say(`load: ${TITLES[name]} could not finish: ${message}`);
      results.push({
        name: TITLES[name],
        steps: [],
        checks: [check('the scenario ran to the end', false, message.split('\n')[0] ?? '')],
        wallMs: 0,
        notes: [],
      });
    }
    const last = results[results.length - 1];
    if (last) say(`load: ${last.name} done, ${passed(last) ? 'PASS' : 'FAIL'}`);
  }
  say(`\n${loadTable(results)}\n`);
  say(`${verdicts(results)}\n`);
  const total = (performance.now() - t0) / 1000;
  const failedNames = results.filter((result) => !passed(result)).map((result) => result.name);
  say(
    failedNames.length === 0
      ? `Every check passed (${results.length} scenarios, ${total.toFixed(0)} s in all).`
      : `FAIL: ${failedNames.join(', ')} (${total.toFixed(0)} s in all; the stack's output: ${path.relative(ROOT, logPath)})`,
  );
  exitCode = failedNames.length === 0 ? 0 : 1;
} catch (error) {
  // Interrupted: the stack is being stopped under the scenarios, whose errors say nothing.
  if (!interrupted) {
    process.stderr.write(
      `load: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.stderr.write(`load: the stack's output is in ${path.relative(ROOT, logPath)}\n`);
  }
} finally {
  await stopAll();
}
process.exit(interrupted ? 130 : exitCode);

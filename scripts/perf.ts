/**
 * `npm run perf`: the performance report (docs/performance.md).
 *   1. Starts the local stack (startStack, as `npm start` does, on free ports, without the dev web
 *      server: the build below is served on its port) and times its start.
 *   2. Builds the web app for production, wired to that stack's emulators (the VITE_*_PORT
 *      variables, as the large-catalog journey does), into a temporary folder, and prints the
 *      gzipped JavaScript (and CSS) per route (scripts/route-sizes.ts), with its budgets verdict.
 *   3. Runs Lighthouse (mobile preset, simulated throttling, one page at a time) on every route of
 *      the route table and on each admin dashboard tab, the build served by `vite preview`:
 *      public pages signed out, the portal signed in as the demo buyer, the admin pages as the
 *      demo manager. Routes with params get values from the demo data and from this run (a
 *      password reset code, a newsletter token, a payment made on the Stripe sandbox).
 *   4. Prints one table (route and tab, first-load JS, performance, accessibility, LCP, CLS,
 *      verdict against PERF_TARGETS in scripts/lib/perf-targets.ts) and, for each page that
 *      misses, Lighthouse's top opportunities and failed accessibility audits.
 *   5. The Firestore emulator benchmark (`npm run bench -w emulators/firestore`).
 * Exit code 0 when every page meets its targets (and the route sizes their budgets), 1 otherwise.
 *
 * Options: --routes <comma list> measures only those pages (route paths as in the route table,
 * `/admin?tab=<tab>`, route names or 404) and skips the benchmark; --reports <dir> keeps each
 * Lighthouse report there as JSON; --first-visit measures the signed-in pages without the last
 * view the app keeps on the device (a person's first visit on this device since signing in).
 */
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { COLLECTIONS, normalizeEmail, ROUTES } from '@portal/domain';
import { adminTabFiles } from '../web/build/admin-tab-chunks';
import { readManifest, routeFirstLoad } from '../web/build/route-chunks';
import { DEMO_ACCOUNTS } from './demo-accounts';
import { CHROMIUM_ARGS, CHROMIUM_DEFAULT_PATH } from './lib/chromium';
import { makeLocalCertificate } from './lib/local-tls';
import {
  demoValues,
  markdownTable,
  misses,
  PERF_TABLE_HEADER,
  perfPages,
  perfRow,
  routeLabel,
  selectPages,
  targetLines,
  type LighthouseNumbers,
  type PageOutcome,
  type PerfPage,
  type PerfValues,
  type Persona,
} from './lib/perf-targets';
import { freePort, waitForPort } from './lib/ports';
import { startProcess, type ManagedProcess } from './lib/processes';
import { DEMO_PASSWORD, PROJECT_ID, ROOT, startStack, type RunningStack } from './lib/stack';
import { buildWeb, localStackBuildVars, startWebPreview } from './lib/web-build';
import * as routeSizes from './route-sizes';
import {
  kb,
  measureRouteSizes,
  ROUTE_SIZE_HEADER,
  routeSizeRows,
  type RouteSize,
} from './route-sizes';

const USAGE = `Usage: npm run perf [-- --routes <comma list>] [-- --reports <dir>] [-- --first-visit]
  --routes      only these pages, e.g. /,/login,/admin?tab=overview,/portal/products/:productId,404
                (an admin tab alone: /admin?tab=<tab>; /admin is every tab); skips the benchmark
  --reports     keep each page's Lighthouse report (JSON) in this folder
  --first-visit empty localStorage before each run: the signed-in pages without the last view
                the app keeps on the device (web/src/lib/last-view.ts), as on a first visit`;

const CHROMIUM = process.env.CHROMIUM_PATH ?? CHROMIUM_DEFAULT_PATH;
/** How long a page may take to show its content before Lighthouse runs (a cold dev stack). */
const PAGE_CHECK_MS = 60_000;
/** How long the earlier visit stays on a page after its content shows (see checkPage). */
const LAST_VIEW_SETTLE_MS = 500;
const started: ManagedProcess[] = [];
const cleanups: (() => void | Promise<void>)[] = [];

function table(title: string, head: string[], rows: string[][]): void {
  console.log(`\n${title}\n`);
  console.log(markdownTable(head, rows));
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

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));
const firstLine = (error: unknown) => (message(error).split('\n')[0] ?? '').slice(0, 160);
const seconds = (since: number) => (performance.now() - since) / 1000;

// ---------------------------------------------------------------------------------------------
// The build and its JavaScript per route
// ---------------------------------------------------------------------------------------------

/** A production build wired to this stack's emulators (never to web/dist). */
function buildForStack(outDir: string, stack: RunningStack): void {
  const built = buildWeb(outDir, {
    logLevel: 'warn',
    vars: localStackBuildVars({
      host: new URL(stack.urls.firestore).hostname,
      ports: stack.ports,
      projectId: PROJECT_ID,
      appCheckUrl: stack.urls.appCheck,
      appCheckDebugToken: stack.appCheckDebugToken,
    }),
  });
  if (!built.ok) {
    console.log(built.output.split('\n').slice(-40).join('\n'));
    throw new Error('The web build failed');
  }
}

/**
 * What breaks the route-size limits of route-sizes.ts: its own verdict when it has one
 * (sizeProblems, or budgetProblems), else only the landing route's rules; null when it has none.
 */
function sizeVerdict(sizes: RouteSize[]): string[] | null {
  const api = routeSizes as {
    sizeProblems?: (sizes: RouteSize[]) => unknown;
    budgetProblems?: (sizes: RouteSize[]) => unknown;
    landingProblem?: (sizes: RouteSize[]) => unknown;
  };
  const check = api.sizeProblems ?? api.budgetProblems ?? api.landingProblem;
  if (typeof check !== 'function') return null;
  const result = check(sizes);
  const list = Array.isArray(result) ? result : [result];
  return list.map((line) => String(line ?? '').trim()).filter(Boolean);
}

/**
 * First-load JavaScript per table row: the route's (route-sizes.ts); for an admin tab that is
 * its own lazy chunk, the dashboard's entry, layouts and page module plus the tab's chunks (from
 * the Vite manifest), shown as the sum and its two parts.
 */
function firstLoadJs(outDir: string, sizes: RouteSize[], pages: PerfPage[]): Map<PerfPage, string> {
  const manifest = readManifest(outDir);
  // The dashboard without its tab (its document preloads only the tab in the URL), and each tab.
  const { tabs } = adminTabFiles(path.join(ROOT, 'web'), manifest);
  const gzipCache = new Map<string, number>();
  const gz = (file: string) => {
    let size = gzipCache.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(path.join(outDir, file)), { level: 9 }).length;
      gzipCache.set(file, size);
    }
    return size;
  };
  const sum = (files: string[]) => files.reduce((total, file) => total + gz(file), 0);
  const adminBase = sum(routeFirstLoad(manifest, ROUTES.admin, []).js);
  const out = new Map<PerfPage, string>();
  for (const page of pages) {
    const size = sizes.find((s) => s.route === routeLabel(page.route));
    let text = size ? kb(size.jsBytes) : 'n/a';
    const tab = page.tab ? tabs[page.tab] : undefined;
    if (tab) {
      const extra = sum(tab.js);
      text = `${kb(adminBase + extra)} (${kb(adminBase)} + ${kb(extra)} tab)`;
    }
    out.set(page, text);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// This run's values: a password reset code and a newsletter token
// ---------------------------------------------------------------------------------------------

async function adminCall(
  url: string,
  body: unknown,
  method = 'POST',
): Promise<Record<string, unknown>> {
  const response = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/** A password reset code for a demo account (the Auth emulator answers it, no mail is sent). */
async function passwordResetCode(stack: RunningStack, email: string): Promise<string> {
  const answer = await adminCall(
    `${stack.urls.auth}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts:sendOobCode`,
    { requestType: 'PASSWORD_RESET', email, returnOobLink: true },
  );
  if (typeof answer.oobCode !== 'string') throw new Error('The Auth emulator gave no oobCode');
  return answer.oobCode;
}

/** A pending newsletter subscription, as subscribing leaves one; returns its link token. */
async function newsletterToken(stack: RunningStack): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const email = normalizeEmail('perf-newsletter@demo.test');
  const id = createHash('sha256').update(email).digest('hex');
  const now = new Date().toISOString();
  await adminCall(
    `${stack.urls.firestore}/v1/projects/${PROJECT_ID}/databases/(default)/documents/${COLLECTIONS.newsletterSubscribers}/${id}`,
    {
      fields: {
        email: { stringValue: email },
        state: { stringValue: 'pending' },
        token: { stringValue: token },
        created_at: { timestampValue: now },
        updated_at: { timestampValue: now },
      },
    },
    'PATCH',
  );
  return token;
}

// ---------------------------------------------------------------------------------------------
// Chromium, sign-in and the page checks (Playwright over CDP), then Lighthouse
// ---------------------------------------------------------------------------------------------

/** The fields of a Lighthouse network-requests row read here. */
interface NetworkItem {
  resourceType?: string;
  protocol?: string;
}

interface Chrome {
  port: number;
  stop(): Promise<void>;
}

/** A headless Chromium with a fresh profile of its own, for one persona. */
async function startChromium(): Promise<Chrome> {
  const port = await freePort();
  const profile = mkdtempSync(path.join(tmpdir(), 'portal-perf-profile-'));
  const proc = startProcess({
    name: 'chromium',
    command: CHROMIUM,
    args: [
      '--headless=new',
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      ...CHROMIUM_ARGS,
      // The build is served over HTTP/2 with a certificate made for this run (local-tls.ts).
      '--ignore-certificate-errors',
      'about:blank',
    ],
    cwd: ROOT,
  });
  started.push(proc);
  await waitForPort(port, 30_000);
  return {
    port,
    async stop() {
      await proc.stop();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Waits until the page shows every text (the first match of each, visible). */
async function see(page: Page, texts: readonly string[], timeout = PAGE_CHECK_MS): Promise<void> {
  for (const text of texts) {
    await page.getByText(text).filter({ visible: true }).first().waitFor({ timeout });
  }
}

async function signIn(
  context: BrowserContext,
  origin: string,
  persona: Persona,
  values: PerfValues,
) {
  const page = await context.newPage();
  try {
    const manager = persona === 'manager';
    await page.goto(`${origin}${manager ? ROUTES.adminLogin.path : ROUTES.login.path}`);
    await see(page, [manager ? 'Admin Login' : 'Portal Access']);
    await page.getByLabel('Email').fill(manager ? values.managerEmail : values.buyerEmail);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(
      (url) =>
        url.pathname.startsWith(manager ? ROUTES.admin.path : ROUTES.portal.path) &&
        !url.pathname.startsWith(ROUTES.adminLogin.path),
      { timeout: PAGE_CHECK_MS },
    );
  } finally {
    await page.close();
  }
}

/** Puts the product in the buyer's cart from its page. */
async function addToCart(context: BrowserContext, origin: string, values: PerfValues) {
  const page = await context.newPage();
  try {
    await page.goto(`${origin}/portal/products/${encodeURIComponent(values.productId)}`);
    await see(page, [values.productName]);
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await see(page, ['in your cart']);
    // The page may say so from the last view the app keeps on the device before the write is
    // done (the cart as it was before a payment): the tab stays until the write has been sent.
    await page.waitForLoadState('networkidle');
  } finally {
    await page.close();
  }
}

/**
 * The buyer pays their cart on the Stripe sandbox page; returns the Checkout Session id the
 * sandbox sends them back to /payment-success with.
 */
async function payCart(
  context: BrowserContext,
  origin: string,
  stack: RunningStack,
): Promise<string> {
  const page = await context.newPage();
  try {
    await page.goto(`${origin}${ROUTES.cart.path}`);
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    const stripe = new URL(stack.urls.stripe).origin;
    await page.waitForURL((url) => url.origin === stripe, { timeout: PAGE_CHECK_MS });
    await page.getByLabel('Full name').fill('Perf Check');
    await page.getByLabel('Address line 1').fill('500 Market St');
    await page.getByLabel('City').fill('San Francisco');
    await page.getByLabel('State').selectOption('CA');
    await page.getByLabel('ZIP code').fill('94105');
    await page.getByLabel('Phone').fill('(415) 555-0123');
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL((url) => url.pathname === ROUTES.paymentSuccess.path, {
      timeout: PAGE_CHECK_MS,
    });
    // Whether the payment is verified and shown is the page check's to say (checkPage).
    const id = new URL(page.url()).searchParams.get('session_id');
    if (!id) throw new Error(`no session_id in ${page.url()}`);
    return id;
  } finally {
    await page.close();
  }
}

/** Opens the page as the persona and waits for its real content; returns what went wrong. */
async function checkPage(
  context: BrowserContext,
  origin: string,
  page: PerfPage,
  values: PerfValues,
) {
  const tab = await context.newPage();
  try {
    await tab.goto(`${origin}${page.url(values)}`);
    await see(tab, page.expect(values));
    // This is the persona's earlier visit: the app keeps a signed-in page's last view on the
    // device a moment after its reads (web/src/lib/last-view.ts), as it would for a person who
    // looked at the page. Lighthouse then measures the page as that returning person opens it.
    await tab.waitForTimeout(LAST_VIEW_SETTLE_MS);
    const at = new URL(tab.url()).pathname;
    const expected = page.finalPath(values);
    return at === expected ? [] : [`opened ${at}, not ${expected}`];
  } catch {
    // What it showed instead: its main heading, else the start of its text.
    const shown = await tab
      .locator('h1')
      .filter({ visible: true })
      .first()
      .innerText({ timeout: 1000 })
      .catch(() =>
        tab
          .locator('body')
          .innerText({ timeout: 1000 })
          .catch(() => ''),
      );
    const what = shown.replace(/\s+/g, ' ').trim().slice(0, 80);
    return [
      `the page did not show ${page
        .expect(values)
        .map((text) => `"${text}"`)
        .join(' and ')} (it showed "${what}" at ${new URL(tab.url()).pathname})`,
    ];
  } finally {
    await tab.close();
  }
}

interface Measured {
  outcome: PageOutcome;
  /** Lighthouse's report, for the notes on pages that miss. */
  lhr?: LighthouseReport;
}

type LighthouseReport = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

async function runLighthouse(
  url: string,
  port: number,
  firstVisit: boolean,
): Promise<{ numbers?: LighthouseNumbers; lhr?: LighthouseReport; error?: string }> {
  try {
    const result = await lighthouse(url, {
      port,
      onlyCategories: ['performance', 'accessibility'],
      logLevel: 'error',
      output: 'json',
      // The mobile preset (Lighthouse's default config: a mid-range phone, simulated slow 4G
      // and 4x CPU slowdown). Before each run Lighthouse empties the HTTP cache and these
      // stores, and keeps IndexedDB and localStorage: the signed-in session (Firebase Auth keeps
      // it in IndexedDB) survives, and so does the last view the app keeps in localStorage from
      // the persona's earlier visit (checkPage); every page starts from a cold cache alike.
      // (With disableStorageReset the cache would stay warm from the page before.) A first
      // visit empties localStorage too.
      clearStorageTypes: [
        'file_systems',
        'shader_cache',
        'service_workers',
        'cache_storage',
        ...(firstVisit ? (['local_storage'] as const) : []),
      ],
    });
    const lhr = result?.lhr;
    if (!lhr) return { error: 'Lighthouse returned no report' };
    if (lhr.runtimeError)
      return { lhr, error: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` };
    const score = (id: string) => {
      const value = lhr.categories[id]?.score;
      return typeof value === 'number' ? Math.round(value * 100) : null;
    };
    const numeric = (id: string) => {
      const value = lhr.audits[id]?.numericValue;
      return typeof value === 'number' ? value : null;
    };
    return {
      lhr,
      numbers: {
        performance: score('performance'),
        accessibility: score('accessibility'),
        lcpMs: numeric('largest-contentful-paint'),
        cls: numeric('cumulative-layout-shift'),
        finalPath: new URL(lhr.finalDisplayedUrl).pathname,
      },
    };
  } catch (error) {
    return { error: firstLine(error) };
  }
}

/**
 * Measures one persona's pages in a Chromium of its own: signs in (and, for the buyer, pays a
 * cart and fills it again), checks each page shows its real content, then runs Lighthouse on
 * them one by one with Playwright disconnected (so it adds nothing to the runs).
 */
async function measurePersona(
  persona: Persona,
  pages: PerfPage[],
  origin: string,
  stack: RunningStack,
  values: PerfValues,
  reportsDir: string | undefined,
  firstVisit: boolean,
): Promise<Map<PerfPage, Measured>> {
  const out = new Map<PerfPage, Measured>();
  const chrome = await startChromium();
  const problems = new Map<PerfPage, string[]>();
  let browser: Browser | undefined;
  try {
    browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const context = browser.contexts()[0] ?? (await browser.newContext());
    let setupProblem = '';
    let paymentProblem = '';
    try {
      if (persona !== 'visitor') await signIn(context, origin, persona, values);
      if (persona === 'buyer') {
        if (pages.some((page) => page.route === 'paymentSuccess')) {
          await addToCart(context, origin, values);
          try {
            values.sessionId = await payCart(context, origin, stack);
          } catch (error) {
            paymentProblem = `measured without a payment (${firstLine(error)})`;
          }
        }
        // The cart page is measured with a product in it.
        if (pages.some((page) => page.route === 'cart')) await addToCart(context, origin, values);
      }
    } catch (error) {
      setupProblem = `${persona} setup failed (${firstLine(error)})`;
    }
    for (const page of pages) {
      const list = [setupProblem, page.route === 'paymentSuccess' ? paymentProblem : ''];
      list.push(...(await checkPage(context, origin, page, values)));
      problems.set(page, list.filter(Boolean));
    }
  } finally {
    await browser?.close();
  }
  try {
    for (const page of pages) {
      const url = `${origin}${page.url(values)}`;
      const t0 = performance.now();
      const result = await runLighthouse(url, chrome.port, firstVisit);
      console.log(
        `  ${page.label.padEnd(38)} ${result.numbers ? `perf ${result.numbers.performance}, a11y ${result.numbers.accessibility}` : `failed: ${result.error}`} (${seconds(t0).toFixed(0)} s)`,
      );
      if (reportsDir && result.lhr) {
        const slug = page.label.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'home';
        writeFileSync(path.join(reportsDir, `${slug}.json`), JSON.stringify(result.lhr));
      }
      out.set(page, {
        outcome: { numbers: result.numbers, error: result.error, problems: problems.get(page) },
        lhr: result.lhr,
      });
    }
  } finally {
    await chrome.stop();
  }
  return out;
}

/** Why a page misses, from its report: the top opportunities and failed accessibility audits. */
function notes(lhr: LighthouseReport): string[] {
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

// ---------------------------------------------------------------------------------------------
// Firestore emulator benchmark
// ---------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------

async function main(): Promise<number> {
  const startedAt = performance.now();
  const { values: args } = parseArgs({
    options: {
      routes: { type: 'string' },
      reports: { type: 'string' },
      'first-visit': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (args.help) {
    console.log(USAGE);
    return 0;
  }
  const pages = args.routes ? selectPages(perfPages(), args.routes) : perfPages();
  const reportsDir = args.reports ? path.resolve(args.reports) : undefined;
  if (reportsDir) mkdirSync(reportsDir, { recursive: true });
  const seed = JSON.parse(
    readFileSync(path.join(ROOT, 'emulator-data/firestore.json'), 'utf8'),
  ) as {
    documents: Record<string, Record<string, unknown>>;
  };
  const demo = demoValues(seed.documents, DEMO_ACCOUNTS);

  console.log('Starting the local stack (startStack, free ports) ...');
  const stackStart = performance.now();
  // Every service but the dev web server: the production build is served in its place, on the
  // stack's web port, so the links the functions make (Stripe's return to /payment-success, the
  // mails') lead to it.
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
  cleanups.push(stopStack);

  const outDir = mkdtempSync(path.join(tmpdir(), 'portal-perf-build-'));
  cleanups.push(() => rmSync(outDir, { recursive: true, force: true }));
  console.log('Building the web app (vite build --manifest, production, wired to the stack) ...');
  const buildStart = performance.now();
  buildForStack(outDir, stack);
  const buildSeconds = seconds(buildStart);
  const sizes = measureRouteSizes(outDir);
  table(
    'Gzipped JavaScript per route (entry + static imports + lazy layout and route chunks)',
    ROUTE_SIZE_HEADER,
    routeSizeRows(sizes),
  );
  const failures: string[] = [];
  const sizeProblems = sizeVerdict(sizes);
  if (sizeProblems === null)
    console.log('Route sizes: no limits defined in scripts/route-sizes.ts.');
  else if (sizeProblems.length === 0) console.log('Route sizes: every route within its limits.');
  else {
    for (const problem of sizeProblems) console.log(`FAIL: ${problem}`);
    failures.push(
      `${sizeProblems.length} route-size ${sizeProblems.length === 1 ? 'problem' : 'problems'} (above)`,
    );
  }
  const jsColumn = firstLoadJs(outDir, sizes, pages);

  const origin = stack.urls.web;
  const tlsDir = mkdtempSync(path.join(tmpdir(), 'portal-perf-tls-'));
  cleanups.push(() => rmSync(tlsDir, { recursive: true, force: true }));
  const tls = makeLocalCertificate(tlsDir);
  const preview = startWebPreview(outDir, stack.ports.web, { tls });
  started.push(preview);
  await waitForPort(stack.ports.web, 30_000);

  const values: PerfValues = {
    ...demo,
    oobCode: pages.some((p) => p.route === 'authAction')
      ? await passwordResetCode(
          stack,
          DEMO_ACCOUNTS.find((a) => a.status === 'pending')?.email ?? demo.buyerEmail,
        )
      : '',
    newsletterToken: pages.some((p) => p.route === 'newsletter')
      ? await newsletterToken(stack)
      : '',
  };

  const measured = new Map<PerfPage, Measured>();
  const lighthouseStart = performance.now();
  const loadBefore = loadavg()[0] ?? 0;
  if (!existsSync(CHROMIUM)) {
    for (const page of pages)
      measured.set(page, {
        outcome: { error: `Chromium not found at ${CHROMIUM} (CHROMIUM_PATH)` },
      });
  } else {
    for (const persona of ['visitor', 'buyer', 'manager'] as const) {
      const group = pages.filter((page) => page.persona === persona);
      if (group.length === 0) continue;
      console.log(
        `\nLighthouse as ${persona === 'visitor' ? 'a visitor (signed out)' : `the demo ${persona}`}:`,
      );
      for (const [page, result] of await measurePersona(
        persona,
        group,
        origin,
        stack,
        values,
        reportsDir,
        args['first-visit'] ?? false,
      ))
        measured.set(page, result);
    }
  }
  const lighthouseSeconds = seconds(lighthouseStart);

  const rows: string[][] = [];
  const why: string[] = [];
  let missed = 0;
  for (const page of pages) {
    const result = measured.get(page) ?? { outcome: { error: 'not run' } };
    const list = misses(page, page.finalPath(values), result.outcome);
    if (list.length > 0) {
      missed += 1;
      if (result.lhr) why.push(`${page.label}:`, ...notes(result.lhr).map((line) => `  - ${line}`));
    }
    rows.push(perfRow(page.label, jsColumn.get(page) ?? 'n/a', result.outcome, list));
  }
  table(
    `Lighthouse, mobile preset (simulated throttling), ${pages.length} pages, production build under vite preview over HTTP/2${args['first-visit'] ? ', first visit (no last view on the device)' : ''}`,
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
  const loadAfter = loadavg()[0] ?? 0;
  console.log(
    `Load average (1 min) before and after the Lighthouse runs: ${loadBefore.toFixed(1)} and ${loadAfter.toFixed(1)} on ${cpus().length} cores.` +
      (Math.max(loadBefore, loadAfter) > cpus().length
        ? ' The machine was busy: the performance numbers are lower than on a quiet one.'
        : ''),
  );
  if (why.length > 0)
    console.log(`\nWhere the pages that miss lose (Lighthouse):\n${why.join('\n')}`);
  if (missed > 0) failures.push(`${missed} of ${pages.length} pages miss their targets`);

  await preview.stop();
  await stopStack();

  table(
    'Local stack start to ready',
    ['Measure', 'Time'],
    [
      [
        'startStack (free ports; every service but the dev web server)',
        `${stackSeconds.toFixed(1)} s`,
      ],
    ],
  );
  if (args.routes) {
    console.log('\nFirestore emulator benchmark: skipped (--routes).');
  } else {
    console.log('\nFirestore emulator benchmark (npm run bench -w emulators/firestore)\n');
    for (const line of firestoreBench()) console.log(line);
  }
  console.log(
    `\nnpm run perf took ${(seconds(startedAt) / 60).toFixed(1)} min on ${cpus().length} cores ` +
      `(stack ${stackSeconds.toFixed(0)} s, build ${buildSeconds.toFixed(0)} s, Lighthouse ${lighthouseSeconds.toFixed(0)} s).`,
  );
  if (failures.length > 0) {
    console.log(`\nFAIL: ${failures.join('; ')}`);
    return 1;
  }
  console.log('\nEvery page meets its targets.');
  return 0;
}

let stopping: Promise<void> | undefined;
const stopAll = () =>
  (stopping ??= (async () => {
    await Promise.all(started.map((p) => p.stop()));
    for (const cleanup of cleanups.reverse()) await cleanup();
  })());
process.on('SIGINT', () => void stopAll().then(() => process.exit(130)));
try {
  process.exitCode = await main();
} catch (error) {
  console.error(message(error));
  process.exitCode = 1;
} finally {
  await stopAll();
}

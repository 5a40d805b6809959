/**
 * The Lighthouse runs of `npm run perf`: each persona's pages in a Chromium of its own
 * (browser.ts), one page at a time, with the mobile preset and simulated throttling.
 */
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium, type Browser } from 'playwright-core';
import type { RunningStack } from '../stack';
import { addToCart, checkPage, CHROMIUM, payCart, signIn, startChromium } from './browser';
import type { LighthouseNumbers, LighthouseReport, Measured } from './report';
import type { PerfPage, Persona } from './targets';
import type { Teardown } from './teardown';
import type { PerfValues } from './values';

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));
const firstLine = (error: unknown) => (message(error).split('\n')[0] ?? '').slice(0, 160);
const seconds = (since: number) => (performance.now() - since) / 1000;

/** Where and how the pages are measured. */
export interface MeasureOptions {
  /** The origin the build is served on. */
  origin: string;
  stack: RunningStack;
  /** This run's values; the buyer's payment sets `sessionId`. */
  values: PerfValues;
  /** Where to keep each page's Lighthouse report, if anywhere. */
  reportsDir: string | undefined;
  firstVisit: boolean;
  teardown: Teardown;
}

/** Measures every page, persona by persona (visitors, then the buyer, then the manager). */
export async function measurePages(
  pages: readonly PerfPage[],
  options: MeasureOptions,
): Promise<Map<PerfPage, Measured>> {
  const measured = new Map<PerfPage, Measured>();
  if (!existsSync(CHROMIUM)) {
    for (const page of pages)
      measured.set(page, {
        outcome: { error: `Chromium not found at ${CHROMIUM} (CHROMIUM_PATH)` },
      });
    return measured;
  }
  for (const persona of ['visitor', 'buyer', 'manager'] as const) {
    const group = pages.filter((page) => page.persona === persona);
    if (group.length === 0) continue;
    console.log(
      `\nLighthouse as ${persona === 'visitor' ? 'a visitor (signed out)' : `the demo ${persona}`}:`,
    );
    for (const [page, result] of await measurePersona(persona, group, options))
      measured.set(page, result);
  }
  return measured;
}

/**
 * Measures one persona's pages in a Chromium of its own: signs in (and, for the buyer, pays a
 * cart and fills it again), checks each page shows its real content, then runs Lighthouse on
 * them one by one with Playwright disconnected (so it adds nothing to the runs).
 */
async function measurePersona(
  persona: Persona,
  pages: PerfPage[],
  { origin, stack, values, reportsDir, firstVisit, teardown }: MeasureOptions,
): Promise<Map<PerfPage, Measured>> {
  const out = new Map<PerfPage, Measured>();
  const chrome = await startChromium(teardown);
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

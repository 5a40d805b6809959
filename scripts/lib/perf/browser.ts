/**
 * The browser side of `npm run perf`: a headless Chromium per persona, driven over CDP with
 * Playwright to sign in, fill and pay the buyer's cart and check that each page shows its real
 * content before Lighthouse measures it (lighthouse.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { ROUTES } from '@portal/domain';
import { CHROMIUM_ARGS, CHROMIUM_DEFAULT_PATH } from '../chromium';
import { freePort, waitForPort } from '../ports';
import { startProcess } from '../processes';
import { DEMO_PASSWORD, ROOT, type RunningStack } from '../stack';
import type { PerfPage, Persona } from './targets';
import type { Teardown } from './teardown';
import type { PerfValues } from './values';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? CHROMIUM_DEFAULT_PATH;
/** How long a page may take to show its content before Lighthouse runs (a cold dev stack). */
const PAGE_CHECK_MS = 60_000;
/** How long the earlier visit stays on a page after its content shows (see checkPage). */
const LAST_VIEW_SETTLE_MS = 500;

export interface Chrome {
  port: number;
  stop(): Promise<void>;
}

/** A headless Chromium with a fresh profile of its own, for one persona. */
export async function startChromium(teardown: Teardown): Promise<Chrome> {
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
  teardown.process(proc);
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

export async function signIn(
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
export async function addToCart(context: BrowserContext, origin: string, values: PerfValues) {
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
export async function payCart(
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
export async function checkPage(
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

/**
 * The user actions of the cost report, driven in a real browser against a local stack with the
 * demo data: a visitor, the demo retailer (who shops, pays and keeps a standing order) and the
 * demo manager (who reads every dashboard tab, ships and refunds). Each action is measured on its
 * own by the CostMeter (counters zeroed before, read once everything has settled). Pages are
 * opened the way people open them: a link or a typed address loads the page, a dashboard tab is
 * clicked. A view that listens for changes (My Account, the Orders tab, the Companies badge) is
 * kept open for LIVE_VIEW_DWELL_MS, long enough for its listeners to start and read.
 */
import type { Browser, Locator, Page, Request } from 'playwright-core';
import Stripe from 'stripe';
import { chooseCarrier } from '../browser/select-option';
import { advanceBuyerClock } from '../test-clocks';
import type { ActionCost, CostMeter } from './meter';
import { DEMO_PASSWORD, PROJECT_ID, STRIPE_SANDBOX_KEY, type RunningStack } from '../stack';

/** The web app's live views start listening after 8 s open (web/src/entities/live-firestore.ts). */
export const LIVE_VIEW_DWELL_MS = 11_000;
const UI_MS = 30_000;
const SLOW_MS = 90_000;

/** The dashboard tabs in the order they are shown, by label. */
export const DASHBOARD_TABS = [
  'Overview',
  'Orders',
  'Claims',
  'Receivables',
  'Tax',
  'Certificates',
  'Standing orders',
  'Companies',
  'Catalog',
  'Price lists',
  'Tutorials',
  'Site',
] as const;

const BUYER = 'retailer@demo.test';
const MANAGER = 'manager@demo.test';
/** Stock-tracked, bought by the unit: what the buyer adds and pays for. */
const PRODUCT = { id: 'blue-coast', name: 'Blue Coast Syrup', search: 'blue coast' };
/** Not stock tracked: what the standing order delivers. */
const STANDING = { id: 'syrup-variety-pack', name: 'Syrup Variety Pack' };

type Urls = RunningStack['urls'];

async function see(locator: Locator, timeout = UI_MS): Promise<void> {
  await locator.first().waitFor({ state: 'visible', timeout });
}

async function toast(page: Page, title: string, text?: string, timeout = UI_MS): Promise<void> {
  const found = page.locator('.toast').filter({ hasText: title });
  await see(text ? found.filter({ hasText: text }) : found, timeout);
}

function stripe(urls: Urls): Stripe {
  const url = new URL(urls.stripe);
  return new Stripe(STRIPE_SANDBOX_KEY, {
    host: url.hostname,
    port: Number(url.port),
    protocol: 'http',
  });
}

/** A document read through the emulator's admin REST; its reads are counted too, so only between actions. */
async function readFields(urls: Urls, path: string): Promise<Record<string, unknown> | null> {
  const response = await fetch(
    `${urls.firestore}/v1/projects/${PROJECT_ID}/databases/(default)/documents/${path}`,
    { headers: { authorization: 'Bearer owner' } },
  );
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`read ${path}: ${response.status}`);
  const body = (await response.json()) as { fields?: Record<string, Record<string, unknown>> };
  return Object.fromEntries(
    Object.entries(body.fields ?? {}).map(([key, value]) => [key, Object.values(value)[0]]),
  );
}

async function signIn(page: Page, path: string, email: string, button: RegExp): Promise<void> {
  await page.goto(path);
  await page.getByLabel(/email/i).first().fill(email);
  await page
    .getByLabel(/password/i)
    .first()
    .fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: button }).first().click();
}

async function fillShipTo(page: Page): Promise<void> {
  await page.getByLabel('Full name').fill('Sam Rivera');
  await page.getByLabel('Address line 1').fill('1120 SW 5th Ave');
  await page.getByLabel('City').fill('Portland');
  await page.getByLabel('State').selectOption('OR');
  await page.getByLabel('ZIP code').fill('97204');
  await page.getByLabel('Phone').fill('(503) 555-0123');
}

/** On the sandbox's hosted page (after Proceed to Checkout or Start standing order): pays. */
async function payOnStripePage(page: Page, urls: Urls): Promise<string> {
  await page.waitForURL((url) => url.origin === new URL(urls.stripe).origin, {
    waitUntil: 'load',
    timeout: SLOW_MS,
  });
  await see(page.getByRole('heading', { name: 'Checkout' }));
  const sessionId = /\/checkout\/(cs_[A-Za-z0-9_]+)/.exec(page.url())?.[1];
  if (!sessionId) throw new Error(`no session id in ${page.url()}`);
  await fillShipTo(page);
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL((url) => url.pathname === '/payment-success', { timeout: SLOW_MS });
  await see(page.getByText('Payment Successful!'), SLOW_MS);
  const session = await stripe(urls).checkout.sessions.retrieve(sessionId);
  if (!session.client_reference_id) throw new Error(`session ${sessionId} names no order`);
  return session.client_reference_id;
}

async function waitFor(what: string, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + SLOW_MS;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Runs every action in turn and answers their costs, in the report's order. `onAction` hears of
 * each one as it is measured (for progress output).
 */
export async function measureActions(
  browser: Browser,
  urls: Urls,
  meter: CostMeter,
  onAction: (cost: ActionCost) => void = () => undefined,
): Promise<ActionCost[]> {
  const costs: ActionCost[] = [];
  const measure = async (name: string, act: () => Promise<void>, dwellMs?: number) => {
    const cost = await meter.measure(name, act, { dwellMs });
    costs.push(cost);
    onAction(cost);
  };
  // The browser's calls to the functions (callables, the landing page's content) in flight: the
  // meter waits for them, as a function's first call can take a second to start.
  const functionsPort = new URL(urls.functions).port;
  const callsInFlight = new Set<Request>();
  meter.addBusySource(() => callsInFlight.size);
  const context = async (options = {}) => {
    const created = await browser.newContext({ baseURL: urls.web, locale: 'en-US', ...options });
    const mine = new Set<Request>();
    created.on('request', (request) => {
      if (new URL(request.url()).port !== functionsPort) return;
      mine.add(request);
      callsInFlight.add(request);
    });
    const ended = (request: Request) => {
      mine.delete(request);
      callsInFlight.delete(request);
    };
    created.on('requestfinished', ended);
    created.on('requestfailed', ended);
    // A closed context's calls are over, whether or not their end was reported.
    created.on('close', () => {
      for (const request of mine) callsInFlight.delete(request);
      mine.clear();
    });
    return created;
  };

  // A visitor.
  const visitorContext = await context();
  const visitor = await visitorContext.newPage();
  visitor.setDefaultTimeout(UI_MS);
  await measure('Landing', async () => {
    await visitor.goto('/');
    await see(visitor.getByRole('heading', { level: 1 }));
  });
  await visitorContext.close();

  // The demo retailer.
  const buyerContext = await context();
  const buyer = await buyerContext.newPage();
  buyer.setDefaultTimeout(UI_MS);
  await measure('Sign-in', async () => {
    await signIn(buyer, '/login', BUYER, /^(sign in|log in|login|access portal)/i);
    await toast(buyer, 'Welcome back!');
    // The welcome moves on to My Account by itself (LOGIN_REDIRECT_MS): part of signing in.
    await buyer.waitForURL((url) => url.pathname === '/portal/my-account');
  });
  await measure('Store open', async () => {
    await buyer.goto('/portal/store');
    await see(buyer.getByRole('article'));
  });
  await measure('Search', async () => {
    await buyer.getByLabel('Search', { exact: true }).fill(PRODUCT.search);
    await buyer.waitForURL((url) => url.searchParams.get('q') === PRODUCT.search);
    await see(buyer.getByRole('article', { name: PRODUCT.name, exact: true }));
  });
  await measure('Add to cart', async () => {
    const card = buyer.getByRole('article', { name: PRODUCT.name, exact: true });
    await card.getByRole('button', { name: /^Add to Cart/ }).click();
    await see(card.getByRole('button', { name: /in cart$/ }));
  });
  await measure('Product page', async () => {
    await buyer.goto(`/portal/products/${PRODUCT.id}`);
    await see(buyer.getByRole('heading', { name: PRODUCT.name }));
  });
  await measure('Cart', async () => {
    await buyer.goto('/portal/cart');
    await see(buyer.getByRole('heading', { name: 'Order Summary' }));
    await see(buyer.getByRole('article', { name: PRODUCT.name }));
    // Ready to pay: the ship-to chosen and the tax estimated for it.
    const proceed = buyer.getByRole('button', { name: /Proceed to Checkout/ });
    await waitFor('Proceed to Checkout', () => proceed.isEnabled());
  });
  let orderId = '';
  await measure('Checkout to paid order', async () => {
    await buyer.getByRole('button', { name: /Proceed to Checkout/ }).click();
    orderId = await payOnStripePage(buyer, urls);
  });
  const order = await readFields(urls, `orders/${orderId}`);
  if (order?.status !== 'processing') {
    throw new Error(`order ${orderId} is ${String(order?.status)} after checkout, not processing`);
  }
  await measure(
    'My Account',
    async () => {
      await buyer.goto('/portal/my-account');
      await see(buyer.getByRole('listitem', { name: `Order #${orderId.slice(0, 8)}` }), SLOW_MS);
    },
    LIVE_VIEW_DWELL_MS,
  );
  // Closed, so its listeners stop before the manager's actions (the emulator would otherwise
  // keep a left page's listen session for a while, and bill the manager's writes to it).
  await buyerContext.close();

  // The demo manager: sign-in lands on the dashboard's Overview; each tab is then clicked.
  const managerContext = await context();
  const manager = await managerContext.newPage();
  manager.setDefaultTimeout(UI_MS);
  await signIn(manager, '/admin/login', MANAGER, /^(sign in|log in|login|access portal)/i);
  await see(manager.getByRole('heading', { name: 'Admin Dashboard' }));
  await manager.goto('about:blank');
  for (const tab of DASHBOARD_TABS) {
    const listens = tab === 'Overview' || tab === 'Orders';
    await measure(
      `Dashboard: ${tab}`,
      async () => {
        if (tab === 'Overview') {
          // The dashboard opens on Orders; a link to the Overview names it.
          await manager.goto('/admin?tab=overview');
          await see(manager.getByRole('heading', { name: 'Admin Dashboard' }));
        } else {
          await manager.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
        }
        const panel = manager.getByRole('tabpanel');
        await see(panel);
        // The tab's own content, past its loading state.
        await waitFor(`the ${tab} tab`, async () => {
          const busy = await panel
            .locator('[aria-busy="true"], .ant-skeleton, .ant-spin-spinning')
            .count();
          return busy === 0 && (await panel.innerText()).trim().length > 0;
        });
      },
      // The Companies badge listens from the dashboard's first tab, the order book on Orders.
      listens ? LIVE_VIEW_DWELL_MS : undefined,
    );
  }

  const label = `#${orderId.slice(0, 8)}`;
  const entry = () =>
    manager
      .getByRole('region', { name: 'Recent Orders' })
      .locator('tr, article')
      .filter({ hasText: label })
      .first();
  await manager.getByRole('tab', { name: /^Orders/ }).click();
  await see(entry(), SLOW_MS);
  // The order book's listener started (8 s open), as on any Orders tab a manager works in.
  await meter.settle({ dwellMs: LIVE_VIEW_DWELL_MS });
  await measure('Ship', async () => {
    await entry().getByRole('button', { name: 'Mark Shipped', exact: true }).click();
    const dialog = manager.getByRole('dialog', { name: `Ship order ${label}` });
    await see(dialog);
    await chooseCarrier(manager, dialog, 'UPS');
    await dialog.getByLabel('Tracking number').fill('1Z999AA10123456784');
    await dialog.getByRole('button', { name: 'Mark shipped', exact: true }).click();
    await toast(manager, 'Success', `Order ${label} is now Shipped`, SLOW_MS);
  });
  await measure('Refund', async () => {
    await entry()
      .getByRole('button', { name: `Refund ${label}`, exact: true })
      .click();
    const dialog = manager.getByRole('dialog', { name: `Refund order ${label}` });
    await see(dialog);
    await dialog.getByRole('textbox', { name: 'Goodwill amount', exact: true }).fill('1.00');
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    await toast(manager, 'Refunded', `Refunded $1.00 on order ${label}`, SLOW_MS);
  });
  await managerContext.close();

  // A standing order, started at checkout (not measured), then one renewal two weeks later.
  const standingContext = await context();
  const standingBuyer = await standingContext.newPage();
  standingBuyer.setDefaultTimeout(UI_MS);
  await signIn(standingBuyer, '/login', BUYER, /^(sign in|log in|login|access portal)/i);
  await toast(standingBuyer, 'Welcome back!');
  await standingBuyer.goto('/portal/store?q=variety');
  const card = standingBuyer.getByRole('article', { name: STANDING.name, exact: true });
  await card.getByRole('button', { name: /^Add to Cart/ }).click();
  await see(card.getByRole('button', { name: /in cart$/ }));
  await standingBuyer.goto('/portal/cart');
  await see(standingBuyer.getByRole('article', { name: STANDING.name }));
  await standingBuyer.getByRole('radio', { name: 'Deliver every 2 weeks' }).check();
  const start = standingBuyer.getByRole('button', { name: 'Start standing order' });
  await waitFor('Start standing order', () => start.isEnabled());
  await start.click();
  const standingOrderId = await payOnStripePage(standingBuyer, urls);
  await waitFor('the standing order', async () => {
    const doc = await readFields(urls, `standing_orders/${standingOrderId}`);
    return doc?.status === 'active';
  });
  await standingContext.close();
  const customer = await readFields(urls, `stripe_customers/${buyerUid(order)}`);
  await measure('Standing-order renewal', async () => {
    await advanceBuyerClock({
      stripe: stripe(urls),
      customerId: typeof customer?.customer_id === 'string' ? customer.customer_id : null,
      weeks: 2,
    });
  });
  const renewed = await readFields(urls, `standing_orders/${standingOrderId}`);
  if (Number(renewed?.orders_count) !== 2) {
    throw new Error(
      `the standing order has ${String(renewed?.orders_count)} orders after a renewal, not 2`,
    );
  }
  return costs;
}

function buyerUid(order: Record<string, unknown> | null): string {
  const uid = order?.user_id;
  if (typeof uid !== 'string') throw new Error('the order names no buyer');
  return uid;
}

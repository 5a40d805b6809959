/**
 * Live updates (docs/live-updates.md): pages where people wait change as the data does, with no
 * reload. The manager watches the Orders tab while a retailer pays: the order arrives in the
 * book and is announced ("New order from …, $…"). The buyer watches My Account while the
 * manager ships it: the status turns to Shipped and the tracking number appears. A company
 * applies while the manager looks: the Companies badge counts it. Through the full Firestore
 * web SDK in Chromium, over the local emulator's WebChannel.
 */
import type { Page } from 'playwright-core';
import { afterAll, expect } from 'vitest';
import {
  createApplicant,
  createApprovedBuyer,
  uniqueTag,
  type TestBuyer,
} from './support/accounts';
import {
  readDocument,
  productDocument,
  wholesalePriceDocument,
  writeCart,
  writeDocuments,
} from './support/firestore-admin';
import { journey, type Person } from './support/journey';
import { snap } from './support/screens';
import { shipInDialog } from './support/ship-dialog';
import { payCart } from './support/stripe-page';
import { see, seeText, signInBuyer, signInManager, usd } from './support/ui';

const j = journey('live-updates');
const SLOW = 60_000;
const tag = uniqueTag();
/** The journey's own product: $18.00 a bottle. */
const SYRUP = { id: `live-syrup-${tag}`, name: `Live Lychee Syrup ${tag}`, unit: 1800, qty: 3 };
const TOTAL = SYRUP.unit * SYRUP.qty;
const TRACKING = `1Z999AA1${tag.toUpperCase()}`;

let account: TestBuyer;
let buyer: Person;
let manager: Person;
let orderId = '';
let label = '';

/**
 * Counts the page's loads from now on: a live change must arrive with none (no reload, no
 * navigation of the main frame).
 */
function loadsOf(page: Page): () => number {
  let loads = 0;
  page.on('load', () => (loads += 1));
  return () => loads;
}

/** Resolves once the page's live listener has opened its channel to Firestore and been answered. */
function listening(page: Page): Promise<unknown> {
  return page.waitForResponse((response) => response.url().includes('/Listen/channel'), {
    timeout: SLOW,
  });
}

afterAll(async () => {
  await writeDocuments(
    j.stack,
    new Map([[`products/${SYRUP.id}`, { ...product(), is_active: false }]]),
  ).catch(() => undefined);
});

function product() {
  return productDocument({
    name: SYRUP.name,
    description: 'Lychee syrup for the live updates journey.',
    sku: SYRUP.id.toUpperCase(),
    price_retailer: SYRUP.unit,
  });
}

j.step(
  'a new order arrives in the manager’s Orders tab as the buyer pays, announced, with no reload',
  async () => {
    await writeDocuments(
      j.stack,
      new Map([
        [`products/${SYRUP.id}`, product()],
        [`wholesale_prices/${SYRUP.id}`, wholesalePriceDocument(SYRUP.unit)],
      ]),
    );
    account = await createApprovedBuyer(j.stack, 'retailer', 'live');
    manager = await j.person('manager');
    await signInManager(manager.page);
    const managerListens = listening(manager.page);
    await manager.page.goto('/admin?tab=orders');
    await see(manager.page.getByRole('region', { name: 'Recent Orders' }), SLOW);
    await managerListens;
    const managerLoads = loadsOf(manager.page);

    buyer = await j.person('buyer');
    const { page } = buyer;
    await page.goto('/login');
    await signInBuyer(page, account.email);
    await writeCart(j.stack, account.uid, [{ id: SYRUP.id, quantity: SYRUP.qty }]);
    orderId = await payCart(page, j.stack, SLOW);
    label = `#${orderId.slice(0, 8)}`;

    const announced = `New order from ${account.storeName}, ${usd(TOTAL)}`;
    const region = manager.page.getByRole('status').filter({ hasText: 'New order from' });
    await seeText(region, announced, SLOW);
    expect(await region.getAttribute('aria-live')).toBe('polite');
    const book = manager.page.getByRole('region', { name: 'Recent Orders' });
    await see(book.locator('tr, article').filter({ hasText: label }).first(), SLOW);
    expect(managerLoads()).toBe(0);
    await snap(manager.page, 'live-new-order');
  },
  400_000,
);

j.step(
  'the buyer’s order turns Shipped with its tracking number as the manager ships it',
  async () => {
    const { page } = buyer;
    await expect
      .poll(async () => (await readDocument(j.stack, `orders/${orderId}`))?.status, {
        timeout: 180_000,
        interval: 1000,
      })
      .toBe('processing');
    const buyerListens = listening(page);
    await page.goto(`/portal/my-account?order=${orderId}`);
    const order = page.getByRole('listitem', { name: `Order ${label}` });
    await seeText(order, 'Processing', SLOW);
    await buyerListens;
    const buyerLoads = loadsOf(page);

    const admin = manager.page;
    await admin
      .getByRole('region', { name: 'Recent Orders' })
      .locator('tr, article')
      .filter({ hasText: label })
      .first()
      .getByRole('button', { name: 'Mark Shipped', exact: true })
      .click();
    await shipInDialog(admin, label, { tracking: TRACKING, status: 'Shipped' }, SLOW);

    await seeText(order, 'Shipped', SLOW);
    await seeText(order, TRACKING, SLOW);
    expect(buyerLoads()).toBe(0);
    await snap(page, 'live-order-shipped');
  },
  400_000,
);

j.step(
  'a company that applies is counted on the Companies badge as the manager looks',
  async () => {
    const admin = manager.page;
    const companies = admin.getByRole('tab', { name: /Companies/ });
    const count = async () => Number(/\d+/.exec(await companies.innerText())?.[0] ?? '0');
    const before = await count();
    const managerLoads = loadsOf(admin);
    await createApplicant(j.stack, 'live-applicant');
    await expect.poll(count, { timeout: SLOW }).toBeGreaterThan(before);
    expect(managerLoads()).toBe(0);
  },
);

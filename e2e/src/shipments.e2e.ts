/**
 * Shipping what you have (docs/order-lifecycle.md#shipments): a retailer orders cups, lids and
 * syrup while the lids are out of stock but take backorders (the store and the cart say when they
 * are expected). The manager ships the cups and syrup with tracking; the order reads Partially
 * shipped and waits in the backorder queue. A day later on the company's test clock, stock
 * arrives and the manager ships the lids from the queue as a second shipment. The buyer sees two
 * shipments and has two mails. The manager refunds 2 of the 24 bottles of syrup, restocking none:
 * the Stripe refund, the invoice, the stock and the Overview move by exactly that.
 */
import Stripe from 'stripe';
import type { Page } from 'playwright-core';
import { afterAll, expect } from 'vitest';
import { businessDay, restockText } from '@portal/domain';
import { advanceBuyerClock } from '../../scripts/lib/test-clocks';
import { mailClient } from '../../scripts/lib/maildev';
import { createApprovedBuyer, uniqueTag, type TestBuyer } from './support/accounts';
import {
  patchDocument,
  readDocument,
  productDocument,
  stockCount,
  wholesalePriceDocument,
  writeCart,
  writeDocuments,
} from './support/firestore-admin';
import { journey, type Person } from './support/journey';
import { snap } from './support/screens';
import { shipInDialog } from './support/ship-dialog';
import { fillShipTo, onStripePage } from './support/stripe-page';
import {
  at,
  cents,
  openInApp,
  see,
  seeDialog,
  seeText,
  seeToast,
  signInBuyer,
  signInManager,
  usd,
} from './support/ui';

const j = journey('shipments');
const mails = mailClient(j.stack.urls.mail);
const SLOW = 60_000;
const tag = uniqueTag();
/** The journey's own products, so no other journey's stock or figures move with it. */
const CUPS = { id: `ship-cups-${tag}`, name: `Shipment Cups ${tag}`, unit: 500, qty: 10 };
const LIDS = { id: `ship-lids-${tag}`, name: `Shipment Dome Lids ${tag}`, unit: 165, qty: 24 };
const SYRUP = { id: `ship-syrup-${tag}`, name: `Shipment Syrup ${tag}`, unit: 1250, qty: 24 };
const PRODUCTS = [CUPS, LIDS, SYRUP];
const TOTAL = PRODUCTS.reduce((sum, p) => sum + p.unit * p.qty, 0);
const REFUND = 2 * SYRUP.unit;
/** The lids are expected ten days from now. */
const RESTOCK = businessDay(new Date(Date.now() + 10 * 86_400_000));

let account: TestBuyer;
let buyer: Person;
let manager: Person;
let orderId = '';
let label = '';

function stripe(): Stripe {
  const url = new URL(j.stack.urls.stripe);
  return new Stripe('sk_test_local_sandbox', {
    host: url.hostname,
    port: Number(url.port),
    protocol: 'http',
  });
}

function productDoc(product: (typeof PRODUCTS)[number], stock: number, backorders: boolean) {
  return productDocument({
    name: product.name,
    description: `${product.name} for the shipments journey.`,
    sku: product.id.toUpperCase(),
    price_retailer: product.unit,
    image_url: '/products/dome-lids-16oz.svg',
    category: 'Supplies',
    stock_on_hand: stock,
    backorders_allowed: backorders,
    restock_date: backorders ? RESTOCK : null,
  });
}

async function order() {
  return (await readDocument(j.stack, `orders/${orderId}`))!;
}

async function stockOf(productId: string): Promise<number> {
  return Number((await stockCount(j.stack, productId)).on_hand);
}

/** Ships `units` per product name from the open dialog, the journey's other lines none. */
async function ship(page: Page, units: Map<string, number>, tracking: string, status: string) {
  await shipInDialog(
    page,
    label,
    { tracking, status, units, lines: PRODUCTS.map((product) => product.name) },
    SLOW,
  );
}

afterAll(async () => {
  // The journey's products leave the store, whatever happened.
  await writeDocuments(
    j.stack,
    new Map(
      PRODUCTS.map((p) => [`products/${p.id}`, { ...productDoc(p, 0, false), is_active: false }]),
    ),
  ).catch(() => undefined);
});

j.step(
  'the lids show as a backorder with their restock date, and the cart says so',
  async () => {
    await writeDocuments(
      j.stack,
      new Map([
        [`products/${CUPS.id}`, productDoc(CUPS, 200, false)],
        [`products/${LIDS.id}`, productDoc(LIDS, 0, true)],
        [`products/${SYRUP.id}`, productDoc(SYRUP, 100, false)],
        ...PRODUCTS.map(
          (p) => [`wholesale_prices/${p.id}`, wholesalePriceDocument(p.unit)] as const,
        ),
      ]),
    );
    account = await createApprovedBuyer(j.stack, 'retailer', 'shipments');
    buyer = await j.person('buyer');
    const { page } = buyer;
    await page.goto('/login');
    await signInBuyer(page, account.email);
    await openInApp(page, `/portal/products/${LIDS.id}`);
    await see(page.getByRole('heading', { level: 1, name: LIDS.name }), SLOW);
    await see(page.getByText(`Backorder · ${restockText(RESTOCK)}`).first());
    await see(page.getByRole('button', { name: /Add to Cart/ }).first());
    await snap(page, 'shipments-backorder-product');

    await writeCart(
      j.stack,
      account.uid,
      PRODUCTS.map((p) => ({ id: p.id, quantity: p.qty })),
    );
    await page.goto('/portal/cart');
    await see(page.getByRole('heading', { name: 'Order Summary' }), SLOW);
    await see(page.getByText(`24 of 24 backordered · ${restockText(RESTOCK)}`));
    await snap(page, 'shipments-cart-backordered');
  },
  300_000,
);

j.step(
  'the buyer pays; the lids line is backordered and takes the stock below zero',
  async () => {
    const { page } = buyer;
    await page.getByRole('button', { name: /Proceed to Checkout/ }).click();
    const sessionId = await onStripePage(page, j.stack);
    await seeText(page.locator('body'), new RegExp(`Backordered · ${restockText(RESTOCK)}`));
    await fillShipTo(page);
    await page.getByRole('button', { name: 'Pay' }).click();
    await at(page, '/payment-success', SLOW);
    const session = await stripe().checkout.sessions.retrieve(sessionId);
    orderId = session.client_reference_id!;
    label = `#${orderId.slice(0, 8)}`;
    await expect
      .poll(async () => (await readDocument(j.stack, `orders/${orderId}`))?.status, {
        timeout: 180_000,
        interval: 1000,
      })
      .toBe('processing');
    const placed = await order();
    expect(placed.amount).toBe(TOTAL);
    expect(placed.backorder_open).toBe(true);
    const lines = placed.items as { product_id: string; backordered: number }[];
    expect(lines.map((line) => [line.product_id, line.backordered])).toEqual([
      [CUPS.id, 0],
      [LIDS.id, 24],
      [SYRUP.id, 0],
    ]);
    // Only the backordered line takes stock below zero: 24 lids are owed.
    expect(await stockOf(LIDS.id)).toBe(-24);
    expect(await stockOf(SYRUP.id)).toBe(100 - 24);
    const confirmed = await mails.waitFor(account.email, (m) =>
      m.subject.startsWith('Order confirmed'),
    );
    expect(confirmed.text).toContain(`Backordered · ${restockText(RESTOCK)}`);
  },
  400_000,
);

j.step(
  'the manager ships the cups and syrup; the order is partially shipped and the lids wait',
  async () => {
    manager = await j.person('manager');
    const { page } = manager;
    await signInManager(page);
    await openInApp(page, `/admin?tab=orders&order=${orderId}`);
    const queue = page.getByRole('table', { name: 'Backorders waiting' });
    const waiting = queue.getByRole('row').filter({ hasText: label });
    await see(waiting, SLOW);
    await seeText(waiting, LIDS.name);
    await seeText(waiting, /\b24\b/);
    await page
      .getByRole('region', { name: 'Recent Orders' })
      .locator('tr, article')
      .filter({ hasText: label })
      .first()
      .getByRole('button', { name: 'Mark Shipped', exact: true })
      .click();
    await ship(
      page,
      new Map([
        [CUPS.name, CUPS.qty],
        [SYRUP.name, SYRUP.qty],
      ]),
      '1Z999AA10000000001',
      'Partially shipped',
    );
    const partial = await order();
    expect(partial.status).toBe('partially_shipped');
    expect(partial.backorder_open).toBe(true);
    await see(queue.getByRole('row').filter({ hasText: label }));
    await snap(page, 'shipments-backorder-queue', async () => {
      await queue.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    });
  },
  300_000,
);

j.step(
  'a day later on the test clock, stock arrives and the lids ship from the queue',
  async () => {
    const { page } = manager;
    const customer = await readDocument(j.stack, `stripe_customers/${account.uid}`);
    const customerId = typeof customer?.customer_id === 'string' ? customer.customer_id : null;
    await advanceBuyerClock({ stripe: stripe(), customerId, weeks: 0, days: 1 });
    // 50 lids arrive: 24 are owed to this order.
    await patchDocument(j.stack, `products/${LIDS.id}`, { stock_on_hand: 26 });
    await page.reload();
    const queue = page.getByRole('table', { name: 'Backorders waiting' });
    await queue.getByRole('button', { name: `Ship order ${label} (${LIDS.name})` }).click();
    await ship(page, new Map([[LIDS.name, LIDS.qty]]), '1Z999AA10000000002', 'Shipped');
    const shipped = await order();
    expect(shipped.status).toBe('shipped');
    expect(shipped.backorder_open).toBe(false);
    const shipments = shipped.shipments as { shipped_at: Date; lines: unknown[] }[];
    expect(shipments).toHaveLength(2);
    // The second box left a day after the first, on the company's clock.
    const apart = shipments[1]!.shipped_at.getTime() - shipments[0]!.shipped_at.getTime();
    expect(apart).toBeGreaterThanOrEqual(86_400_000);
    expect(apart).toBeLessThan(3 * 86_400_000);
    // Each shipment has its own packing slip: the second carries only the lids.
    const ids = (shipped.shipments as { id: string }[]).map((entry) => entry.id);
    await openInApp(page, `/admin/orders/${orderId}/packing-slip?shipment=${ids[1]}`);
    await see(page.getByText(`Shipment 2 of order ${label}`), SLOW);
    const slip = page.getByRole('table', { name: 'Items to pack' });
    await seeText(slip, LIDS.name);
    expect(await slip.getByRole('row').filter({ hasText: CUPS.name }).count()).toBe(0);
    await openInApp(page, `/admin?tab=orders&order=${orderId}`);
    // Shipping moves no stock: the lids were taken when the order was paid.
    expect(await stockOf(LIDS.id)).toBe(26);
    // The queue is empty again (no other journey backorders anything).
    await see(page.getByText('No backorders waiting.'), SLOW);
    expect(await queue.getByRole('row').filter({ hasText: label }).count()).toBe(0);
  },
  300_000,
);

j.step(
  'the buyer sees two shipments with their tracking and has two mails',
  async () => {
    const { page } = buyer;
    await page.goto(`/portal/my-account?order=${orderId}`);
    const card = page.getByRole('listitem', { name: `Order ${label}` });
    await see(card.getByRole('button', { name: 'Hide items' }), SLOW);
    await see(card.getByText('Shipped', { exact: true }).first());
    const shipments = card.getByRole('region', { name: `Shipments of order ${label}` });
    await see(shipments);
    const entries = shipments.getByRole('listitem');
    await expect.poll(() => entries.count()).toBe(2);
    await seeText(entries.nth(0), `Shipment 1`);
    await seeText(entries.nth(0), `${CUPS.qty} × ${CUPS.name}, ${SYRUP.qty} × ${SYRUP.name}`);
    await seeText(entries.nth(1), `${LIDS.qty} × ${LIDS.name}`);
    await see(entries.nth(0).getByRole('link', { name: /1Z999AA10000000001/ }));
    await see(entries.nth(1).getByRole('link', { name: /1Z999AA10000000002/ }));
    await snap(page, 'shipments-buyer-two-shipments', async () => {
      await shipments.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    });
    const shippedMails = async () =>
      (await mails.to(account.email)).filter((m) => /shipped/i.test(m.subject));
    await expect.poll(async () => (await shippedMails()).length, { timeout: SLOW }).toBe(2);
    const sent = await shippedMails();
    const first = sent.find((m) => m.subject.startsWith('Part of your order has shipped'));
    const second = sent.find((m) => m.subject.startsWith('The rest of your order has shipped'));
    expect(first!.text).toContain(`${SYRUP.qty} × ${SYRUP.name}`);
    expect(first!.text).toContain('Still to ship');
    expect(second!.text).toContain(`${LIDS.qty} × ${LIDS.name}`);
    expect(second!.text).toContain('1Z999AA10000000002');
  },
  300_000,
);

j.step(
  'the manager refunds 2 of 24 bottles, restocking none: Stripe, the invoice, the stock and the Overview move by exactly that',
  async () => {
    const { page } = manager;
    const netRevenue = async (): Promise<number> => {
      await page.goto('/admin?tab=overview');
      const card = page
        .locator('.overview-totals .admin-stat')
        .filter({ has: page.locator('.admin-stat__title', { hasText: /^Net revenue$/ }) })
        .locator('.admin-stat__value');
      await seeText(card, /\$/, SLOW);
      return cents(await card.innerText());
    };
    const netBefore = await netRevenue();
    const before = await readRollupDay();

    await openInApp(page, `/admin?tab=orders&order=${orderId}`);
    const dialog = page.getByRole('dialog', { name: `Refund order ${label}` });
    // The dialog belongs to the order's row (a card on a phone): opened again at each width.
    const fillRefund = async () => {
      if (!(await dialog.isVisible())) {
        await page
          .getByRole('region', { name: 'Recent Orders' })
          .locator('tr, article')
          .filter({ hasText: label })
          .first()
          .getByRole('button', { name: `Refund ${label}`, exact: true })
          .click();
        await seeDialog(dialog, SLOW);
      }
      await dialog.getByRole('textbox', { name: `Units of ${SYRUP.name} to refund` }).fill('2');
      await dialog.getByRole('textbox', { name: `Units of ${SYRUP.name} to restock` }).fill('0');
      await see(dialog.getByText(`Refund ${usd(REFUND)} to the buyer`));
    };
    await fillRefund();
    await snap(page, 'shipments-refund-by-lines', fillRefund);
    await fillRefund();
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    await seeToast(page, 'Refunded', `Refunded ${usd(REFUND)} on order ${label}`, SLOW);

    const refunded = await order();
    expect(refunded.refunded_amount).toBe(REFUND);
    expect(refunded.status).toBe('shipped');
    const [entry] = refunded.refunds as { amount: number; lines: { quantity: number }[] }[];
    expect(entry!.amount).toBe(REFUND);
    expect(entry!.lines).toEqual([
      expect.objectContaining({ product_id: SYRUP.id, quantity: 2, restocked: 0, amount: REFUND }),
    ]);
    // Nothing went back on the shelf.
    expect(await stockOf(SYRUP.id)).toBe(100 - 24);
    const intent = String(refunded.stripe_payment_intent_id);
    const stripeRefunds = await stripe().refunds.list({ payment_intent: intent });
    expect(stripeRefunds.data.map((r) => r.amount)).toEqual([REFUND]);

    // The rollups: net revenue down by the refund; the syrup's units and revenue by its 2 bottles.
    await expect
      .poll(async () => {
        const after = await readRollupDay();
        return {
          refunded: after.refunded - before.refunded,
          units: after.syrupUnits,
          revenue: after.syrupRevenue,
        };
      })
      .toEqual({ refunded: REFUND, units: 22, revenue: 22 * SYRUP.unit });
    // The Overview's net revenue (the last 30 days) is down by exactly the refund.
    await expect.poll(netRevenue, { timeout: SLOW }).toBe(netBefore - REFUND);
    await snap(page, 'shipments-overview-after-refund');

    // The buyer's invoice shows the refunded units on the line and the refund once.
    const { page: buyerPage } = buyer;
    await buyerPage.goto(`/portal/orders/${orderId}/invoice`);
    const invoice = buyerPage.getByRole('article', { name: /^Invoice INV-\d{6}$/ });
    await see(invoice, SLOW);
    const syrupLine = invoice.getByRole('row').filter({ hasText: SYRUP.name }).first();
    await seeText(syrupLine, `Refunded 2 × ${usd(SYRUP.unit)}`);
    await seeText(invoice, `-${usd(REFUND)}`);
    await seeText(invoice.getByRole('row').filter({ hasText: 'Net paid' }), usd(TOTAL - REFUND));
    await snap(buyerPage, 'shipments-invoice-refunded-line');
  },
  300_000,
);

/** Today's sales rollup (the day the order was paid): refunds, and the syrup's figures. */
async function readRollupDay() {
  const day = businessDay(new Date());
  const doc = (await readDocument(j.stack, `sales_days/${day}`)) ?? {};
  const products = (doc.products ?? {}) as Record<string, { units?: number; revenue?: number }>;
  return {
    refunded: Number(doc.refunded ?? 0),
    syrupUnits: Number(products[SYRUP.id]?.units ?? 0),
    syrupRevenue: Number(products[SYRUP.id]?.revenue ?? 0),
  };
}

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpsError } from 'firebase-functions/v2/https';
import {
  NEW_REQUEST_NEEDED,
  paths,
  PRODUCT_DEFAULTS,
  readCompanyCredit,
  TERMS_NOT_PAID_REFUND,
  type CompanyCredit,
} from '@portal/domain';
import type { CallRequest } from '../../src/handlers/edge';
import {
  closeTermsInvoiceHandler,
  getReceivablesHandler,
  placeTermsOrderHandler,
  sendInvoiceReminderHandler,
  setCompanyTermsHandler,
} from '../../src/handlers/payment-terms';
import { createCheckoutSessionHandler } from '../../src/handlers/create-checkout-session';
import { getCompanyDetailsHandler } from '../../src/handlers/get-company-details';
import { updateOrderStatusHandler } from '../../src/handlers/update-order-status';
import { refundOrderHandler } from '../../src/handlers/refund-order';
import { shipOrderHandler } from '../../src/handlers/ship-order';
import { getSalesOverviewHandler } from '../../src/handlers/get-sales-overview';
import { firestore } from '../../src/lib/admin';
import { createContext } from '../../src/lib/context';
import { placeTermsOrder } from '../../src/terms/terms-order';
import { invoicesDown, rejectionOf } from '../support/stripe-invoices';
import { writeLocation } from '../company-fixtures';
import { readOrder } from '../../src/orders/order-record';
import {
  cartOf,
  createMember,
  createUser,
  payWithShipTo,
  postWebhook,
  sessionIdOf,
  setCart,
  startPaymentsHarness,
  type TestUser,
} from '../payments/support';
import { stockOnHand, stockLevels, setStockOnHand } from '../support/stock-levels';

/**
 * Payment terms end to end on the functions (docs/payment-terms.md): a manager's terms, orders on
 * terms against the credit limit (ten racers for three orders' worth), the Stripe invoice and its
 * events (each replayed five times), the credit hold of an overdue invoice, void and write-off.
 */

let harness: Awaited<ReturnType<typeof startPaymentsHarness>>;
let manager: TestUser;
const RUN = randomUUID().slice(0, 8);
const IP = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
const call = (user: TestUser, data: unknown = {}): CallRequest => ({
  ...user.request(data),
  rawRequest: { ip: IP },
});
const db = () => firestore();
const PRODUCT = `t-terms-syrup-${RUN}`;
const PRICE = 10_000; // $100.00 a unit (retailer)

beforeAll(async () => {
  process.env.STRIPE_TEST_CLOCKS = 'per-customer';
  harness = await startPaymentsHarness();
  manager = await createUser('manager');
  await db()
    .doc(paths.product(PRODUCT))
    .set({
      ...PRODUCT_DEFAULTS,
      name: 'Terms Syrup',
      description: 'Terms test product.',
      image_url: '/products/blue-coast.svg',
      price_retailer: PRICE,
      is_active: true,
      sort_order: 97_500,
      sku: `TERMS-${RUN.toUpperCase()}`,
      stock_on_hand: 1_000,
    });
  await db().doc(paths.wholesalePrice(PRODUCT)).set({ price_wholesaler: 8_000, price_breaks: [] });
});

afterAll(async () => {
  delete process.env.STRIPE_TEST_CLOCKS;
  await db().doc(paths.product(PRODUCT)).delete();
  await db().doc(paths.wholesalePrice(PRODUCT)).delete();
  await harness?.stop();
});

async function refusal(promise: Promise<unknown>): Promise<HttpsError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpsError);
  return error as HttpsError;
}

const creditOf = async (companyId: string): Promise<CompanyCredit> =>
  readCompanyCredit((await db().doc(paths.companyCredit(companyId)).get()).data());
const orderOf = async (orderId: string) => readOrder(await db().doc(paths.order(orderId)).get());
const stockOf = () => stockOnHand(PRODUCT);

/** Each company's ship-to location (an order on terms is invoiced, and taxed, for one). */
const shipTos = new Map<string, string>();

/**
 * Terms for a company, which gets a ship-to location in Oregon (no sales tax: these tests are
 * about terms; functions/test/tax covers taxed invoices).
 */
async function giveTerms(companyId: string, netDays: 0 | 15 | 30 | 60, creditLimit: number) {
  if (!shipTos.has(companyId)) {
    shipTos.set(companyId, await writeLocation(db(), companyId, 'Main store'));
  }
  return setCompanyTermsHandler(
    call(manager, { companyId, netDays, creditLimit, reason: 'Reliable payer' }),
  );
}

const placeOnTerms = (buyer: TestUser, data: Record<string, unknown> = {}) =>
  placeTermsOrderHandler(call(buyer, { requestId: randomUUID().replaceAll('-', ''), ...data }));

/**
 * Every webhook delivery about an order since `from` (its invoice's events carry its id), posted
 * five more times: the order and its company's credit must read the same afterwards.
 */
async function replayFiveTimes(orderId: string, companyId: string, from: number) {
  const events = harness.endpoint.bodies.slice(from).filter((body) => body.includes(orderId));
  expect(events.length).toBeGreaterThan(0);
  const before = JSON.stringify([await orderOf(orderId), await creditOf(companyId)]);
  for (let i = 0; i < 5; i++) {
    for (const body of events) {
      expect((await postWebhook(harness.endpoint.url, body)).status).toBe(200);
    }
  }
  expect(JSON.stringify([await orderOf(orderId), await creditOf(companyId)])).toBe(before);
  return events.map((body) => (JSON.parse(body) as { type: string }).type);
}

/** Units of the product, as one Buy Now line. */
async function buyUnits(buyer: TestUser, units: number) {
  await setCart(buyer.uid, { [PRODUCT]: units });
}

describe('managers give terms', () => {
  it('writes the terms and an audit entry with who and why; buyers cannot', async () => {
    const buyer = await createUser('retailer');
    await giveTerms(buyer.uid, 30, 50_000);
    expect(await creditOf(buyer.uid)).toMatchObject({ net_days: 30, credit_limit: 50_000 });
    const audit = await db()
      .collection('audit_log')
      .where('target', '==', buyer.uid)
      .where('action', '==', 'company.terms_set')
      .get();
    expect(audit.docs[0]?.data()).toMatchObject({
      actor: manager.uid,
      reason: 'Reliable payer',
      from: { net_days: null, credit_limit: 0 },
      to: { net_days: 30, credit_limit: 50_000 },
    });
    const denied = await refusal(
      setCompanyTermsHandler(
        call(buyer, { companyId: buyer.uid, netDays: 60, creditLimit: 9e7, reason: 'Me' }),
      ),
    );
    expect(denied.code).toBe('permission-denied');
    expect((await creditOf(buyer.uid)).net_days).toBe(30);
    const details = await getCompanyDetailsHandler(call(manager, { companyId: buyer.uid }));
    expect(details.history.map((entry) => entry.event)).toContainEqual(
      expect.stringMatching(/^Terms set to Net 30 with a \$500\.00 limit by .*: Reliable payer$/),
    );
  });
});

describe('orders on terms', () => {
  it('is refused without terms, for a viewer, or with a tampered due date, and writes nothing', async () => {
    const buyer = await createUser('retailer');
    await buyUnits(buyer, 1);
    const stock = await stockOf();
    const none = await refusal(placeOnTerms(buyer));
    expect(none.code).toBe('failed-precondition');
    expect(none.message).toBe('Your company has no payment terms. Pay by card instead.');

    await giveTerms(buyer.uid, 30, 50_000);
    const viewer = await createMember(buyer.uid, 'viewer');
    await buyUnits(viewer, 1);
    expect((await refusal(placeOnTerms(viewer))).code).toBe('permission-denied');
    const tampered = await refusal(placeOnTerms(buyer, { daysUntilDue: 365 }));
    expect(tampered.code).toBe('invalid-argument');
    const dueDate = await refusal(placeOnTerms(buyer, { dueDate: '2030-01-01' }));
    expect(dueDate.code).toBe('invalid-argument');

    const orders = await db().collection('orders').where('company_id', '==', buyer.uid).get();
    expect(orders.size).toBe(0);
    expect(await stockOf()).toBe(stock);
    expect(await cartOf(buyer.uid)).toEqual({ [PRODUCT]: 1 });
    expect((await creditOf(buyer.uid)).open_balance).toBe(0);
  });

  it('books the order awaiting payment, takes stock, raises the balance and sends a Stripe invoice', async () => {
    const buyer = await createUser('retailer');
    await giveTerms(buyer.uid, 30, 50_000);
    await buyUnits(buyer, 3);
    const stock = await stockOf();
    const placed = await placeOnTerms(buyer, { poNumber: 'PO-7781' });
    expect(placed.amount).toBe(3 * PRICE);
    expect(placed.invoiceUrl).toMatch(/\/invoice\/in_/);

    const order = (await orderOf(placed.orderId))!;
    expect(order).toMatchObject({
      status: 'awaiting_payment',
      payment_method: 'terms',
      po_number: 'PO-7781',
      receivable: true,
      amount: 30_000,
      paid_at: null,
    });
    expect(order.invoice_number).toMatch(/^INV-\d{6}$/);
    expect(order.terms).toMatchObject({ net_days: 30, state: 'open' });
    expect(await stockOf()).toBe(stock - 3);
    expect(await cartOf(buyer.uid)).toEqual({});
    expect((await creditOf(buyer.uid)).open_balance).toBe(30_000);

    const invoice = await harness.stripe.invoices.retrieve(order.terms!.invoice_id!);
    expect(invoice).toMatchObject({
      status: 'open',
      collection_method: 'send_invoice',
      amount_due: 30_000,
      custom_fields: [{ name: 'PO number', value: 'PO-7781' }],
      metadata: { order_id: placed.orderId, kind: 'terms_order' },
    });
    // Due 30 days after it was issued (on the company's test clock).
    expect(invoice.due_date! - invoice.status_transitions.finalized_at!).toBe(30 * 86_400);
    const mail = await db().doc(`mail/terms-order-placed.${placed.orderId}`).get();
    expect(mail.get('message.subject')).toContain('Net 30');
    expect(mail.get('message.html')).toContain('PO-7781');

    // The same press of the button again: the same order, nothing more.
    const again = await placeTermsOrderHandler(call(buyer, { requestId: 'x'.repeat(8) })).catch(
      (e: unknown) => e,
    );
    expect(again).toBeInstanceOf(HttpsError); // the cart is empty now: a new request is refused
    expect((await creditOf(buyer.uid)).open_balance).toBe(30_000);

    // Shippable while awaiting payment.
    await updateOrderStatusHandler(
      call(manager, {
        orderId: placed.orderId,
        status: 'shipped',
        shipment: { carrier: 'ups', trackingNumber: '1Z999AA10123456784' },
      }),
    );
    expect((await orderOf(placed.orderId))!.status).toBe('shipped');
  });

  it('refuses an order over the available credit with the credit it has', async () => {
    const buyer = await createUser('retailer');
    await giveTerms(buyer.uid, 15, 50_000);
    await buyUnits(buyer, 3);
    await placeOnTerms(buyer);
    await buyUnits(buyer, 3);
    const over = await refusal(placeOnTerms(buyer));
    expect(over.code).toBe('failed-precondition');
    expect(over.message).toBe(
      'This order is over your available credit of $200.00. Pay by card instead, or pay an open invoice first.',
    );
    expect((await creditOf(buyer.uid)).open_balance).toBe(30_000);
  });

  it('refuses a retry of an order whose invoice could not be issued, asking for a new request; a new one places it', async () => {
    const buyer = await createUser('retailer');
    await giveTerms(buyer.uid, 30, 500_000);
    await buyUnits(buyer, 1);
    const requestId = randomUUID().replaceAll('-', '');
    // Stripe cannot make the invoice (an outage): the order is voided, nothing is ordered.
    const ctx = createContext();
    const down = () => invoicesDown(ctx.stripe());
    const failed = await rejectionOf(
      placeTermsOrder(
        { ...ctx, stripe: down },
        { uid: buyer.uid, email: buyer.email },
        { requestId, poNumber: '' },
      ),
    );
    expect(failed?.message).toMatch(/^We could not issue the invoice/);
    expect(failed?.details).toEqual(NEW_REQUEST_NEEDED);
    // Nothing was ordered: the cart is as it was, to try again.
    expect(await cartOf(buyer.uid)).toEqual({ [PRODUCT]: 1 });

    // The same request again, Stripe back: refused again, not answered with the void order.
    const again = await refusal(placeOnTerms(buyer, { requestId }));
    expect(again.code).toBe('failed-precondition');
    expect(again.message).toMatch(/^We could not issue the invoice/);
    expect(again.details).toEqual(NEW_REQUEST_NEEDED);
    // A new request places the order.
    const placed = await placeOnTerms(buyer);
    expect((await orderOf(placed.orderId))?.terms?.state).toBe('open');
  });

  it('admits exactly three of ten racing orders when the limit fits three', async () => {
    const owner = await createUser('retailer');
    await giveTerms(owner.uid, 30, 3 * PRICE + 50);
    const racers = await Promise.all(
      Array.from({ length: 10 }, () => createMember(owner.uid, 'buyer', [shipTos.get(owner.uid)!])),
    );
    await Promise.all(racers.map((racer) => buyUnits(racer, 1)));
    const stock = await stockOf();
    const results = await Promise.allSettled(racers.map((racer) => placeOnTerms(racer)));
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won).toHaveLength(3);
    for (const lost of results.filter((r) => r.status === 'rejected')) {
      expect(((lost as PromiseRejectedResult).reason as HttpsError).message).toMatch(
        /available credit of \$0\.50|aborted|Try again/,
      );
    }
    expect((await creditOf(owner.uid)).open_balance).toBe(3 * PRICE);
    expect(await stockOf()).toBe(stock - 3);
    const orders = await db().collection('orders').where('company_id', '==', owner.uid).get();
    expect(orders.size).toBe(3);
  });
});

describe('backorders on terms', () => {
  it('books a line beyond the stock of a product that takes backorders as backordered, owing the units; a product that does not is refused', async () => {
    const id = `t-terms-backorder-${RUN}`;
    await db()
      .doc(paths.product(id))
      .set({
        ...PRODUCT_DEFAULTS,
        name: 'Backorder Terms Syrup',
        description: 'Terms backorder test product.',
        image_url: '/products/blue-coast.svg',
        price_retailer: PRICE,
        is_active: true,
        sort_order: 97_501,
        sku: `TERMS-BO-${RUN.toUpperCase()}`,
        stock_on_hand: 1,
        backorders_allowed: true,
        restock_date: '2026-12-10',
      });
    try {
      const buyer = await createUser('retailer');
      await giveTerms(buyer.uid, 30, 100_000);
      await setCart(buyer.uid, { [id]: 4 });
      const placed = await placeOnTerms(buyer);
      const order = (await orderOf(placed.orderId))!;
      expect(order.items).toEqual([
        expect.objectContaining({ product_id: id, quantity: 4, backordered: 3 }),
      ]);
      expect(order.backorder_open).toBe(true);
      expect(order.stock_taken).toEqual({ [id]: 4 });
      expect(await stockLevels(id)).toEqual({ on_hand: -3, reserved: 0 });
      const mail = await db().doc(`mail/terms-order-placed.${placed.orderId}`).get();
      expect(mail.get('message.text')).toContain(
        '4 x Backorder Terms Syrup (3 backordered · Expected Dec 10, 2026)',
      );
      const invoice = await harness.stripe.invoices.retrieve(order.terms!.invoice_id!);
      expect(invoice.lines.data.map((line) => line.description)).toEqual([
        `Backorder Terms Syrup (TERMS-BO-${RUN.toUpperCase()}) · 3 backordered · Expected Dec 10, 2026`,
      ]);

      // Voided, the order's units all come back: 1 on hand again.
      await closeTermsInvoiceHandler(
        call(manager, { orderId: placed.orderId, action: 'void', reason: 'Ordered twice' }),
      );
      await harness.sandbox.whenWebhooksIdle();
      expect(await stockOnHand(id)).toBe(1);

      // Without backorders, none left is out of stock: nothing booked, no balance.
      await setStockOnHand(id, 0, { backorders_allowed: false });
      await setCart(buyer.uid, { [id]: 1 });
      const refused = await refusal(placeOnTerms(buyer));
      expect(refused.code).toBe('failed-precondition');
      expect(refused.message).toBe('Backorder Terms Syrup is out of stock.');
      expect((await creditOf(buyer.uid)).open_balance).toBe(0);
      expect(await stockOnHand(id)).toBe(0);
    } finally {
      await db().doc(paths.product(id)).delete();
    }
  });
});

describe('collections', () => {
  it('marks the order paid once however often invoice.paid arrives, and lifts nothing twice', async () => {
    const buyer = await createUser('retailer');
    await giveTerms(buyer.uid, 30, 50_000);
    await buyUnits(buyer, 2);
    const placed = await placeOnTerms(buyer);
    const invoiceId = (await orderOf(placed.orderId))!.terms!.invoice_id!;
    const bodies = harness.endpoint.bodies.length;
    await harness.sandbox.payInvoice(invoiceId, { method: 'card' });
    await harness.sandbox.whenWebhooksIdle();
    const paid = (await orderOf(placed.orderId))!;
    expect(paid).toMatchObject({ status: 'processing', receivable: false });
    expect(paid.terms!.state).toBe('paid');
    expect(paid.paid_at).not.toBeNull();
    expect(paid.stripe_payment_intent_id).toMatch(/^pi_/);
    expect((await creditOf(buyer.uid)).open_balance).toBe(0);

    // Every event about it, delivered five more times: nothing changes.
    const events = harness.endpoint.bodies
      .slice(bodies)
      .filter((body) => body.includes(placed.orderId));
    expect(events.some((body) => body.includes('"invoice.paid"'))).toBe(true);
    const before = JSON.stringify(await orderOf(placed.orderId));
    for (let i = 0; i < 5; i++) {
      for (const body of events)
        expect((await postWebhook(harness.endpoint.url, body)).status).toBe(200);
    }
    expect(JSON.stringify(await orderOf(placed.orderId))).toBe(before);
    expect((await creditOf(buyer.uid)).open_balance).toBe(0);
    const mails = await db().collection('mail').where('kind', '==', 'invoice-paid').get();
    expect(mails.docs.filter((d) => d.id.includes(placed.orderId))).toHaveLength(1);
  });

  it('puts an overdue company on hold until it pays by bank account, and mails the reminders', async () => {
    const buyer = await createUser('retailer');
    await giveTerms(buyer.uid, 15, 100_000);
    await buyUnits(buyer, 1);
    const placed = await placeOnTerms(buyer, { poNumber: 'PO-LATE' });
    const order = (await orderOf(placed.orderId))!;
    const invoice = await harness.stripe.invoices.retrieve(order.terms!.invoice_id!);
    const customer = await harness.stripe.customers.retrieve(invoice.customer as string);
    const clock = (customer as { test_clock: string | null }).test_clock!;
    const from = harness.endpoint.bodies.length;
    await harness.sandbox.advanceClock(clock, invoice.due_date! + 2 * 86_400);
    await harness.sandbox.whenWebhooksIdle();

    const overdue = (await orderOf(placed.orderId))!;
    expect(overdue.terms).toMatchObject({ overdue: true, reminders: 1 });
    expect((await creditOf(buyer.uid)).overdue_orders).toEqual([placed.orderId]);
    expect((await db().doc(`mail/invoice-reminder.${placed.orderId}.due-soon`).get()).exists).toBe(
      true,
    );
    expect((await db().doc(`mail/invoice-overdue.${placed.orderId}`).get()).exists).toBe(true);

    await buyUnits(buyer, 1);
    const held = await refusal(placeOnTerms(buyer));
    expect(held.message).toContain('credit hold');

    await harness.sandbox.payInvoice(invoice.id!, { method: 'us_bank_account' });
    expect((await orderOf(placed.orderId))!.terms!.state).toBe('open');
    await harness.sandbox.settleInvoicePayment(invoice.id!, 'succeeded');
    await harness.sandbox.whenWebhooksIdle();
    expect((await orderOf(placed.orderId))!.terms!.state).toBe('paid');
    expect(await creditOf(buyer.uid)).toMatchObject({ open_balance: 0, overdue_orders: [] });
    expect(await replayFiveTimes(placed.orderId, buyer.uid, from)).toEqual(
      expect.arrayContaining(['invoice.will_be_due', 'invoice.overdue', 'invoice.paid']),
    );
    const receivables = await getReceivablesHandler(call(manager));
    expect(receivables.invoices.some((i) => i.orderId === placed.orderId)).toBe(false);
    expect(await placeOnTerms(buyer)).toMatchObject({ amount: PRICE });
  });

  it('records a failed bank payment and mails the buyer', async () => {
    const buyer = await createUser('retailer');
    await giveTerms(buyer.uid, 30, 100_000);
    await buyUnits(buyer, 1);
    const placed = await placeOnTerms(buyer);
    const invoiceId = (await orderOf(placed.orderId))!.terms!.invoice_id!;
    const from = harness.endpoint.bodies.length;
    await harness.sandbox.payInvoice(invoiceId, { method: 'us_bank_account' });
    await harness.sandbox.settleInvoicePayment(invoiceId, 'failed');
    await harness.sandbox.whenWebhooksIdle();
    expect(await replayFiveTimes(placed.orderId, buyer.uid, from)).toContain(
      'invoice.payment_failed',
    );
    const order = (await orderOf(placed.orderId))!;
    expect(order.terms!.state).toBe('open');
    expect(order.terms!.failed_at).not.toBeNull();
    const mails = await db().collection('mail').where('kind', '==', 'invoice-payment-failed').get();
    expect(mails.docs.some((d) => d.id.includes(placed.orderId))).toBe(true);
    expect((await creditOf(buyer.uid)).open_balance).toBe(PRICE);
  });

  it('voids an invoice: the order is cancelled, its stock and credit come back, once', async () => {
    const buyer = await createUser('retailer');
    await giveTerms(buyer.uid, 30, 100_000);
    await buyUnits(buyer, 4);
    const stock = await stockOf();
    const placed = await placeOnTerms(buyer);
    expect(await stockOf()).toBe(stock - 4);
    const refund = await refusal(
      refundOrderHandler(call(manager, { orderId: placed.orderId, requestId: randomUUID() })),
    );
    expect(refund.message).toBe(TERMS_NOT_PAID_REFUND);
    const overview = await getSalesOverviewHandler(
      call(manager, { range: { from: '2026-01-01', to: '2026-01-02' }, interval: 'day' }),
    );
    expect(overview.openReceivables).toBeGreaterThanOrEqual(4 * PRICE);
    const noReason = await refusal(
      closeTermsInvoiceHandler(
        call(manager, { orderId: placed.orderId, action: 'void', reason: ' ' }),
      ),
    );
    expect(noReason.code).toBe('invalid-argument');
    const byBuyer = await refusal(
      closeTermsInvoiceHandler(
        call(buyer, { orderId: placed.orderId, action: 'void', reason: 'x' }),
      ),
    );
    expect(byBuyer.code).toBe('permission-denied');
    expect((await orderOf(placed.orderId))!.status).toBe('awaiting_payment');

    const from = harness.endpoint.bodies.length;
    await closeTermsInvoiceHandler(
      call(manager, { orderId: placed.orderId, action: 'void', reason: 'Ordered twice' }),
    );
    await harness.sandbox.whenWebhooksIdle();
    expect(await replayFiveTimes(placed.orderId, buyer.uid, from)).toContain('invoice.voided');
    const order = (await orderOf(placed.orderId))!;
    expect(order).toMatchObject({ status: 'cancelled', receivable: false });
    expect(order.terms).toMatchObject({ state: 'void', closed_reason: 'Ordered twice' });
    expect(await stockOf()).toBe(stock);
    expect((await creditOf(buyer.uid)).open_balance).toBe(0);
    const invoice = await harness.stripe.invoices.retrieve(order.terms!.invoice_id!);
    expect(invoice.status).toBe('void');
    const again = await refusal(
      closeTermsInvoiceHandler(
        call(manager, { orderId: placed.orderId, action: 'void', reason: 'x' }),
      ),
    );
    expect(again.message).toBe('This invoice is no longer open.');
    expect(await stockOf()).toBe(stock);
  });

  it('writes an invoice off as uncollectible: out of the balance, the order stands', async () => {
    const buyer = await createUser('retailer');
    await giveTerms(buyer.uid, 30, 100_000);
    await buyUnits(buyer, 1);
    const placed = await placeOnTerms(buyer);
    await sendInvoiceReminderHandler(call(manager, { orderId: placed.orderId }));
    expect((await orderOf(placed.orderId))!.terms!.reminders).toBe(1);
    const from = harness.endpoint.bodies.length;
    await closeTermsInvoiceHandler(
      call(manager, { orderId: placed.orderId, action: 'uncollectible', reason: 'Closed shop' }),
    );
    await harness.sandbox.whenWebhooksIdle();
    expect(await replayFiveTimes(placed.orderId, buyer.uid, from)).toContain(
      'invoice.marked_uncollectible',
    );
    const order = (await orderOf(placed.orderId))!;
    expect(order).toMatchObject({ status: 'awaiting_payment', receivable: false });
    expect(order.terms!.state).toBe('uncollectible');
    expect((await creditOf(buyer.uid)).open_balance).toBe(0);
    const reminder = await refusal(
      sendInvoiceReminderHandler(call(manager, { orderId: placed.orderId })),
    );
    expect(reminder.message).toBe('This invoice is no longer open.');
  });
});

describe('shipments of orders on terms', () => {
  const UPS = { carrier: 'ups', trackingNumber: '1Z999AA10123456784' };
  const ship = (orderId: string, quantity: number) =>
    shipOrderHandler(
      call(manager, {
        orderId,
        requestId: randomUUID(),
        lines: [{ productId: PRODUCT, quantity }],
        shipment: UPS,
      }),
    );

  it("ships part before the invoice is paid, at the company clock's time, and stays partially shipped when it is paid", async () => {
    const buyer = await createUser('retailer');
    await giveTerms(buyer.uid, 30, 100_000);
    await buyUnits(buyer, 4);
    const placed = await placeOnTerms(buyer);
    const invoiceId = (await orderOf(placed.orderId))!.terms!.invoice_id!;
    const invoice = await harness.stripe.invoices.retrieve(invoiceId);
    const customer = await harness.stripe.customers.retrieve(invoice.customer as string);
    const clock = (customer as { test_clock: string | null }).test_clock!;
    // A day later on the company's clock: the shipment leaves that day.
    const dayLater = Math.floor(Date.now() / 1000) + 86_400;
    await harness.sandbox.advanceClock(clock, dayLater);
    await harness.sandbox.whenWebhooksIdle();

    expect(await ship(placed.orderId, 1)).toMatchObject({
      status: 'partially_shipped',
      number: 1,
    });
    const partial = (await orderOf(placed.orderId))!;
    expect(partial.status).toBe('partially_shipped');
    expect(partial.shipments[0]!.shipped_at.toMillis()).toBeGreaterThanOrEqual(dayLater * 1000);

    await harness.sandbox.payInvoice(invoiceId, { method: 'card' });
    await harness.sandbox.whenWebhooksIdle();
    const paid = (await orderOf(placed.orderId))!;
    expect(paid.status).toBe('partially_shipped');
    expect(paid.terms!.state).toBe('paid');
    expect(paid.status_history.map((h) => h.status)).toEqual([
      'awaiting_payment',
      'partially_shipped',
    ]);

    expect(await ship(placed.orderId, 3)).toMatchObject({ status: 'shipped', number: 2 });
  });

  it('voiding the invoice of a partially shipped order cancels it: what shipped stays out, the rest goes back', async () => {
    const buyer = await createUser('retailer');
    await giveTerms(buyer.uid, 30, 100_000);
    await buyUnits(buyer, 3);
    const stock = await stockOf();
    const placed = await placeOnTerms(buyer);
    await ship(placed.orderId, 1);
    await closeTermsInvoiceHandler(
      call(manager, { orderId: placed.orderId, action: 'void', reason: 'Returned unpaid' }),
    );
    await harness.sandbox.whenWebhooksIdle();
    const order = (await orderOf(placed.orderId))!;
    expect(order).toMatchObject({ status: 'cancelled', receivable: false });
    expect(order.terms!.state).toBe('void');
    expect(order.restocked_at).toBeUndefined();
    expect(order.backorder_open).toBe(false);
    // One unit went out; the two that had not shipped are back on the shelf.
    expect(await stockOf()).toBe(stock - 1);
    expect((await creditOf(buyer.uid)).open_balance).toBe(0);
  });
});

describe('a PO number by card', () => {
  it('goes on the Checkout Session, the order and the confirmation mail', async () => {
    const buyer = await createUser('retailer');
    await buyUnits(buyer, 1);
    const bad = await refusal(
      createCheckoutSessionHandler(call(buyer, { poNumber: 'x'.repeat(41) })),
    );
    expect(bad.code).toBe('invalid-argument');
    const { url, orderId } = await createCheckoutSessionHandler(
      call(buyer, { poNumber: 'PO-CARD-9' }),
    );
    const session = await harness.stripe.checkout.sessions.retrieve(sessionIdOf(url));
    expect(session.metadata).toMatchObject({ po_number: 'PO-CARD-9', orderId });
    await payWithShipTo(harness.sandbox, session.id);
    await harness.sandbox.whenWebhooksIdle();
    expect(await orderOf(orderId)).toMatchObject({
      po_number: 'PO-CARD-9',
      payment_method: 'card',
      status: 'processing',
      terms: null,
    });
    const mail = await db().doc(`mail/order-confirmation.${orderId}`).get();
    expect(mail.get('message.html')).toContain('PO-CARD-9');
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type Stripe from 'stripe';
import { COLLECTIONS, mailKeys, paths } from '@portal/domain';
import { createCheckoutSessionHandler } from '../../src/handlers/create-checkout-session';
import { estimateTaxHandler } from '../../src/handlers/estimate-tax';
import { refundOrderHandler } from '../../src/handlers/refund-order';
import { settleClaimHandler } from '../../src/handlers/settle-claim';
import { shipOrderHandler } from '../../src/handlers/ship-order';
import { updateOrderStatusHandler } from '../../src/handlers/update-order-status';
import { verifyPaymentHandler } from '../../src/handlers/verify-payment';
import { reserveCheckoutCredit } from '../../src/store-credit/checkout-credit';
import { createContext } from '../../src/lib/context';
import { placeTermsOrder } from '../../src/terms/terms-order';
import { withInvoiceMethod } from '../support/stripe-invoices';
import { writeLocation } from '../company-fixtures';
import { documentReads, projectDb, resetUsage } from '../insights/rollup-support';
import {
  call,
  db,
  giveTerms,
  openBalanceOf,
  orderRecord,
  paidOrder,
  product,
  RUN,
  seedClaim,
  storeCreditOf,
  stripeCustomerOf,
  termsOrder,
} from '../claims/settle-support';
import {
  checkoutOf,
  createUser,
  payWithShipTo,
  postWebhook,
  setCart,
  startPaymentsHarness,
  type TestUser,
} from './support';

/**
 * Store credit (docs/payments.md#store-credit) against the Stripe sandbox: a claim settled as
 * store credit, spent by the company's next card checkout (a "Store credit" coupon, the Stripe
 * balance and the mirror both reaching 0), given back once when that checkout expires unpaid,
 * and spent by Stripe when it finalizes the company's next invoice on terms.
 */

let harness: Awaited<ReturnType<typeof startPaymentsHarness>>;
let manager: TestUser;

const JUG = `t-credit-jug-${RUN}`;
const PRICE = 2_500;

beforeAll(async () => {
  harness = await startPaymentsHarness();
  manager = await createUser('manager');
  await product(JUG, { name: `Credit Jug ${RUN}`, price: PRICE, stock: 500 });
});

afterAll(async () => {
  await db().doc(paths.product(JUG)).delete();
  await db().doc(paths.wholesalePrice(JUG)).delete();
  await harness?.stop();
});

/** A company whose claim on its first order was settled with $50.00 of store credit. */
async function companyWithCredit(): Promise<{ buyer: TestUser; credit: number }> {
  const buyer = await createUser('retailer');
  const orderId = await paidOrder(harness.sandbox, buyer, { [JUG]: 4 });
  const { claimId, value } = await seedClaim(orderId, { [JUG]: 2 });
  await settleClaimHandler(
    call(manager, { claimId, requestId: randomUUID(), remedy: 'store_credit' }),
  );
  expect((await storeCreditOf(buyer.uid)).balance).toBe(value);
  return { buyer, credit: value };
}

/** A paid card order of `jugs` jugs that spent all of the company's credit: its id. */
async function paidWithCredit(buyer: TestUser, jugs: number): Promise<string> {
  await setCart(buyer.uid, { [JUG]: jugs });
  const { orderId } = await createCheckoutSessionHandler(call(buyer));
  await payWithShipTo(harness.sandbox, (await checkoutOf(orderId)).stripe_session_id!);
  await harness.sandbox.whenWebhooksIdle();
  expect((await orderRecord(orderId)).status).toBe('processing');
  expect((await storeCreditOf(buyer.uid)).balance).toBe(0);
  return orderId;
}

async function stripeBalance(companyId: string): Promise<number> {
  const customer = await harness.stripe.customers.retrieve(await stripeCustomerOf(companyId));
  if (customer.deleted) throw new Error('customer deleted');
  return customer.balance;
}

describe('store credit at a card checkout', () => {
  it("the cart's estimate says it, the session's total is reduced by it, and once paid the balance is 0 at Stripe and on the mirror", async () => {
    const { buyer, credit } = await companyWithCredit();
    const locationId = await writeLocation(db(), buyer.uid, 'Main store');
    await setCart(buyer.uid, { [JUG]: 6 });
    const estimate = await estimateTaxHandler(call(buyer, { locationId }));
    expect(estimate).toMatchObject({ subtotal: 6 * PRICE, tax: 0, storeCredit: credit });

    const { orderId } = await createCheckoutSessionHandler(call(buyer, { locationId }));
    const checkout = await checkoutOf(orderId);
    const session = await harness.stripe.checkout.sessions.retrieve(checkout.stripe_session_id!);
    expect(session.amount_subtotal).toBe(6 * PRICE);
    expect(session.total_details?.amount_discount).toBe(credit);
    expect(session.amount_total).toBe(6 * PRICE - credit);
    // Reserved at once: a second checkout meanwhile could not spend it again.
    expect((await storeCreditOf(buyer.uid)).balance).toBe(0);
    expect(await stripeBalance(buyer.uid)).toBe(0);

    await payWithShipTo(harness.sandbox, session.id);
    await harness.sandbox.whenWebhooksIdle();
    const order = await orderRecord(orderId);
    expect(order.status).toBe('processing');
    expect(order.amount).toBe(6 * PRICE - credit);
    expect(order.store_credit_applied).toBe(credit);
    const verified = await verifyPaymentHandler(call(buyer, { sessionId: session.id }));
    expect(verified).toMatchObject({ amount: 6 * PRICE - credit, storeCreditApplied: credit });

    const mirror = await storeCreditOf(buyer.uid);
    expect(mirror.balance).toBe(0);
    expect(mirror.entries[`checkout-${orderId}`]).toMatchObject({
      kind: 'checkout',
      amount: -credit,
    });
    expect(await stripeBalance(buyer.uid)).toBe(0);
  });

  it('a checkout that expires unpaid gives the credit back, once, at Stripe and on the mirror', async () => {
    const { buyer, credit } = await companyWithCredit();
    await setCart(buyer.uid, { [JUG]: 3 });
    const { orderId } = await createCheckoutSessionHandler(call(buyer));
    const sessionId = (await checkoutOf(orderId)).stripe_session_id!;
    expect((await storeCreditOf(buyer.uid)).balance).toBe(0);

    const from = harness.endpoint.bodies.length;
    await harness.stripe.checkout.sessions.expire(sessionId);
    await harness.sandbox.whenWebhooksIdle();
    expect((await checkoutOf(orderId)).state).toBe('expired');
    const mirror = await storeCreditOf(buyer.uid);
    expect(mirror.balance).toBe(credit);
    expect(mirror.entries[`checkout-released-${orderId}`]).toMatchObject({
      kind: 'checkout_released',
      amount: credit,
    });
    expect(await stripeBalance(buyer.uid)).toBe(-credit);

    // The expiry delivered again changes nothing.
    const expired = harness.endpoint.bodies
      .slice(from)
      .filter((body) => body.includes('checkout.session.expired'));
    expect(expired.length).toBeGreaterThan(0);
    for (const body of [...expired, ...expired]) {
      expect((await postWebhook(harness.endpoint.url, body)).status).toBe(200);
    }
    expect((await storeCreditOf(buyer.uid)).balance).toBe(credit);
    expect(await stripeBalance(buyer.uid)).toBe(-credit);
  });

  it('a paid order that spent it, cancelled: the card part refunded, the credit back once at Stripe and on the mirror, and the mail says so', async () => {
    const { buyer, credit } = await companyWithCredit();
    const orderId = await paidWithCredit(buyer, 6);
    const charged = 6 * PRICE - credit;
    expect(await updateOrderStatusHandler(call(manager, { orderId, status: 'cancelled' }))).toEqual(
      { orderId, status: 'cancelled' },
    );
    await harness.sandbox.whenWebhooksIdle();
    const order = await orderRecord(orderId);
    expect(order).toMatchObject({
      status: 'cancelled',
      refunded_amount: charged,
      store_credit_applied: credit,
      store_credit_returned: credit,
    });
    const mirror = await storeCreditOf(buyer.uid);
    expect(mirror.balance).toBe(credit);
    expect(mirror.entries[`order-returned-${orderId}`]).toMatchObject({
      kind: 'order_returned',
      amount: credit,
    });
    expect(await stripeBalance(buyer.uid)).toBe(-credit);
    const mail = (
      await db().collection(COLLECTIONS.mail).doc(mailKeys.orderCancelled(orderId)).get()
    ).get('message') as { text: string };
    expect(mail.text).toContain(
      `$${(charged / 100).toFixed(2)} was refunded to the card you paid with. The $${(credit / 100).toFixed(2)} of store credit it used is back in your store credit.`,
    );

    // The refund's webhooks delivered again, and the cancel asked again, change nothing.
    for (const body of harness.endpoint.bodies.filter((b) => b.includes(orderId))) {
      expect((await postWebhook(harness.endpoint.url, body)).status).toBe(200);
    }
    await updateOrderStatusHandler(call(manager, { orderId, status: 'cancelled' }));
    expect((await storeCreditOf(buyer.uid)).balance).toBe(credit);
    expect(await stripeBalance(buyer.uid)).toBe(-credit);
  });

  it('a shipped order that spent it, refunded in full: the credit goes back; a partial refund before it keeps it spent', async () => {
    const { buyer, credit } = await companyWithCredit();
    const orderId = await paidWithCredit(buyer, 6);
    const charged = 6 * PRICE - credit;
    await shipOrderHandler(
      call(manager, {
        orderId,
        requestId: randomUUID(),
        lines: [{ productId: JUG, quantity: 6 }],
        shipment: { carrier: 'ups', trackingNumber: '1Z999AA10123456784' },
      }),
    );
    const refund = (amount: number) =>
      refundOrderHandler(
        call(manager, {
          orderId,
          requestId: randomUUID(),
          amount,
          internalNote: '',
          customerNote: 'Returned',
        }),
      );
    await refund(1_000);
    await harness.sandbox.whenWebhooksIdle();
    expect((await storeCreditOf(buyer.uid)).balance).toBe(0);
    expect((await orderRecord(orderId)).store_credit_returned).toBe(0);

    // Everything it charged is back on the card: it keeps its status (its goods went out).
    expect(await refund(charged - 1_000)).toMatchObject({ status: 'shipped' });
    await harness.sandbox.whenWebhooksIdle();
    expect(await orderRecord(orderId)).toMatchObject({
      status: 'shipped',
      refunded_amount: charged,
      store_credit_returned: credit,
    });
    expect((await storeCreditOf(buyer.uid)).balance).toBe(credit);
    expect(await stripeBalance(buyer.uid)).toBe(-credit);
  });

  it('a delayed payment that fails gives the credit its checkout spent back', async () => {
    const { buyer, credit } = await companyWithCredit();
    await setCart(buyer.uid, { [JUG]: 6 });
    const { orderId } = await createCheckoutSessionHandler(call(buyer));
    const sessionId = (await checkoutOf(orderId)).stripe_session_id!;
    await payWithShipTo(harness.sandbox, sessionId, { delayed: true });
    await harness.sandbox.whenWebhooksIdle();
    expect((await orderRecord(orderId)).status).toBe('pending');
    expect((await storeCreditOf(buyer.uid)).balance).toBe(0);

    await harness.sandbox.settleDelayedPayment(sessionId, 'failed');
    await harness.sandbox.whenWebhooksIdle();
    expect((await orderRecord(orderId)).status).toBe('cancelled');
    const mirror = await storeCreditOf(buyer.uid);
    expect(mirror.balance).toBe(credit);
    expect(mirror.entries[`checkout-released-${orderId}`]).toMatchObject({ amount: credit });
    expect(await stripeBalance(buyer.uid)).toBe(-credit);
  });

  it('a cart worth less than the credit spends all but the $0.50 Stripe must charge', async () => {
    const { buyer, credit } = await companyWithCredit();
    await setCart(buyer.uid, { [JUG]: 1 });
    const { orderId } = await createCheckoutSessionHandler(call(buyer));
    const session = await harness.stripe.checkout.sessions.retrieve(
      (await checkoutOf(orderId)).stripe_session_id!,
    );
    expect(session.amount_total).toBe(50);
    expect((await storeCreditOf(buyer.uid)).balance).toBe(credit - (PRICE - 50));
  });

  it('a new checkout of a company without credit reads the balance alone; a retry asks the ledger', async () => {
    // A project of its own: its read counters count this test only. Stripe is never asked.
    const project = 'store-credit-none';
    const projectStore = projectDb(project);
    const deps = {
      db: projectStore,
      stripe: () => {
        throw new Error('Stripe is not asked for a checkout that spends no credit');
      },
    };
    const input = {
      checkoutId: randomUUID(),
      companyId: 'company-1',
      customerId: 'cus_1',
      goods: 5000,
    };
    await resetUsage(project);
    expect(await reserveCheckoutCredit(deps, { ...input, unreserved: true })).toEqual({
      applied: 0,
      couponId: null,
    });
    expect(await documentReads(project)).toBe(1);
    // A retry of the same checkout answers what its first attempt reserved, in the transaction
    // (the checkout, the balance and the entry).
    await resetUsage(project);
    expect(await reserveCheckoutCredit(deps, input)).toEqual({ applied: 0, couponId: null });
    expect(await documentReads(project)).toBe(3);
  });
});

describe('store credit on an invoice', () => {
  it('Stripe spends it when it finalizes the next invoice on terms; the order, the open balance and the mirror follow', async () => {
    const { buyer, credit } = await companyWithCredit();
    await giveTerms(manager, buyer.uid);
    const placed = await termsOrder(buyer, { [JUG]: 4 });
    expect(placed.amount).toBe(4 * PRICE - credit);
    const order = await orderRecord(placed.orderId);
    expect(order.amount).toBe(4 * PRICE - credit);
    expect(order.store_credit_applied).toBe(credit);
    const invoice = await harness.stripe.invoices.retrieve(order.terms!.invoice_id!);
    expect(invoice.total).toBe(4 * PRICE);
    expect(invoice.amount_due).toBe(4 * PRICE - credit);
    expect(await openBalanceOf(buyer.uid)).toBe(4 * PRICE - credit);

    const mirror = await storeCreditOf(buyer.uid);
    expect(mirror.balance).toBe(0);
    expect(mirror.entries[`invoice-${invoice.id}`]).toMatchObject({
      kind: 'invoice',
      amount: -credit,
    });
    expect(await stripeBalance(buyer.uid)).toBe(0);

    // Paid: the invoice's events change nothing more on the mirror.
    await harness.sandbox.payInvoice(invoice.id!, { method: 'card' });
    await harness.sandbox.whenWebhooksIdle();
    expect((await storeCreditOf(buyer.uid)).balance).toBe(0);
    expect(await openBalanceOf(buyer.uid)).toBe(0);
  });

  /** An order on terms of one jug ($25.00), which the company's $50.00 of credit pays in full. */
  async function coveredTermsOrder(paidFirst: boolean) {
    const { buyer, credit } = await companyWithCredit();
    await giveTerms(manager, buyer.uid);
    await setCart(buyer.uid, { [JUG]: 1 });
    const ctx = createContext();
    // Stripe's invoice.paid (the balance paid the invoice as it was finalized) handled before
    // the invoice is sent and recorded: the order of events real Stripe may deliver.
    const stripe = paidFirst ? sendAfterWebhooks(ctx.stripe) : ctx.stripe;
    const placed = await placeTermsOrder(
      { ...ctx, stripe },
      { uid: buyer.uid, email: buyer.email },
      { requestId: randomUUID().replaceAll('-', ''), poNumber: '' },
    );
    await harness.sandbox.whenWebhooksIdle();
    return { buyer, credit, placed, order: await orderRecord(placed.orderId) };
  }

  for (const paidFirst of [false, true]) {
    it(`an invoice the credit pays in full is placed, recorded and paid${paidFirst ? ', its invoice.paid handled before it was recorded' : ''}`, async () => {
      const { buyer, credit, order } = await coveredTermsOrder(paidFirst);
      expect(order.status).toBe('processing');
      expect(order.terms).toMatchObject({ state: 'paid', invoice_id: expect.any(String) });
      expect(order.terms!.hosted_invoice_url).toEqual(expect.any(String));
      expect(order).toMatchObject({ amount: 0, store_credit_applied: PRICE });
      const invoice = await harness.stripe.invoices.retrieve(order.terms!.invoice_id!);
      expect(invoice).toMatchObject({ status: 'paid', total: PRICE, amount_due: 0 });
      expect(await openBalanceOf(buyer.uid)).toBe(0);
      const mirror = await storeCreditOf(buyer.uid);
      expect(mirror.balance).toBe(credit - PRICE);
      expect(mirror.entries[`invoice-${invoice.id}`]).toMatchObject({ amount: -PRICE });
      expect(await stripeBalance(buyer.uid)).toBe(-(credit - PRICE));
    });
  }
});

/** ctx.stripe, whose invoices.sendInvoice first lets every webhook waiting be delivered. */
function sendAfterWebhooks(stripe: () => Stripe): () => Stripe {
  return () =>
    withInvoiceMethod(stripe(), 'sendInvoice', (send) => async (...args) => {
      await harness.sandbox.whenWebhooksIdle();
      return send(...args);
    });
}

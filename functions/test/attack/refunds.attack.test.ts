import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import Stripe from 'stripe';
import { COLLECTIONS } from '@portal/domain';
import { createCheckoutSessionHandler } from '../../src/handlers/create-checkout-session';
import { refundOrderHandler } from '../../src/handlers/refund-order';
import { updateOrderStatusHandler } from '../../src/handlers/update-order-status';
import { firestore } from '../../src/lib/admin';
import {
  checkoutOf,
  createUser,
  orderOf,
  payWithShipTo,
  postWebhook,
  setCart,
  startPaymentsHarness,
  type TestUser,
} from '../payments/support';
import { attackTable } from './attack-table';

/**
 * Refunds and disputes (W1, W2): a manager's refund call repeated (a retry after a lost answer,
 * a double click, a script) must refund once; a disputed payment must not be shipped, and the
 * managers must hear of it. Doors: the refundOrder and updateOrderStatus callables as a manager
 * calls them, and Stripe's signed webhook.
 */
let harness: Awaited<ReturnType<typeof startPaymentsHarness>>;
let manager: TestUser;
let buyer: TestUser;

beforeAll(async () => {
  harness = await startPaymentsHarness();
  [manager, buyer] = await Promise.all([createUser('manager'), createUser('retailer')]);
});
afterAll(async () => {
  await harness?.stop();
});

async function paidOrder(productId: string) {
  await setCart(buyer.uid, { [productId]: 2 });
  const { orderId } = await createCheckoutSessionHandler(buyer.request({}));
  await payWithShipTo(harness.sandbox, (await checkoutOf(orderId)).stripe_session_id!);
  const order = await orderOf(orderId);
  expect(order.status).toBe('processing');
  return { orderId, amount: order.amount, paymentIntent: order.stripe_payment_intent_id! };
}

async function stripeRefunds(paymentIntent: string) {
  await harness.sandbox.whenWebhooksIdle();
  return (await harness.stripe.refunds.list({ payment_intent: paymentIntent })).data;
}

/** charge.dispute.created for the order's payment, rendered and signed as Stripe sends it. */
async function disputeOpened(order: { paymentIntent: string; amount: number }) {
  const intent = await harness.stripe.paymentIntents.retrieve(order.paymentIntent);
  const created = Math.floor(Date.now() / 1000);
  const body = JSON.stringify({
    id: `evt_attack_${randomUUID().slice(0, 8)}`,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: 'charge.dispute.created',
    data: {
      object: {
        id: `dp_attack_${randomUUID().slice(0, 8)}`,
        object: 'dispute',
        amount: order.amount,
        balance_transactions: [],
        charge: String(intent.latest_charge),
        created,
        currency: 'usd',
        evidence: {},
        evidence_details: {
          due_by: created + 7 * 86_400,
          has_evidence: false,
          past_due: false,
          submission_count: 0,
        },
        is_charge_refundable: false,
        livemode: false,
        metadata: {},
        payment_intent: order.paymentIntent,
        reason: 'fraudulent',
        status: 'needs_response',
      },
    },
  });
  expect((await postWebhook(harness.endpoint.url, body)).status).toBe(200);
}

const SHIPMENT = { carrier: 'ups', trackingNumber: '1Z999AA10123456784' };

attackTable('refunds and disputes', [
  {
    id: 'W1',
    attack: 'the same refund call three times in a row refunds once',
    timeoutMs: 60_000,
    run: async () => {
      const order = await paidOrder('blue-coast');
      const call = { orderId: order.orderId, amount: 500, requestId: randomUUID() };
      const answers = [];
      for (let i = 0; i < 3; i++) answers.push(await refundOrderHandler(manager.request(call)));
      expect(new Set(answers.map((a) => a.refundId)).size).toBe(1);
      expect(await stripeRefunds(order.paymentIntent)).toHaveLength(1);
      expect((await orderOf(order.orderId)).refunded_amount).toBe(500);
    },
  },
  {
    id: 'W1',
    attack: 'the same refund call three times at once refunds once',
    timeoutMs: 60_000,
    run: async () => {
      const order = await paidOrder('mango-tango');
      const call = { orderId: order.orderId, amount: 500, requestId: randomUUID() };
      const answers = await Promise.all(
        Array.from({ length: 3 }, () => refundOrderHandler(manager.request(call))),
      );
      expect(new Set(answers.map((a) => a.refundId)).size).toBe(1);
      expect(await stripeRefunds(order.paymentIntent)).toHaveLength(1);
      expect((await orderOf(order.orderId)).refunded_amount).toBe(500);
    },
  },
  {
    id: 'W2',
    attack: 'a disputed order is marked shipped',
    timeoutMs: 60_000,
    run: async () => {
      const order = await paidOrder('purple-dream');
      await disputeOpened(order);
      const shipped = await updateOrderStatusHandler(
        manager.request({ orderId: order.orderId, status: 'shipped', shipment: SHIPMENT }),
      ).then(
        () => 'shipped',
        (error: { code?: string }) => error.code,
      );
      expect(shipped).toBe('failed-precondition');
      expect((await orderOf(order.orderId)).status).toBe('processing');
    },
  },
  {
    id: 'W2',
    attack: 'a payment is disputed and no manager is told',
    timeoutMs: 60_000,
    run: async () => {
      const order = await paidOrder('green-machine');
      await disputeOpened(order);
      const outbox = await firestore().collection(COLLECTIONS.mail).get();
      const toManager = outbox.docs.filter(
        (doc) =>
          doc.id.includes(order.orderId) &&
          (doc.get('to') as string[] | undefined)?.includes(manager.email) &&
          /disput/i.test(String(doc.get('message.subject'))),
      );
      expect(toManager).toHaveLength(1);
    },
  },
]);

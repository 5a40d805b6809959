import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
} from './support';

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

async function openCheckout(productId: string, quantity = 1) {
  await setCart(buyer.uid, { [productId]: quantity });
  const { orderId } = await createCheckoutSessionHandler(buyer.request({}));
  return { orderId, sessionId: (await checkoutOf(orderId)).stripe_session_id! };
}

async function paidOrder(productId: string, quantity = 1) {
  const { orderId, sessionId } = await openCheckout(productId, quantity);
  await payWithShipTo(harness.sandbox, sessionId);
  const order = await orderOf(orderId);
  expect(order.status).toBe('processing');
  return { orderId, amount: order.amount, paymentIntent: order.stripe_payment_intent_id! };
}

const UPS = { carrier: 'ups', trackingNumber: '1z 999-aa1 0123456784' };

describe('updateOrderStatus: shipping', () => {
  it('ships with carrier and tracking number, then delivers, recording who and when', async () => {
    const { orderId } = await paidOrder('mango-tango');
    expect(
      await updateOrderStatusHandler(
        manager.request({ orderId, status: 'shipped', shipment: UPS }),
      ),
    ).toEqual({ orderId, status: 'shipped' });
    expect(
      await updateOrderStatusHandler(manager.request({ orderId, status: 'delivered' })),
    ).toEqual({ orderId, status: 'delivered' });
    const order = await orderOf(orderId);
    expect(order.status).toBe('delivered');
    expect(order.shipment).toMatchObject({ carrier: 'ups', tracking_number: '1Z999AA10123456784' });
    expect(order.status_history.map((h) => [h.status, h.by])).toEqual([
      ['processing', 'stripe'],
      ['shipped', manager.uid],
      ['delivered', manager.uid],
    ]);
    const times = order.status_history.map((h) => h.at.toMillis());
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it('refuses shipping without tracking or with illegal characters, and moves the machine does not allow', async () => {
    const { orderId } = await paidOrder('red-rush');
    const refusals: Array<[unknown, string]> = [
      [{ orderId, status: 'shipped' }, 'invalid-argument'],
      [
        { orderId, status: 'shipped', shipment: { carrier: 'ups', trackingNumber: '' } },
        'invalid-argument',
      ],
      [
        { orderId, status: 'shipped', shipment: { carrier: 'ups', trackingNumber: '1Z<b>99' } },
        'invalid-argument',
      ],
      [
        { orderId, status: 'shipped', shipment: { carrier: 'owl', trackingNumber: 'ABCDE12345' } },
        'invalid-argument',
      ],
      [{ orderId, status: 'delivered', shipment: UPS }, 'invalid-argument'],
      [{ orderId, status: 'delivered' }, 'failed-precondition'],
      [{ orderId, status: 'pending' }, 'failed-precondition'],
    ];
    for (const [data, code] of refusals) {
      await expect(updateOrderStatusHandler(manager.request(data))).rejects.toMatchObject({ code });
    }
    const order = await orderOf(orderId);
    expect(order.status).toBe('processing');
    expect(order.shipment).toBeNull();
    expect(order.status_history).toHaveLength(1);

    await updateOrderStatusHandler(manager.request({ orderId, status: 'shipped', shipment: UPS }));
    await expect(
      updateOrderStatusHandler(manager.request({ orderId, status: 'cancelled' })),
    ).rejects.toMatchObject({ code: 'failed-precondition' });
    expect((await orderOf(orderId)).status).toBe('shipped');
  });

  it('asking for the state an order is already in succeeds and changes nothing', async () => {
    const { orderId } = await paidOrder('purple-dream');
    const stateOf = async () => {
      const order = await orderOf(orderId);
      return {
        status: order.status,
        history: order.status_history.length,
        shipment: order.shipment,
      };
    };
    expect(
      await updateOrderStatusHandler(manager.request({ orderId, status: 'processing' })),
    ).toEqual({ orderId, status: 'processing' });
    expect(await stateOf()).toMatchObject({ status: 'processing', history: 1 });

    const ship = { orderId, status: 'shipped', shipment: UPS };
    await updateOrderStatusHandler(manager.request(ship));
    const shipped = await stateOf();
    // Sent twice (a double click, a retry): the same shipment is the same move.
    expect(await updateOrderStatusHandler(manager.request(ship))).toEqual({
      orderId,
      status: 'shipped',
    });
    expect(await stateOf()).toEqual(shipped);
    // Another tracking number is a different request, refused as before.
    await expect(
      updateOrderStatusHandler(
        manager.request({
          ...ship,
          shipment: { carrier: 'ups', trackingNumber: '1Z999AA10000000001' },
        }),
      ),
    ).rejects.toMatchObject({ code: 'failed-precondition' });
    expect(await stateOf()).toEqual(shipped);
  });

  it('cancelling an order Stripe already cancelled (its webhook won the race) answers cancelled', async () => {
    const { orderId, sessionId } = await openCheckout('blue-coast');
    await payWithShipTo(harness.sandbox, sessionId, { delayed: true });
    expect((await orderOf(orderId)).status).toBe('pending');
    // The delayed payment fails: Stripe's webhook cancels the order before the manager's click lands.
    await harness.sandbox.settleDelayedPayment(sessionId, 'failed');
    await harness.sandbox.whenWebhooksIdle();
    const cancelled = await orderOf(orderId);
    expect(cancelled.status).toBe('cancelled');
    expect(
      await updateOrderStatusHandler(manager.request({ orderId, status: 'cancelled' })),
    ).toEqual({ orderId, status: 'cancelled' });
    const after = await orderOf(orderId);
    expect(after.status_history).toEqual(cancelled.status_history);
  });

  it('leaves a pending order (payment processing) to Stripe', async () => {
    const { orderId, sessionId } = await openCheckout('blue-coast');
    await payWithShipTo(harness.sandbox, sessionId, { delayed: true });
    for (const status of ['processing', 'cancelled'] as const) {
      await expect(
        updateOrderStatusHandler(manager.request({ orderId, status })),
      ).rejects.toMatchObject({
        code: 'failed-precondition',
        message: 'This order is waiting for its payment to clear; Stripe moves it when it does.',
      });
    }
    expect((await orderOf(orderId)).status).toBe('pending');
  });

  it('refuses non-managers, unknown orders and bad arguments', async () => {
    const { orderId } = await paidOrder('purple-dream');
    await expect(
      updateOrderStatusHandler(buyer.request({ orderId, status: 'shipped', shipment: UPS })),
    ).rejects.toMatchObject({ code: 'permission-denied' });
    await expect(
      updateOrderStatusHandler({ auth: undefined, data: { orderId, status: 'shipped' } }),
    ).rejects.toMatchObject({ code: 'unauthenticated' });
    await expect(
      updateOrderStatusHandler(manager.request({ orderId: 'no-such-order', status: 'delivered' })),
    ).rejects.toMatchObject({ code: 'not-found' });
    for (const data of [
      { orderId, status: 'lost' },
      { orderId, status: 'delivered', note: 'x' },
      { orderId: 'a/b', status: 'delivered' },
      { status: 'delivered' },
    ]) {
      await expect(updateOrderStatusHandler(manager.request(data))).rejects.toMatchObject({
        code: 'invalid-argument',
      });
    }
    expect((await orderOf(orderId)).status).toBe('processing');
  });
});

describe('refunds', () => {
  it('keeps the internal note off the order, and a fully refunded order becomes refunded and is never shipped', async () => {
    const { orderId, amount } = await paidOrder('mango-tango', 2);
    const result = await refundOrderHandler(
      manager.request({
        requestId: randomUUID(),
        orderId,
        internalNote: 'Supplier credit 4471, do not tell the store',
        customerNote: 'Sorry, we are out of this flavour.',
      }),
    );
    expect(result).toMatchObject({ status: 'refunded', refundedAmount: amount });
    await harness.sandbox.whenWebhooksIdle();
    const order = await orderOf(orderId);
    expect(order.status).toBe('refunded');
    expect(order.status_history.at(-1)).toMatchObject({ status: 'refunded', by: manager.uid });
    // The order (which the buyer reads) holds the customer's note only, once.
    expect(order.refunds).toHaveLength(1);
    expect(order.refunds[0]).toMatchObject({ customer_note: 'Sorry, we are out of this flavour.' });
    expect(JSON.stringify(order)).not.toContain('Supplier credit');
    // The internal note is kept apart, in order_notes (managers only: the rules tests).
    const notes = (await firestore().collection('order_notes').doc(orderId).get()).data();
    expect(Object.values(notes?.refunds ?? {})).toEqual([
      expect.objectContaining({
        internal_note: 'Supplier credit 4471, do not tell the store',
        by: manager.uid,
      }),
    ]);
    await expect(
      updateOrderStatusHandler(manager.request({ orderId, status: 'shipped', shipment: UPS })),
    ).rejects.toMatchObject({
      code: 'failed-precondition',
      message: 'This order was refunded in full, so it cannot be shipped.',
    });
    expect((await orderOf(orderId)).status).toBe('refunded');
  });

  it("keeps no internal note for a refund without one (not Stripe's requested_by_customer)", async () => {
    const { orderId } = await paidOrder('mango-tango', 2);
    const first = await refundOrderHandler(
      manager.request({
        requestId: randomUUID(),
        orderId,
        amount: 300,
        internalNote: 'Carrier claim 4471',
        customerNote: 'One jug leaked.',
      }),
    );
    // No internal note: Stripe gets no internal_note in the metadata (it drops empty values).
    const second = await refundOrderHandler(
      manager.request({ requestId: randomUUID(), orderId, amount: 200 }),
    );
    await harness.sandbox.whenWebhooksIdle();
    expect((await orderOf(orderId)).refunds).toHaveLength(2);
    const notes = (await firestore().collection(COLLECTIONS.orderNotes).doc(orderId).get()).data();
    expect(notes?.refunds?.[first.refundId]).toMatchObject({ internal_note: 'Carrier claim 4471' });
    expect(notes?.refunds).not.toHaveProperty(second.refundId);
  });

  it('refuses shipping an order refunded in full before the refunded status existed', async () => {
    const { orderId, amount } = await paidOrder('mango-tango', 1);
    // As stored by earlier releases: still processing, everything refunded.
    await firestore()
      .collection('orders')
      .doc(orderId)
      .update({
        refunded_amount: amount,
        refunds: [{ refund_id: 're_old', amount, reason: 'x', by: 'm', at: new Date() }],
      });
    await expect(
      updateOrderStatusHandler(manager.request({ orderId, status: 'shipped', shipment: UPS })),
    ).rejects.toMatchObject({
      message: 'This order was refunded in full, so it cannot be shipped.',
    });
    expect((await orderOf(orderId)).status).toBe('processing');
  });

  it('cancelling a paid order refunds it in full at Stripe and marks it refunded', async () => {
    const { orderId, amount, paymentIntent } = await paidOrder('green-machine', 2);
    expect(
      await updateOrderStatusHandler(manager.request({ orderId, status: 'cancelled' })),
    ).toEqual({ orderId, status: 'cancelled' });
    const order = await orderOf(orderId);
    expect(order.status).toBe('cancelled');
    expect(order.refunded_amount).toBe(amount);
    expect(order.refunds).toEqual([
      expect.objectContaining({ amount, customer_note: 'Order cancelled', by: manager.uid }),
    ]);
    expect(order.status_history.at(-1)).toMatchObject({ status: 'cancelled', by: manager.uid });
    const refunds = await harness.stripe.refunds.list({ payment_intent: paymentIntent });
    expect(refunds.data.map((r) => r.amount)).toEqual([amount]);
    // The refund events arrive too, and change nothing more.
    await harness.sandbox.whenWebhooksIdle();
    expect((await orderOf(orderId)).refunds).toHaveLength(1);
  });

  it('partial refunds on shipped orders, up to what is left; more is refused and changes nothing', async () => {
    const { orderId, amount, paymentIntent } = await paidOrder('purple-dream', 3);
    await updateOrderStatusHandler(manager.request({ orderId, status: 'shipped', shipment: UPS }));
    const first = await refundOrderHandler(
      manager.request({
        requestId: randomUUID(),
        orderId,
        amount: 1000,
        customerNote: 'One gallon arrived dented',
      }),
    );
    expect(first).toMatchObject({ orderId, status: 'shipped', amount: 1000, refundedAmount: 1000 });
    expect(first.refundId).toMatch(/^re_/);

    await expect(
      refundOrderHandler(
        manager.request({ requestId: randomUUID(), orderId, amount: amount - 1000 + 1 }),
      ),
    ).rejects.toMatchObject({
      code: 'failed-precondition',
      message: expect.stringContaining('more than the'),
    });
    const rest = await refundOrderHandler(manager.request({ requestId: randomUUID(), orderId }));
    expect(rest).toMatchObject({
      amount: amount - 1000,
      refundedAmount: amount,
      status: 'shipped',
    });
    await expect(
      refundOrderHandler(manager.request({ requestId: randomUUID(), orderId, amount: 1 })),
    ).rejects.toMatchObject({
      code: 'failed-precondition',
      message: 'This order has already been refunded in full.',
    });
    await harness.sandbox.whenWebhooksIdle();
    const order = await orderOf(orderId);
    expect(order.refunds.map((r) => [r.amount, r.customer_note])).toEqual([
      [1000, 'One gallon arrived dented'],
      [amount - 1000, ''],
    ]);
    expect(order.refunded_amount).toBe(amount);
    const atStripe = await harness.stripe.refunds.list({ payment_intent: paymentIntent });
    expect(atStripe.data).toHaveLength(2);
  });

  it('the same refund request, repeated or doubled, refunds once and answers the first result', async () => {
    const { orderId, paymentIntent } = await paidOrder('blue-coast', 2);
    const request = {
      requestId: randomUUID(),
      orderId,
      amount: 500,
      internalNote: 'Short one bottle',
    };
    const first = await refundOrderHandler(manager.request(request));
    expect(first).toMatchObject({ orderId, amount: 500, refundedAmount: 500 });
    // A retry after the success (its answer was lost), then a burst of the same call at once.
    const again = await refundOrderHandler(manager.request(request));
    const burst = await Promise.all(
      Array.from({ length: 3 }, () => refundOrderHandler(manager.request(request))),
    );
    for (const answer of [again, ...burst]) expect(answer).toEqual(first);
    await harness.sandbox.whenWebhooksIdle();
    const order = await orderOf(orderId);
    expect(order.refunds).toEqual([
      expect.objectContaining({
        refund_id: first.refundId,
        amount: 500,
        request_id: request.requestId,
      }),
    ]);
    expect(order.refunded_amount).toBe(500);
    expect(
      (await harness.stripe.refunds.list({ payment_intent: paymentIntent })).data,
    ).toHaveLength(1);

    // A second refund the manager asks for (a new request id) is a refund of its own.
    const second = await refundOrderHandler(
      manager.request({ ...request, requestId: randomUUID() }),
    );
    expect(second.refundId).not.toBe(first.refundId);
    expect(second.refundedAmount).toBe(1000);
    expect(
      (await harness.stripe.refunds.list({ payment_intent: paymentIntent })).data,
    ).toHaveLength(2);
  });

  it('calls racing with one new refund request make one Stripe refund', async () => {
    const { orderId, paymentIntent } = await paidOrder('blue-coast', 2);
    const request = { requestId: randomUUID(), orderId };
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => refundOrderHandler(manager.request(request))),
    );
    expect(new Set(answers.map((a) => a.refundId)).size).toBe(1);
    await harness.sandbox.whenWebhooksIdle();
    const order = await orderOf(orderId);
    expect(order.refunds).toHaveLength(1);
    expect(order.refunded_amount).toBe(order.amount);
    expect(
      (await harness.stripe.refunds.list({ payment_intent: paymentIntent })).data,
    ).toHaveLength(1);
  });

  it('a refund request recorded by its webhook first is still found by a retry', async () => {
    const { orderId, paymentIntent } = await paidOrder('mango-tango', 2);
    const requestId = randomUUID();
    // The call's Stripe refund went through but its answer was lost: only the webhook records it.
    const refund = await harness.stripe.refunds.create(
      {
        payment_intent: paymentIntent,
        amount: 300,
        reason: 'requested_by_customer',
        metadata: { orderId, by: manager.uid, reason: '', requestId },
      },
      { idempotencyKey: `refund:${orderId}:${requestId}` },
    );
    await harness.sandbox.whenWebhooksIdle();
    expect((await orderOf(orderId)).refunds).toEqual([
      expect.objectContaining({ refund_id: refund.id, request_id: requestId, by: manager.uid }),
    ]);
    const retry = await refundOrderHandler(manager.request({ requestId, orderId, amount: 300 }));
    expect(retry).toMatchObject({ refundId: refund.id, amount: 300, refundedAmount: 300 });
    expect(
      (await harness.stripe.refunds.list({ payment_intent: paymentIntent })).data,
    ).toHaveLength(1);
  });

  it('a refund made in the Stripe dashboard arrives by webhook and is recorded once', async () => {
    const { orderId, paymentIntent } = await paidOrder('mango-tango', 2);
    const refund = await harness.stripe.refunds.create({
      payment_intent: paymentIntent,
      amount: 700,
      reason: 'duplicate',
    });
    await harness.sandbox.whenWebhooksIdle();
    const order = await orderOf(orderId);
    expect(order.status).toBe('processing');
    expect(order.refunds).toEqual([
      expect.objectContaining({
        refund_id: refund.id,
        amount: 700,
        customer_note: '',
        by: 'stripe',
      }),
    ]);
    // Stripe's reason is for the books: kept in the managers-only notes, never on the order.
    expect(order.refunds[0]).not.toHaveProperty('reason');
    const notes = (await firestore().collection(COLLECTIONS.orderNotes).doc(orderId).get()).data();
    expect(notes?.refunds?.[refund.id]).toMatchObject({ internal_note: 'duplicate', by: 'stripe' });
    expect(order.refunded_amount).toBe(700);

    // Stripe delivers again (a retry, a replay): each event five more times, still one refund.
    const refundEvents = harness.endpoint.bodies.filter((raw) => raw.includes(refund.id));
    expect(refundEvents.length).toBeGreaterThanOrEqual(2);
    for (const raw of refundEvents) {
      for (let i = 0; i < 5; i++) {
        expect((await postWebhook(harness.endpoint.url, raw)).status).toBe(200);
      }
    }
    const replayed = await orderOf(orderId);
    expect(replayed.refunds).toHaveLength(1);
    expect(replayed.refunded_amount).toBe(700);
  });

  it('refuses refunds of unpaid orders, bad amounts and non-managers, changing nothing', async () => {
    const { orderId: pendingId, sessionId } = await openCheckout('red-rush');
    await payWithShipTo(harness.sandbox, sessionId, { delayed: true });
    await expect(
      refundOrderHandler(manager.request({ requestId: randomUUID(), orderId: pendingId })),
    ).rejects.toMatchObject({
      code: 'failed-precondition',
      message: 'Only a paid order can be refunded.',
    });
    const { orderId } = await paidOrder('red-rush');
    for (const data of [
      { orderId, amount: 0 },
      { orderId, amount: -5 },
      { orderId, amount: 10.5 },
      { orderId, amount: '100' },
      { orderId, internalNote: 'x'.repeat(501) },
      { orderId, customerNote: 'ok\r\nBcc: someone@example.com' },
      { orderId, extra: true },
      { orderId, amount: 500 },
      { orderId, requestId: 'retry-1' },
      {},
    ]) {
      await expect(refundOrderHandler(manager.request(data))).rejects.toMatchObject({
        code: 'invalid-argument',
      });
    }
    await expect(
      refundOrderHandler(buyer.request({ requestId: randomUUID(), orderId })),
    ).rejects.toMatchObject({
      code: 'permission-denied',
    });
    await expect(
      refundOrderHandler(manager.request({ requestId: randomUUID(), orderId: 'no-such-order' })),
    ).rejects.toMatchObject({ code: 'not-found' });
    const order = await orderOf(orderId);
    expect(order.refunds).toEqual([]);
    expect(order.refunded_amount).toBe(0);
  });
});

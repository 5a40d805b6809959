import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCheckoutSessionHandler } from '../../src/handlers/create-checkout-session';
import { updateOrderStatusHandler } from '../../src/handlers/update-order-status';
import { createUser, orderOf, setCart, startPaymentsHarness, type TestUser } from './support';

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

async function pendingOrder(productId = 'blue-coast') {
  await setCart(buyer.uid, { [productId]: 1 });
  const { orderId } = await createCheckoutSessionHandler(buyer.request({}));
  return { orderId, sessionId: (await orderOf(orderId)).stripe_session_id! };
}

async function paidOrder(productId: string) {
  const { orderId, sessionId } = await pendingOrder(productId);
  await harness.sandbox.pay(sessionId);
  expect((await orderOf(orderId)).status).toBe('processing');
  return orderId;
}

describe('updateOrderStatus', () => {
  it('moves a paid order along the machine, recording who and when', async () => {
    const orderId = await paidOrder('mango-tango');
    expect(await updateOrderStatusHandler(manager.request({ orderId, status: 'shipped' }))).toEqual(
      {
        orderId,
        status: 'shipped',
      },
    );
    expect(
      await updateOrderStatusHandler(manager.request({ orderId, status: 'delivered' })),
    ).toEqual({
      orderId,
      status: 'delivered',
    });
    const order = await orderOf(orderId);
    expect(order.status).toBe('delivered');
    expect(order.status_history.map((h) => [h.status, h.by])).toEqual([
      ['pending', buyer.uid],
      ['processing', 'stripe'],
      ['shipped', manager.uid],
      ['delivered', manager.uid],
    ]);
    const times = order.status_history.map((h) => h.at.toMillis());
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it('refuses moves the machine does not allow, leaving the order as it was', async () => {
    const orderId = await paidOrder('red-rush');
    for (const status of ['pending', 'delivered', 'processing'] as const) {
      await expect(
        updateOrderStatusHandler(manager.request({ orderId, status })),
      ).rejects.toMatchObject({
        code: 'failed-precondition',
        message: `An order that is processing cannot be marked ${status}.`,
      });
    }
    await updateOrderStatusHandler(manager.request({ orderId, status: 'shipped' }));
    await expect(
      updateOrderStatusHandler(manager.request({ orderId, status: 'cancelled' })),
    ).rejects.toMatchObject({
      code: 'failed-precondition',
    });
    const order = await orderOf(orderId);
    expect(order.status).toBe('shipped');
    expect(order.status_history).toHaveLength(3);
  });

  it('refuses to mark an unpaid order processing: only the payment does that', async () => {
    const { orderId } = await pendingOrder('blue-coast');
    await expect(
      updateOrderStatusHandler(manager.request({ orderId, status: 'processing' })),
    ).rejects.toMatchObject({
      code: 'failed-precondition',
      message: 'An order that is pending cannot be marked processing.',
    });
    const order = await orderOf(orderId);
    expect(order.status).toBe('pending');
    expect(order.paid_at).toBeNull();
  });

  it('cancelling a pending order closes its Checkout Session so it cannot be paid', async () => {
    const { orderId, sessionId } = await pendingOrder('green-machine');
    await updateOrderStatusHandler(manager.request({ orderId, status: 'cancelled' }));
    const order = await orderOf(orderId);
    expect(order.status).toBe('cancelled');
    expect(order.status_history.at(-1)).toMatchObject({ status: 'cancelled', by: manager.uid });
    expect((await harness.stripe.checkout.sessions.retrieve(sessionId)).status).toBe('expired');
    await expect(harness.sandbox.pay(sessionId)).rejects.toThrow(/expired/);
  });

  it('refuses non-managers, unknown orders and bad arguments', async () => {
    const orderId = await paidOrder('purple-dream');
    await expect(
      updateOrderStatusHandler(buyer.request({ orderId, status: 'shipped' })),
    ).rejects.toMatchObject({
      code: 'permission-denied',
    });
    await expect(
      updateOrderStatusHandler({ auth: undefined, data: { orderId, status: 'shipped' } }),
    ).rejects.toMatchObject({ code: 'unauthenticated' });
    await expect(
      updateOrderStatusHandler(manager.request({ orderId: 'no-such-order', status: 'shipped' })),
    ).rejects.toMatchObject({ code: 'not-found' });
    for (const data of [
      { orderId, status: 'lost' },
      { orderId, status: 'shipped', note: 'x' },
      { orderId: 'a/b', status: 'shipped' },
      { status: 'shipped' },
    ]) {
      await expect(updateOrderStatusHandler(manager.request(data))).rejects.toMatchObject({
        code: 'invalid-argument',
      });
    }
    expect((await orderOf(orderId)).status).toBe('processing');
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailKeys } from '@portal/domain';
import { createCheckoutSessionHandler } from '../../src/handlers/create-checkout-session';
import { refundOrderHandler } from '../../src/handlers/refund-order';
import { setProfileStatusHandler } from '../../src/handlers/set-profile-status';
import { updateOrderStatusHandler } from '../../src/handlers/update-order-status';
import { deliverMail, sweepOutbox } from '../../src/mail/outbox';
import { linkIn } from '../../../scripts/lib/maildev';
import { createAccount } from '../accounts/support';
import {
  checkoutOf,
  createUser,
  orderOf,
  PAY_SHIP_TO,
  payWithShipTo,
  postWebhook,
  setCart,
  startPaymentsHarness,
  type TestUser,
} from '../payments/support';
import {
  clearOutbox,
  mailDoc,
  mailKeysStartingWith,
  startTestMailDev,
  testSender,
} from './support';

let harness: Awaited<ReturnType<typeof startPaymentsHarness>>;
let maildev: Awaited<ReturnType<typeof startTestMailDev>>;
let manager: TestUser;

beforeAll(async () => {
  harness = await startPaymentsHarness();
  maildev = await startTestMailDev();
  manager = await createUser('manager');
  await clearOutbox();
});
afterAll(async () => {
  await Promise.all([harness?.stop(), maildev?.stop()]);
});

async function openCheckout(buyer: TestUser, cart: Record<string, number>) {
  await setCart(buyer.uid, cart);
  const { orderId } = await createCheckoutSessionHandler(buyer.request({}));
  return { orderId, sessionId: (await checkoutOf(orderId)).stripe_session_id! };
}

describe('order mails', () => {
  it('a paid order: one confirmation (lines, total, ship-to, invoice link) and new-order to managers, even when the webhook is replayed 5 times', async () => {
    const buyer = await createUser('retailer');
    const { orderId, sessionId } = await openCheckout(buyer, {
      'purple-dream': 2,
      'blue-coast': 1,
    });
    const before = harness.endpoint.bodies.length;
    await payWithShipTo(harness.sandbox, sessionId);
    await harness.sandbox.whenWebhooksIdle();
    const completed = harness.endpoint.bodies
      .slice(before)
      .find((raw) => (JSON.parse(raw) as { type: string }).type === 'checkout.session.completed')!;
    for (let i = 0; i < 5; i++) {
      expect((await postWebhook(harness.endpoint.url, completed)).status).toBe(200);
    }
    const order = await orderOf(orderId);
    const key = mailKeys.orderConfirmation(orderId);
    expect(await mailDoc(key)).toMatchObject({ to: [buyer.email] });
    expect(await mailDoc(mailKeys.newOrder(orderId, manager.uid))).toMatchObject({
      to: [manager.email],
    });

    const sender = testSender(maildev.ports.smtp);
    expect(await deliverMail(sender, key)).toBe('sent');
    expect(await deliverMail(sender, key)).toBe('skipped');
    const mail = await maildev.client.waitFor(buyer.email);
    expect(mail.subject).toBe(`Order confirmed: ${order.invoice_number}`);
    expect(mail.text).toContain('2 x Purple Dream');
    expect(mail.text).toContain(PAY_SHIP_TO.address.line1);
    expect(
      linkIn(mail.text, `${process.env.WEB_ORIGIN}/portal/orders/${orderId}/invoice`),
    ).toBeTruthy();
    expect(await maildev.client.to(buyer.email)).toHaveLength(1);
  });

  it('shipping mails the carrier and tracking link; a refund mails its amount; cancelling mails once', async () => {
    const buyer = await createUser('retailer');
    const { orderId, sessionId } = await openCheckout(buyer, { 'mango-tango': 2 });
    await payWithShipTo(harness.sandbox, sessionId);
    await updateOrderStatusHandler(
      manager.request({
        orderId,
        status: 'shipped',
        shipment: { carrier: 'ups', trackingNumber: '1Z999AA10123456784' },
      }),
    );
    const sender = testSender(maildev.ports.smtp);
    await deliverMail(sender, mailKeys.orderShipped(orderId));
    const shipped = await maildev.client.waitFor(buyer.email, (m) =>
      m.subject.startsWith('Your order has shipped'),
    );
    expect(shipped.text).toContain('Carrier: UPS');
    expect(linkIn(shipped.text, 'https://www.ups.com/')).toContain('1Z999AA10123456784');

    await refundOrderHandler(
      manager.request({
        orderId,
        requestId: randomUUID(),
        amount: 500,
        customerNote: 'One bottle leaked',
      }),
    );
    await harness.sandbox.whenWebhooksIdle();
    const refundKeys = await mailKeysStartingWith(`order-refunded.${orderId}.`);
    expect(refundKeys).toHaveLength(1);
    await deliverMail(sender, refundKeys[0]!);
    const refunded = await maildev.client.waitFor(buyer.email, (m) =>
      m.subject.startsWith('Refund of $5.00'),
    );
    expect(refunded.text).toContain('Refunded in total: $5.00');

    const other = await openCheckout(buyer, { 'blue-coast': 1 });
    await payWithShipTo(harness.sandbox, other.sessionId);
    await updateOrderStatusHandler(
      manager.request({ orderId: other.orderId, status: 'cancelled' }),
    );
    await harness.sandbox.whenWebhooksIdle();
    await deliverMail(sender, mailKeys.orderCancelled(other.orderId));
    const cancelled = await maildev.client.waitFor(buyer.email, (m) =>
      m.subject.startsWith('Order cancelled'),
    );
    expect(cancelled.text).toMatch(/was cancelled and \$\d+\.\d\d was refunded/);
    // The cancellation's refund is told in that one mail, whichever of the call and the refund
    // webhook recorded it first.
    expect(await mailKeysStartingWith(`order-refunded.${other.orderId}.`)).toEqual([]);
  });

  it('with MailDev down, approving and paying succeed at once; when it is back, each mail arrives once', async () => {
    await maildev.stop();
    try {
      const applicant = await createAccount('retailer', 'pending');
      const buyer = await createUser('wholesaler');
      const { orderId, sessionId } = await openCheckout(buyer, { 'purple-dream': 1 });

      const t0 = performance.now();
      await setProfileStatusHandler(manager.request({ uid: applicant.uid, status: 'approved' }));
      const approveMs = performance.now() - t0;
      const t1 = performance.now();
      await payWithShipTo(harness.sandbox, sessionId);
      await harness.sandbox.whenWebhooksIdle();
      const payMs = performance.now() - t1;
      expect((await orderOf(orderId)).status).toBe('processing');
      // Neither waited for mail (an SMTP timeout is 10 s).
      expect(approveMs).toBeLessThan(5_000);
      expect(payMs).toBeLessThan(5_000);

      // The sender tries while the server is down: both wait for a retry.
      const clock = { now: Date.now() };
      const sender = testSender(maildev.ports.smtp, clock);
      const keys = [mailKeys.profileApproved(applicant.uid), mailKeys.orderConfirmation(orderId)];
      for (const key of keys) {
        expect(await deliverMail(sender, key)).toBe('retry');
        expect((await mailDoc(key))?.delivery).toMatchObject({ state: 'RETRY', attempts: 1 });
      }

      await maildev.start();
      clock.now += 1_500;
      await sweepOutbox(sender, 500);
      for (const key of keys)
        expect((await mailDoc(key))?.delivery).toMatchObject({ state: 'SUCCESS', attempts: 2 });
      // Later sweeps send nothing again.
      clock.now += 60_000;
      await sweepOutbox(sender, 500);
      await maildev.client.waitFor(applicant.email);
      await maildev.client.waitFor(buyer.email);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await maildev.client.to(applicant.email)).toHaveLength(1);
      expect(await maildev.client.to(buyer.email)).toHaveLength(1);
    } finally {
      await maildev.start().catch(() => undefined);
    }
  }, 60_000);
});

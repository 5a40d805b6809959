import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { mailKeys } from '@portal/domain';
import { createCheckoutSessionHandler } from '../../src/handlers/create-checkout-session';
import { updateOrderStatusHandler } from '../../src/handlers/update-order-status';
import { mailDoc, mailKeysStartingWith } from '../mail/support';
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

/**
 * Disputes (chargebacks) reach the portal as signed charge.dispute.* events: opened and answered
 * in the Stripe sandbox (its events delivered to the webhook), and, to replay and reorder them,
 * built as Stripe renders them in the pinned API version (a Dispute object in data.object) and
 * signed with the endpoint's secret, like every delivery.
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
  await setCart(buyer.uid, { [productId]: 1 });
  const { orderId } = await createCheckoutSessionHandler(buyer.request({}));
  await payWithShipTo(harness.sandbox, (await checkoutOf(orderId)).stripe_session_id!);
  const order = await orderOf(orderId);
  const paymentIntent = await harness.stripe.paymentIntents.retrieve(
    order.stripe_payment_intent_id!,
  );
  return {
    orderId,
    amount: order.amount,
    paymentIntent: paymentIntent.id,
    charge: String(paymentIntent.latest_charge),
  };
}

let seq = 0;
/** A charge.dispute.* event for the payment, as Stripe sends it (`created` in seconds). */
function disputeEvent(
  type: `charge.dispute.${'created' | 'updated' | 'closed' | 'funds_withdrawn' | 'funds_reinstated'}`,
  payment: { paymentIntent: string; charge: string; amount: number },
  dispute: { id: string; status: string; reason?: string; created?: number },
  eventCreated: number,
): string {
  seq += 1;
  const opened = dispute.created ?? eventCreated;
  return JSON.stringify({
    id: `evt_dispute_${Date.now()}_${seq}`,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: eventCreated,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: {
      object: {
        id: dispute.id,
        object: 'dispute',
        amount: payment.amount,
        balance_transactions: [],
        charge: payment.charge,
        created: opened,
        currency: 'usd',
        enhanced_eligibility_types: [],
        evidence: {},
        evidence_details: {
          due_by: opened + 7 * 24 * 3600,
          enhanced_eligibility: {},
          has_evidence: false,
          past_due: false,
          submission_count: 0,
        },
        is_charge_refundable: false,
        livemode: false,
        metadata: {},
        payment_intent: payment.paymentIntent,
        reason: dispute.reason ?? 'fraudulent',
        status: dispute.status,
      },
    },
  });
}

const SHIP = { carrier: 'ups', trackingNumber: '1Z999AA10123456784' };
const now = () => Math.floor(Date.now() / 1000);

describe('disputes', () => {
  it('records a dispute, mails every manager once, and blocks shipping until it is closed', async () => {
    const payment = await paidOrder('purple-dream');
    const dispute = { id: `dp_${seq}_${Date.now()}`, status: 'needs_response' };
    const t = now();
    const created = disputeEvent('charge.dispute.created', payment, dispute, t);
    const answer = await postWebhook(harness.endpoint.url, created);
    expect(answer).toEqual({
      status: 200,
      body: { received: true, outcome: 'recorded', orderId: payment.orderId },
    });
    const order = await orderOf(payment.orderId);
    expect((order as unknown as { dispute: unknown }).dispute).toMatchObject({
      dispute_id: dispute.id,
      status: 'needs_response',
      reason: 'fraudulent',
      amount: payment.amount,
      closed_at: null,
    });

    // Every manager is told, once, even when Stripe delivers the event again.
    const key = mailKeys.disputeOpened(payment.orderId, dispute.id, manager.uid);
    const mail = await mailDoc(key);
    expect(mail?.to).toEqual([manager.email]);
    expect(mail?.message.subject).toMatch(/^Payment disputed: INV-\d+ from Store of /);
    expect(mail?.message.text).toContain('Answer the dispute in the Stripe dashboard');
    expect(mail?.message.text).toContain('Status: needs response');
    const queued = await mailKeysStartingWith(`dispute-opened.${payment.orderId}.`);
    expect(queued).toContain(key);
    expect((await postWebhook(harness.endpoint.url, created)).body).toMatchObject({
      outcome: 'already-recorded',
    });
    expect(await mailKeysStartingWith(`dispute-opened.${payment.orderId}.`)).toEqual(queued);

    await expect(
      updateOrderStatusHandler(
        manager.request({ orderId: payment.orderId, status: 'shipped', shipment: SHIP }),
      ),
    ).rejects.toMatchObject({
      code: 'failed-precondition',
      message: 'This order has an open payment dispute. Resolve it in Stripe before shipping.',
    });
    expect((await orderOf(payment.orderId)).status).toBe('processing');

    // Won: the order may ship again; the closed dispute stays on the order.
    await postWebhook(
      harness.endpoint.url,
      disputeEvent(
        'charge.dispute.closed',
        payment,
        { ...dispute, status: 'won', created: t },
        t + 5,
      ),
    );
    const closed = (await orderOf(payment.orderId)) as unknown as {
      dispute: { status: string; closed_at: unknown };
    };
    expect(closed.dispute.status).toBe('won');
    expect(closed.dispute.closed_at).not.toBeNull();
    expect(
      await updateOrderStatusHandler(
        manager.request({ orderId: payment.orderId, status: 'shipped', shipment: SHIP }),
      ),
    ).toEqual({ orderId: payment.orderId, status: 'shipped' });
  });

  it('keeps the newest state when events arrive out of order, and blocks delivery too', async () => {
    const payment = await paidOrder('blue-coast');
    await updateOrderStatusHandler(
      manager.request({ orderId: payment.orderId, status: 'shipped', shipment: SHIP }),
    );
    const dispute = { id: `dp_ooo_${Date.now()}`, reason: 'product_not_received', created: now() };
    const t = now();
    // The update arrives first: it opens the dispute on the order (and mails the managers).
    await postWebhook(
      harness.endpoint.url,
      disputeEvent(
        'charge.dispute.updated',
        payment,
        { ...dispute, status: 'under_review' },
        t + 10,
      ),
    );
    expect(await mailKeysStartingWith(`dispute-opened.${payment.orderId}.`)).not.toHaveLength(0);
    // The older created event, late: the order keeps under_review.
    const late = await postWebhook(
      harness.endpoint.url,
      disputeEvent('charge.dispute.created', payment, { ...dispute, status: 'needs_response' }, t),
    );
    expect(late.body).toMatchObject({ outcome: 'stale' });
    const order = (await orderOf(payment.orderId)) as unknown as { dispute: { status: string } };
    expect(order.dispute.status).toBe('under_review');
    await expect(
      updateOrderStatusHandler(manager.request({ orderId: payment.orderId, status: 'delivered' })),
    ).rejects.toMatchObject({
      code: 'failed-precondition',
      message:
        'This order has an open payment dispute. Resolve it in Stripe before marking it delivered.',
    });

    // Lost, then a late funds_withdrawn (open) from before: the dispute stays closed (lost).
    await postWebhook(
      harness.endpoint.url,
      disputeEvent('charge.dispute.closed', payment, { ...dispute, status: 'lost' }, t + 20),
    );
    await postWebhook(
      harness.endpoint.url,
      disputeEvent(
        'charge.dispute.funds_withdrawn',
        payment,
        { ...dispute, status: 'needs_response' },
        t + 1,
      ),
    );
    const lost = (await orderOf(payment.orderId)) as unknown as { dispute: { status: string } };
    expect(lost.dispute.status).toBe('lost');
    expect(
      await updateOrderStatusHandler(
        manager.request({ orderId: payment.orderId, status: 'delivered' }),
      ),
    ).toEqual({ orderId: payment.orderId, status: 'delivered' });
  });

  it('a dispute opened in the Stripe sandbox reaches the order; winning evidence lets it ship', async () => {
    const payment = await paidOrder('red-rush');
    const dispute = await harness.sandbox.openDispute(payment.paymentIntent, {
      reason: 'product_not_received',
    });
    await harness.sandbox.whenWebhooksIdle();
    const order = (await orderOf(payment.orderId)) as unknown as {
      dispute: { dispute_id: string; status: string; reason: string };
    };
    expect(order.dispute).toMatchObject({
      dispute_id: dispute.id,
      status: 'needs_response',
      reason: 'product_not_received',
    });
    expect(
      await mailDoc(mailKeys.disputeOpened(payment.orderId, dispute.id, manager.uid)),
    ).not.toBeNull();
    await expect(
      updateOrderStatusHandler(
        manager.request({ orderId: payment.orderId, status: 'shipped', shipment: SHIP }),
      ),
    ).rejects.toMatchObject({ code: 'failed-precondition' });
    // Stripe refuses to refund a disputed charge: cancelling is refused and changes nothing.
    await expect(
      updateOrderStatusHandler(manager.request({ orderId: payment.orderId, status: 'cancelled' })),
    ).rejects.toMatchObject({
      code: 'failed-precondition',
      message: expect.stringContaining('Stripe refused the refund'),
    });
    expect((await orderOf(payment.orderId)).status).toBe('processing');

    await harness.stripe.disputes.update(dispute.id, {
      evidence: { uncategorized_text: 'winning_evidence' },
    });
    await harness.sandbox.whenWebhooksIdle();
    const won = (await orderOf(payment.orderId)) as unknown as { dispute: { status: string } };
    expect(won.dispute.status).toBe('won');
    expect(
      await updateOrderStatusHandler(
        manager.request({ orderId: payment.orderId, status: 'shipped', shipment: SHIP }),
      ),
    ).toEqual({ orderId: payment.orderId, status: 'shipped' });
  });

  it('ignores a dispute of a payment the portal does not know, and refuses unsigned ones', async () => {
    const unknown = disputeEvent(
      'charge.dispute.created',
      { paymentIntent: 'pi_not_ours', charge: 'ch_not_ours', amount: 100 },
      { id: 'dp_not_ours', status: 'needs_response' },
      now(),
    );
    expect(await postWebhook(harness.endpoint.url, unknown)).toEqual({
      status: 200,
      body: { received: true, ignored: true },
    });
    expect((await postWebhook(harness.endpoint.url, unknown, 't=1,v1=forged')).status).toBe(400);
  });
});

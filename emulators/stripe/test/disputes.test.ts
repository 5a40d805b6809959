/**
 * Disputes, as Stripe's test mode makes them: a paid payment disputed by the buyer's bank (the
 * test card 4000 0000 0000 0259 at Stripe; `sandbox.openDispute` here), answered through the
 * Disputes API with the real `stripe` SDK, and the signed charge.dispute.* events each step sends.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StripeSandbox } from '../src/index.js';
import {
  failure,
  sessionParams,
  startTestSandbox,
  startWebhookReceiver,
  verifiedEvents,
  type WebhookReceiver,
} from './support.js';

let sandbox: StripeSandbox;
let stripe: Stripe;
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  ({ sandbox, stripe } = await startTestSandbox({ webhookUrl: receiver.url }));
});
afterAll(async () => {
  await sandbox?.stop();
  await receiver?.close();
});
beforeEach(async () => {
  await sandbox.whenWebhooksIdle();
  sandbox.reset();
  receiver.received.length = 0;
  receiver.answerAfter(0);
});

async function paid(): Promise<{ paymentIntent: string; charge: string; amount: number }> {
  const session = await stripe.checkout.sessions.create(sessionParams());
  await sandbox.pay(session.id);
  const paymentIntent = (await stripe.checkout.sessions.retrieve(session.id))
    .payment_intent as string;
  const intent = await stripe.paymentIntents.retrieve(paymentIntent);
  receiver.received.length = 0;
  return { paymentIntent, charge: intent.latest_charge as string, amount: intent.amount };
}

function disputeEvents(): Array<{ type: string; status: string; id: string }> {
  return verifiedEvents(stripe, receiver).flatMap((event) =>
    event.type.startsWith('charge.dispute.')
      ? [
          {
            type: event.type,
            status: (event.data.object as Stripe.Dispute).status,
            id: (event.data.object as Stripe.Dispute).id,
          },
        ]
      : [],
  );
}

describe('disputes', () => {
  it('opens a needs_response dispute of the whole charge and sends created, then funds_withdrawn', async () => {
    const { paymentIntent, charge, amount } = await paid();
    const dispute = await sandbox.openDispute(paymentIntent);
    expect(dispute).toMatchObject({
      object: 'dispute',
      amount,
      currency: 'usd',
      charge,
      payment_intent: paymentIntent,
      reason: 'fraudulent',
      status: 'needs_response',
      is_charge_refundable: false,
      livemode: false,
      evidence_details: { has_evidence: false, past_due: false, submission_count: 0 },
    });
    expect(dispute.id).toMatch(/^dp_/);
    expect(dispute.evidence_details.due_by).toBeGreaterThan(dispute.created);
    expect(disputeEvents()).toEqual([
      { type: 'charge.dispute.created', status: 'needs_response', id: dispute.id },
      { type: 'charge.dispute.funds_withdrawn', status: 'needs_response', id: dispute.id },
    ]);
    expect(await stripe.disputes.retrieve(dispute.id)).toEqual(dispute);
    expect((await stripe.charges.retrieve(charge)).disputed).toBe(true);
    const listed = await stripe.disputes.list({ payment_intent: paymentIntent });
    expect(listed.data.map((d) => d.id)).toEqual([dispute.id]);

    // A second dispute of the same charge, or of an unknown payment, is refused.
    await expect(sandbox.openDispute(paymentIntent)).rejects.toThrow(/open dispute/);
    await expect(sandbox.openDispute('pi_unknown')).rejects.toThrow(/no succeeded charge/);
  });

  it('refuses to refund a charge while it is disputed, as Stripe does', async () => {
    const { paymentIntent } = await paid();
    await sandbox.openDispute(paymentIntent, { reason: 'product_not_received' });
    const error = await failure(stripe.refunds.create({ payment_intent: paymentIntent }));
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ code: 'charge_disputed' });
    expect((await stripe.refunds.list({ payment_intent: paymentIntent })).data).toEqual([]);
  });

  it('winning evidence wins it (updated, closed, funds_reinstated); closing accepts a loss', async () => {
    const first = await paid();
    const won = await sandbox.openDispute(first.paymentIntent);
    receiver.received.length = 0;
    const answered = await stripe.disputes.update(won.id, {
      evidence: { uncategorized_text: 'winning_evidence' },
      metadata: { orderId: 'order_1' },
    });
    expect(answered).toMatchObject({
      status: 'won',
      metadata: { orderId: 'order_1' },
      evidence: { uncategorized_text: 'winning_evidence' },
      evidence_details: { has_evidence: true, submission_count: 1 },
    });
    await sandbox.whenWebhooksIdle();
    expect(disputeEvents().map((e) => [e.type, e.status])).toEqual([
      ['charge.dispute.updated', 'won'],
      ['charge.dispute.closed', 'won'],
      ['charge.dispute.funds_reinstated', 'won'],
    ]);
    // A closed dispute cannot be answered or closed again.
    expect(await failure(stripe.disputes.close(won.id))).toBeInstanceOf(
      Stripe.errors.StripeInvalidRequestError,
    );

    const second = await paid();
    const lost = await sandbox.openDispute(second.paymentIntent);
    const review = await stripe.disputes.update(lost.id, {
      evidence: { product_description: 'Two gallons of syrup' },
    });
    expect(review.status).toBe('under_review');
    await sandbox.whenWebhooksIdle();
    receiver.received.length = 0;
    expect((await stripe.disputes.close(lost.id)).status).toBe('lost');
    await sandbox.whenWebhooksIdle();
    expect(disputeEvents().map((e) => [e.type, e.status])).toEqual([
      ['charge.dispute.closed', 'lost'],
    ]);
  });

  it('refuses unknown disputes and parameters, changing nothing', async () => {
    const { paymentIntent } = await paid();
    const dispute = await sandbox.openDispute(paymentIntent);
    expect(await failure(stripe.disputes.retrieve('dp_unknown'))).toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });
    expect(
      await failure(stripe.disputes.update(dispute.id, { evidence: { shipping_carrier: 'UPS' } })),
    ).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect((await stripe.disputes.retrieve(dispute.id)).status).toBe('needs_response');
  });
});

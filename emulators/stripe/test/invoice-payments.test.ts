/**
 * Invoice payments: every paid subscription invoice (the first, a renewal, `invoices.pay`) has a
 * paid invoice payment with a payment intent and a charge, refundable as a Checkout payment is,
 * with the same signed events; `expand[]=payments`, the invoice payments API and its refusals.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StripeSandbox } from '../src/index.js';
import { CLOCK_START, subscribe, WEEK, weeklyPrice } from './billing-support.js';
import {
  startTestSandbox,
  startWebhookReceiver,
  deliveredEvents,
  failure,
  forgetEvents,
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

const events = () => deliveredEvents(sandbox, stripe, receiver);

const clearEvents = () => forgetEvents(sandbox, receiver);

/** 2 × a biweekly $18.50 price ($37.00 a period), on a clock at CLOCK_START when asked. */
async function subscribed(options: { clock?: boolean } = {}) {
  const clock = options.clock
    ? await stripe.testHelpers.testClocks.create({ frozen_time: CLOCK_START })
    : undefined;
  const price = await weeklyPrice(stripe, 'House blend, 1 kg', 1850);
  const result = await subscribe(stripe, sandbox, [{ price: price.id, quantity: 2 }], {
    ...(clock ? { clock: clock.id } : {}),
  });
  await clearEvents();
  return { clock, ...result };
}

/** The invoice's one payment and its payment intent id. */
async function onlyPayment(invoiceId: string) {
  const list = await stripe.invoicePayments.list({ invoice: invoiceId });
  expect(list.data).toHaveLength(1);
  const payment = list.data[0] as Stripe.InvoicePayment;
  return { payment, paymentIntent: payment.payment.payment_intent as string };
}

const AMOUNT = 3700;

describe('invoice payments', () => {
  it('pays the first invoice with a payment intent and its charge, listed as its invoice payment', async () => {
    const { customer, subscription, invoice } = await subscribed();
    // `payments` is includable: absent unless expanded.
    expect('payments' in invoice).toBe(false);
    const expanded = await stripe.invoices.retrieve(invoice.id, { expand: ['payments'] });
    expect(expanded.payments).toMatchObject({ object: 'list', has_more: false });
    expect(expanded.payments?.data).toHaveLength(1);
    const payment = expanded.payments?.data[0] as Stripe.InvoicePayment;
    expect(payment).toEqual({
      id: expect.stringMatching(/^inpay_/) as string,
      object: 'invoice_payment',
      amount_paid: AMOUNT,
      amount_requested: AMOUNT,
      created: invoice.created,
      currency: 'usd',
      invoice: invoice.id,
      is_default: true,
      livemode: false,
      payment: { type: 'payment_intent', payment_intent: expect.stringMatching(/^pi_/) as string },
      status: 'paid',
      status_transitions: { canceled_at: null, paid_at: invoice.status_transitions.paid_at },
    });
    expect((await stripe.invoicePayments.list({ invoice: invoice.id })).data).toEqual([payment]);
    expect(await stripe.invoicePayments.retrieve(payment.id)).toMatchObject(payment);

    const paymentIntentId = payment.payment.payment_intent as string;
    const paymentIntent = await stripe.paymentIntents.retrieve(paymentIntentId);
    expect(paymentIntent).toMatchObject({
      object: 'payment_intent',
      status: 'succeeded',
      amount: AMOUNT,
      amount_received: AMOUNT,
      currency: 'usd',
      customer: customer.id,
      payment_method: subscription.default_payment_method,
      description: 'Subscription creation',
      metadata: {},
    });
    expect(paymentIntent.latest_charge).toMatch(/^ch_/);
    const charge = await stripe.charges.retrieve(paymentIntent.latest_charge as string);
    expect(charge).toMatchObject({
      amount: AMOUNT,
      amount_captured: AMOUNT,
      amount_refunded: 0,
      refunded: false,
      paid: true,
      status: 'succeeded',
      currency: 'usd',
      customer: customer.id,
      payment_intent: paymentIntentId,
      payment_method: subscription.default_payment_method,
      billing_details: { email: 'ada@example.com', name: 'Ada Baker' },
    });

    // Filters, expansions, and invoices listed with their payments.
    const byIntent = await stripe.invoicePayments.list({
      payment: { type: 'payment_intent', payment_intent: paymentIntentId },
    });
    expect(byIntent.data.map((p) => p.id)).toEqual([payment.id]);
    expect((await stripe.invoicePayments.list({ status: 'open' })).data).toEqual([]);
    expect(
      (await stripe.invoicePayments.list({ payment: { type: 'payment_record' } })).data,
    ).toEqual([]);
    const full = await stripe.invoicePayments.retrieve(payment.id, {
      expand: ['invoice', 'payment.payment_intent'],
    });
    expect(full.invoice).toMatchObject({ id: invoice.id, object: 'invoice' });
    expect(full.payment.payment_intent).toMatchObject({ id: paymentIntentId, status: 'succeeded' });
    const listed = await stripe.invoicePayments.list({
      invoice: invoice.id,
      expand: ['data.payment.payment_intent'],
    });
    expect(listed.data[0]?.payment.payment_intent).toMatchObject({ id: paymentIntentId });
    const invoices = await stripe.invoices.list({
      subscription: subscription.id,
      expand: ['data.payments'],
    });
    expect(invoices.data[0]?.payments?.data.map((p) => p.id)).toEqual([payment.id]);
    expect('payments' in ((await stripe.invoices.list()).data[0] as object)).toBe(false);
    // The session in subscription mode still has no payment intent of its own, as at Stripe.
    expect((await stripe.checkout.sessions.list()).data[0]?.payment_intent).toBeNull();
  });

  it('refunds a subscription payment in part, then the rest, refusing more, with the refund events signed', async () => {
    const { invoice } = await subscribed();
    const { payment, paymentIntent } = await onlyPayment(invoice.id);
    const charge = (await stripe.paymentIntents.retrieve(paymentIntent)).latest_charge as string;

    const part = await stripe.refunds.create({ payment_intent: paymentIntent, amount: 1000 });
    expect(part).toMatchObject({
      object: 'refund',
      amount: 1000,
      charge,
      payment_intent: paymentIntent,
      status: 'succeeded',
    });
    const over = await failure(
      stripe.refunds.create({ payment_intent: paymentIntent, amount: 2701 }),
    );
    expect(over).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(over).toMatchObject({
      statusCode: 400,
      param: 'amount',
      message: 'Refund amount ($27.01) is greater than unrefunded amount on charge ($27.00)',
    });
    await expect(
      stripe.refunds.create({ payment_intent: paymentIntent, amount: 0 }),
    ).rejects.toMatchObject({ type: 'StripeInvalidRequestError', param: 'amount' });
    const rest = await stripe.refunds.create({ payment_intent: paymentIntent });
    expect(rest.amount).toBe(2700);
    await expect(stripe.refunds.create({ payment_intent: paymentIntent })).rejects.toMatchObject({
      statusCode: 400,
      code: 'charge_already_refunded',
      message: `Charge ${charge} has already been refunded.`,
    });

    const received = await events();
    expect(received.map((e) => e.type)).toEqual([
      'refund.created',
      'charge.refunded',
      'refund.created',
      'charge.refunded',
    ]);
    expect(received[0]?.data.object).toEqual(part);
    expect(received[2]?.data.object).toEqual(rest);
    expect(received[1]?.data.object).toMatchObject({
      id: charge,
      payment_intent: paymentIntent,
      amount_refunded: 1000,
      refunded: false,
    });
    expect(received[3]?.data.object).toMatchObject({ amount_refunded: AMOUNT, refunded: true });
    expect(
      sandbox
        .deliveries()
        .slice(-4)
        .map((d) => [d.type, d.ok]),
    ).toEqual([
      ['refund.created', true],
      ['charge.refunded', true],
      ['refund.created', true],
      ['charge.refunded', true],
    ]);
    expect((await stripe.refunds.list({ payment_intent: paymentIntent })).data).toEqual([
      rest,
      part,
    ]);
    // A refund leaves the invoice and its payment paid, as at Stripe.
    expect(await stripe.invoices.retrieve(invoice.id)).toMatchObject({
      status: 'paid',
      amount_paid: AMOUNT,
    });
    expect(await stripe.invoicePayments.retrieve(payment.id)).toMatchObject({ status: 'paid' });
  });

  it('pays a renewal with a payment intent of its own, at the clock’s time, refundable', async () => {
    const { clock, subscription, invoice } = await subscribed({ clock: true });
    const first = await onlyPayment(invoice.id);
    await sandbox.advanceClock(clock?.id as string, CLOCK_START + 2 * WEEK);
    const renewal = (await stripe.invoices.list({ subscription: subscription.id })).data[0];
    expect(renewal).toMatchObject({ billing_reason: 'subscription_cycle', status: 'paid' });
    const { payment, paymentIntent } = await onlyPayment(renewal?.id as string);
    expect(paymentIntent).not.toBe(first.paymentIntent);
    expect(payment).toMatchObject({
      status: 'paid',
      amount_paid: AMOUNT,
      amount_requested: AMOUNT,
      created: CLOCK_START + 2 * WEEK,
      status_transitions: { paid_at: CLOCK_START + 2 * WEEK },
    });
    const intent = await stripe.paymentIntents.retrieve(paymentIntent);
    expect(intent).toMatchObject({
      status: 'succeeded',
      amount: AMOUNT,
      created: CLOCK_START + 2 * WEEK,
      description: 'Subscription update',
      payment_method: subscription.default_payment_method,
    });
    expect(await stripe.charges.retrieve(intent.latest_charge as string)).toMatchObject({
      amount: AMOUNT,
      created: CLOCK_START + 2 * WEEK,
    });
    // The renewal's events carry the invoice as before, without its payments.
    const paid = (await events()).find(
      (e): e is Stripe.InvoicePaidEvent => e.type === 'invoice.paid',
    );
    expect(paid?.data.object).toMatchObject({ id: renewal?.id, status: 'paid' });
    expect('payments' in (paid?.data.object as object)).toBe(false);

    await clearEvents();
    const refund = await stripe.refunds.create({ payment_intent: paymentIntent });
    expect(refund).toMatchObject({ amount: AMOUNT, payment_intent: paymentIntent });
    expect((await events()).map((e) => e.type)).toEqual(['refund.created', 'charge.refunded']);
    // The first invoice's charge is untouched.
    const firstCharge = (await stripe.paymentIntents.retrieve(first.paymentIntent)).latest_charge;
    expect((await stripe.charges.retrieve(firstCharge as string)).amount_refunded).toBe(0);
  });

  it('leaves a declined renewal’s payment open; invoices.pay pays it with the same payment intent', async () => {
    const { clock, subscription } = await subscribed({ clock: true });
    await stripe.subscriptions.update(subscription.id, {
      default_payment_method: 'pm_card_chargeCustomerFail',
    });
    await sandbox.advanceClock(clock?.id as string, CLOCK_START + 2 * WEEK);
    const declined = (await stripe.invoices.list({ status: 'open' })).data[0] as Stripe.Invoice;
    const { payment, paymentIntent } = await onlyPayment(declined.id);
    expect(payment).toMatchObject({
      status: 'open',
      amount_paid: null,
      amount_requested: AMOUNT,
      status_transitions: { paid_at: null },
    });
    expect(await stripe.paymentIntents.retrieve(paymentIntent)).toMatchObject({
      status: 'requires_payment_method',
      amount_received: 0,
      latest_charge: null,
      last_payment_error: { type: 'card_error', code: 'card_declined' },
    });
    await expect(stripe.refunds.create({ payment_intent: paymentIntent })).rejects.toMatchObject({
      statusCode: 400,
      param: 'payment_intent',
      message: `This PaymentIntent (${paymentIntent}) does not have a successful charge to refund.`,
    });
    await expect(stripe.invoices.pay(declined.id)).rejects.toBeInstanceOf(
      Stripe.errors.StripeCardError,
    );

    await stripe.subscriptions.update(subscription.id, { default_payment_method: 'pm_card_visa' });
    const paid = await stripe.invoices.pay(declined.id, { expand: ['payments'] });
    expect(paid.status).toBe('paid');
    expect(paid.payments?.data).toHaveLength(1);
    expect(paid.payments?.data[0]).toMatchObject({
      id: payment.id,
      status: 'paid',
      amount_paid: AMOUNT,
      payment: { type: 'payment_intent', payment_intent: paymentIntent },
      status_transitions: { paid_at: CLOCK_START + 2 * WEEK },
    });
    expect(await stripe.paymentIntents.retrieve(paymentIntent)).toMatchObject({
      status: 'succeeded',
      amount_received: AMOUNT,
      payment_method: 'pm_card_visa',
      last_payment_error: null,
    });
    await clearEvents();
    await stripe.refunds.create({ payment_intent: paymentIntent, amount: 500 });
    expect((await events()).map((e) => e.type)).toEqual(['refund.created', 'charge.refunded']);
  });

  it('makes no payment for an invoice with nothing due', async () => {
    const free = await weeklyPrice(stripe, 'Free sample', 0);
    const { invoice } = await subscribe(stripe, sandbox, [{ price: free.id, quantity: 1 }]);
    expect(invoice).toMatchObject({ status: 'paid', amount_paid: 0 });
    expect((await stripe.invoicePayments.list({ invoice: invoice.id })).data).toEqual([]);
  });

  it('refuses unknown invoices and invoice payments and bad parameters; reset and clock deletion forget them', async () => {
    const { clock, invoice } = await subscribed({ clock: true });
    const { payment, paymentIntent } = await onlyPayment(invoice.id);

    const unknownInvoice = await failure(stripe.invoicePayments.list({ invoice: 'in_missing' }));
    expect(unknownInvoice).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(unknownInvoice).toMatchObject({
      statusCode: 400,
      code: 'resource_missing',
      param: 'invoice',
      message: "No such invoice: 'in_missing'",
    });
    const unknownPayment = await failure(stripe.invoicePayments.retrieve('inpay_missing'));
    expect(unknownPayment).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(unknownPayment).toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      param: 'invoice_payment',
      message: "No such invoice_payment: 'inpay_missing'",
    });
    await expect(
      stripe.invoices.retrieve('in_missing', { expand: ['payments'] }),
    ).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });
    await expect(
      stripe.invoicePayments.list({ status: 'settled' as Stripe.InvoicePaymentListParams.Status }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'status' });
    await expect(
      stripe.invoicePayments.list({
        payment: { payment_intent: paymentIntent } as Stripe.InvoicePaymentListParams.Payment,
      }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'payment[type]', code: 'parameter_missing' });
    await expect(
      stripe.invoicePayments.list({ created: 1 } as Stripe.InvoicePaymentListParams),
    ).rejects.toMatchObject({ statusCode: 400, param: 'created', code: 'parameter_unknown' });
    await expect(
      stripe.invoices.retrieve(invoice.id, { expand: ['charge'] }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'expand' });
    await expect(
      stripe.invoicePayments.retrieve(payment.id, { expand: ['payments'] }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'expand' });
    await expect(
      stripe.invoicePayments.list({ starting_after: 'inpay_missing' }),
    ).rejects.toMatchObject({ statusCode: 404, param: 'starting_after' });

    // Deleting the clock takes the invoice and its payment with it.
    await stripe.testHelpers.testClocks.del(clock?.id as string);
    await expect(stripe.invoicePayments.retrieve(payment.id)).rejects.toMatchObject({
      statusCode: 404,
    });
    expect((await stripe.invoicePayments.list()).data).toEqual([]);

    const other = await subscribed();
    const otherPayment = await onlyPayment(other.invoice.id);
    sandbox.reset();
    await expect(stripe.invoicePayments.retrieve(otherPayment.payment.id)).rejects.toMatchObject({
      statusCode: 404,
    });
    await expect(stripe.paymentIntents.retrieve(otherPayment.paymentIntent)).rejects.toMatchObject({
      statusCode: 404,
    });
  });
});

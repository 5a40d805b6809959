/**
 * Customer balances: manual balance transactions, the balance applied to the next invoice as it
 * is finalized (one-off and subscription invoices), given back when an invoice is voided, and the
 * refusals of each.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StripeSandbox } from '../src/index.js';
import { CLOCK_START, DAY, subscribe, weeklyPrice } from './billing-support.js';
import {
  deliveredEvents,
  failure,
  startTestSandbox,
  startWebhookReceiver,
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
});

const buyer = (options: { clock?: string } = {}) =>
  stripe.customers.create({
    email: 'orders@acme.example',
    name: 'Acme Bakeries',
    ...(options.clock ? { test_clock: options.clock } : {}),
  });

/** A finalized-ready send_invoice draft of one $40.00 line (or `amount`). */
async function draftInvoice(customer: string, amount = 4000): Promise<Stripe.Invoice> {
  const invoice = await stripe.invoices.create({
    customer,
    collection_method: 'send_invoice',
    days_until_due: 30,
  });
  await stripe.invoiceItems.create({
    customer,
    invoice: invoice.id,
    amount,
    currency: 'usd',
    description: 'Maple syrup, 4 jugs',
  });
  return invoice;
}

describe('balance transactions', () => {
  it('records adjustments, moves the balance and lists them newest first', async () => {
    const customer = await buyer();
    expect(customer.balance).toBe(0);
    const credit = await stripe.customers.createBalanceTransaction(customer.id, {
      amount: -2500,
      currency: 'usd',
      description: 'Store credit for claim cl_1',
      metadata: { claimId: 'cl_1' },
    });
    expect(credit).toMatchObject({
      object: 'customer_balance_transaction',
      amount: -2500,
      currency: 'usd',
      customer: customer.id,
      type: 'adjustment',
      ending_balance: -2500,
      invoice: null,
      credit_note: null,
      description: 'Store credit for claim cl_1',
      metadata: { claimId: 'cl_1' },
    });
    expect(credit.id).toMatch(/^cbtxn_/);
    const debit = await stripe.customers.createBalanceTransaction(customer.id, {
      amount: 500,
      currency: 'usd',
    });
    expect(debit.ending_balance).toBe(-2000);
    expect((await stripe.customers.retrieve(customer.id)) as Stripe.Customer).toMatchObject({
      balance: -2000,
    });

    const list = await stripe.customers.listBalanceTransactions(customer.id);
    expect(list.data.map((entry) => entry.id)).toEqual([debit.id, credit.id]);
    const page = await stripe.customers.listBalanceTransactions(customer.id, {
      limit: 1,
      starting_after: debit.id,
    });
    expect(page.data.map((entry) => entry.id)).toEqual([credit.id]);

    const retrieved = await stripe.customers.retrieveBalanceTransaction(customer.id, credit.id);
    expect(retrieved.amount).toBe(-2500);
    const updated = await stripe.customers.updateBalanceTransaction(customer.id, credit.id, {
      description: 'Store credit (claim cl_1, 2 jugs)',
      metadata: { settledBy: 'manager_1' },
    });
    expect(updated.description).toBe('Store credit (claim cl_1, 2 jugs)');
    expect(updated.metadata).toEqual({ claimId: 'cl_1', settledBy: 'manager_1' });
    expect(updated.amount).toBe(-2500);
  });

  it('dates transactions by the customer test clock', async () => {
    const clock = await stripe.testHelpers.testClocks.create({ frozen_time: CLOCK_START });
    const customer = await buyer({ clock: clock.id });
    const credit = await stripe.customers.createBalanceTransaction(customer.id, {
      amount: -100,
      currency: 'usd',
    });
    expect(credit.created).toBe(CLOCK_START);
  });

  it('replays a request with the same Idempotency-Key instead of crediting twice', async () => {
    const customer = await buyer();
    const params = { amount: -1500, currency: 'usd' };
    const first = await stripe.customers.createBalanceTransaction(customer.id, params, {
      idempotencyKey: 'credit-claim-7',
    });
    const second = await stripe.customers.createBalanceTransaction(customer.id, params, {
      idempotencyKey: 'credit-claim-7',
    });
    expect(second.id).toBe(first.id);
    expect(((await stripe.customers.retrieve(customer.id)) as Stripe.Customer).balance).toBe(-1500);
  });

  it('refuses bad input with a clear error and records nothing', async () => {
    const customer = await buyer();
    const cases: Array<[Stripe.CustomerCreateBalanceTransactionParams, string, RegExp]> = [
      [{ amount: 0, currency: 'usd' }, 'amount', /must not be 0/],
      [{ amount: -100, currency: 'eur' }, 'currency', /usd only/],
      [{ currency: 'usd' } as Stripe.CustomerCreateBalanceTransactionParams, 'amount', /Missing/],
      [{ amount: -100, currency: 'usd', type: 'adjustment' } as never, 'type', /unknown parameter/],
    ];
    for (const [params, param, message] of cases) {
      const error = await failure(stripe.customers.createBalanceTransaction(customer.id, params));
      expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect((error as Stripe.errors.StripeError).param).toBe(param);
      expect((error as Stripe.errors.StripeError).message).toMatch(message);
    }
    const missing = await failure(
      stripe.customers.createBalanceTransaction('cus_nope', { amount: -1, currency: 'usd' }),
    );
    expect((missing as Stripe.errors.StripeError).statusCode).toBe(404);
    const unknownTxn = await failure(
      stripe.customers.retrieveBalanceTransaction(customer.id, 'cbtxn_nope'),
    );
    expect((unknownTxn as Stripe.errors.StripeError).code).toBe('resource_missing');
    expect((await stripe.customers.listBalanceTransactions(customer.id)).data).toEqual([]);
    expect(((await stripe.customers.retrieve(customer.id)) as Stripe.Customer).balance).toBe(0);
  });
});

describe('the balance applied to invoices', () => {
  it('takes a credit off the next invoice finalized until the balance reaches zero', async () => {
    const customer = await buyer();
    await stripe.customers.createBalanceTransaction(customer.id, {
      amount: -2500,
      currency: 'usd',
    });
    const first = await stripe.invoices.finalizeInvoice((await draftInvoice(customer.id)).id);
    const page = await (await fetch(String(first.hosted_invoice_url))).text();
    expect(page).toMatch(/Applied balance<\/th><td class="num">-\$25\.00/);
    expect(page).toMatch(/data-testid="amount-due">\$15\.00/);
    expect(first).toMatchObject({
      status: 'open',
      total: 4000,
      starting_balance: -2500,
      ending_balance: 0,
      amount_due: 1500,
      amount_remaining: 1500,
    });
    const applied = await stripe.customers.listBalanceTransactions(customer.id);
    expect(applied.data[0]).toMatchObject({
      type: 'applied_to_invoice',
      invoice: first.id,
      amount: 2500,
      ending_balance: 0,
    });
    expect(((await stripe.customers.retrieve(customer.id)) as Stripe.Customer).balance).toBe(0);
    // Nothing left for the next one.
    const second = await stripe.invoices.finalizeInvoice((await draftInvoice(customer.id)).id);
    expect(second).toMatchObject({ starting_balance: 0, ending_balance: 0, amount_due: 4000 });
  });

  it('pays an invoice the credit covers in full on finalization, with nothing charged', async () => {
    const customer = await buyer();
    await stripe.customers.createBalanceTransaction(customer.id, {
      amount: -5000,
      currency: 'usd',
    });
    const invoice = await stripe.invoices.finalizeInvoice((await draftInvoice(customer.id)).id, {
      expand: ['payments'],
    });
    expect(invoice).toMatchObject({
      status: 'paid',
      total: 4000,
      amount_due: 0,
      amount_paid: 0,
      amount_remaining: 0,
      starting_balance: -5000,
      ending_balance: -1000,
    });
    expect(invoice.payments?.data).toEqual([]);
    expect(((await stripe.customers.retrieve(customer.id)) as Stripe.Customer).balance).toBe(-1000);
    const types = (await deliveredEvents(sandbox, stripe, receiver)).map((event) => event.type);
    expect(types).toEqual(['invoice.created', 'invoice.finalized', 'invoice.paid']);
  });

  it('adds a debt (positive balance) to what is due', async () => {
    const customer = await buyer();
    await stripe.customers.createBalanceTransaction(customer.id, { amount: 700, currency: 'usd' });
    const invoice = await stripe.invoices.finalizeInvoice((await draftInvoice(customer.id)).id);
    expect(invoice).toMatchObject({
      total: 4000,
      amount_due: 4700,
      starting_balance: 700,
      ending_balance: 0,
    });
    const paid = await stripe.invoices.pay(invoice.id, { paid_out_of_band: true });
    expect(paid.amount_paid).toBe(4700);
  });

  it('gives the credit back when the invoice is voided', async () => {
    const customer = await buyer();
    await stripe.customers.createBalanceTransaction(customer.id, {
      amount: -1000,
      currency: 'usd',
    });
    const invoice = await stripe.invoices.finalizeInvoice((await draftInvoice(customer.id)).id);
    expect(invoice.amount_due).toBe(3000);
    await stripe.invoices.voidInvoice(invoice.id);
    expect(((await stripe.customers.retrieve(customer.id)) as Stripe.Customer).balance).toBe(-1000);
    const [returned] = (await stripe.customers.listBalanceTransactions(customer.id)).data;
    expect(returned).toMatchObject({
      type: 'unapplied_from_invoice',
      amount: -1000,
      invoice: invoice.id,
      ending_balance: -1000,
    });
  });

  it('applies the credit to a subscription renewal, charging only the rest', async () => {
    const clock = await stripe.testHelpers.testClocks.create({ frozen_time: CLOCK_START });
    const price = await weeklyPrice(stripe, 'House blend', 1850);
    const { customer, subscription } = await subscribe(
      stripe,
      sandbox,
      [{ price: price.id, quantity: 2 }],
      { clock: clock.id },
    );
    await stripe.customers.createBalanceTransaction(customer.id, {
      amount: -1000,
      currency: 'usd',
    });
    await sandbox.advanceClock(clock.id, CLOCK_START + 15 * DAY);
    const renewal = await stripe.invoices.retrieve(
      String((await stripe.subscriptions.retrieve(subscription.id)).latest_invoice),
      { expand: ['payments'] },
    );
    expect(renewal).toMatchObject({
      billing_reason: 'subscription_cycle',
      status: 'paid',
      total: 3700,
      starting_balance: -1000,
      ending_balance: 0,
      amount_due: 2700,
      amount_paid: 2700,
    });
    const paymentIntent = await stripe.paymentIntents.retrieve(
      String(renewal.payments?.data[0]?.payment.payment_intent),
    );
    expect(paymentIntent.amount).toBe(2700);
  });
});

/**
 * Automatic tax on invoices: one-off invoices taxed at finalization (totals, `total_taxes`, each
 * line's `taxes`, the hosted page and the PDF, the payment), and every invoice of a subscription
 * started by a taxed Checkout Session, renewals on a test clock following the customer's
 * `tax_exempt` of the day.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StripeSandbox } from '../src/index.js';
import { CLOCK_START, WEEK, weeklyPrice } from './billing-support.js';
import { failure, startTestSandbox } from './support.js';

let sandbox: StripeSandbox;
let stripe: Stripe;

beforeAll(async () => {
  ({ sandbox, stripe } = await startTestSandbox());
});
afterAll(async () => {
  await sandbox?.stop();
});
beforeEach(async () => {
  await sandbox.whenWebhooksIdle();
  sandbox.reset();
});

const TEXAS = {
  name: 'Austin Bakes',
  address: {
    line1: '5 Congress Ave',
    city: 'Austin',
    state: 'TX',
    postal_code: '78701',
    country: 'US',
  },
};
const NEW_YORK = {
  line1: '9 Broadway',
  city: 'New York',
  state: 'NY',
  postal_code: '10004',
  country: 'US',
};

/** A taxed send_invoice invoice of two lines ($37.50 and $49.99) for a new customer. */
async function taxedInvoice(
  customer: Partial<Stripe.CustomerCreateParams>,
): Promise<{ customer: Stripe.Customer; invoice: Stripe.Invoice }> {
  const created = await stripe.customers.create({
    name: 'Austin Bakes',
    email: 'ap@austin.example',
    ...customer,
  });
  const invoice = await stripe.invoices.create({
    customer: created.id,
    collection_method: 'send_invoice',
    days_until_due: 30,
    automatic_tax: { enabled: true },
  });
  await stripe.invoiceItems.create({
    customer: created.id,
    invoice: invoice.id,
    quantity: 3,
    unit_amount_decimal: Stripe.Decimal.from('1250'),
    description: 'Blue Glaze Mug',
  });
  await stripe.invoiceItems.create({
    customer: created.id,
    invoice: invoice.id,
    amount: 4999,
    description: 'Teapot',
  });
  return { customer: created, invoice: await stripe.invoices.retrieve(invoice.id) };
}

const cell = (html: string, id: string) =>
  new RegExp(`data-testid="${id}">([^<]*)<`).exec(html)?.[1];

describe('one-off invoice tax', () => {
  it('is computed at finalization from the customer’s ship-to', async () => {
    const { invoice: draft } = await taxedInvoice({ shipping: TEXAS, address: NEW_YORK });
    expect(draft).toMatchObject({
      status: 'draft',
      total: 8749,
      automatic_tax: {
        enabled: true,
        liability: { type: 'self' },
        provider: 'stripe',
        status: null,
      },
    });
    const invoice = await stripe.invoices.finalizeInvoice(draft.id);
    // TX 6.25%: 234.375 → $2.34; 312.4375 → $3.12.
    expect(invoice).toMatchObject({
      status: 'open',
      subtotal: 8749,
      subtotal_excluding_tax: 8749,
      total_excluding_tax: 8749,
      total: 8749 + 546,
      amount_due: 9295,
      amount_remaining: 9295,
      customer_tax_exempt: 'none',
      automatic_tax: { enabled: true, status: 'complete', disabled_reason: null },
    });
    expect(invoice.total_taxes).toHaveLength(1);
    const [total] = invoice.total_taxes!;
    expect(total).toMatchObject({
      amount: 546,
      tax_behavior: 'exclusive',
      taxability_reason: 'standard_rated',
      taxable_amount: 8749,
      type: 'tax_rate_details',
    });
    const lines = await stripe.invoices.listLineItems(invoice.id);
    expect(lines.data.map((line) => line.taxes)).toEqual([
      [
        {
          amount: 234,
          tax_behavior: 'exclusive',
          tax_rate_details: { tax_rate: total!.tax_rate_details!.tax_rate },
          taxability_reason: 'standard_rated',
          taxable_amount: 3750,
          type: 'tax_rate_details',
        },
      ],
      [expect.objectContaining({ amount: 312, taxable_amount: 4999 })],
    ]);
    const rate = await stripe.taxRates.retrieve(total!.tax_rate_details!.tax_rate);
    expect(rate).toMatchObject({
      object: 'tax_rate',
      state: 'TX',
      percentage: 6.25,
      inclusive: false,
    });

    const page = await (await fetch(invoice.hosted_invoice_url!)).text();
    expect(cell(page, 'subtotal')).toBe('$87.49');
    expect(page).toContain('<th scope="row" colspan="3">Tax (TX, 6.25%)</th>');
    expect(cell(page, 'tax')).toBe('$5.46');
    expect(cell(page, 'total')).toBe('$92.95');
    expect(page).toContain('Pay $92.95');
    const pdf = Buffer.from(await (await fetch(invoice.invoice_pdf!)).arrayBuffer()).toString(
      'latin1',
    );
    expect(pdf).toContain('(Subtotal: $87.49)');
    expect(pdf).toContain('(Tax \\(TX, 6.25%\\): $5.46)');
    expect(pdf).toContain('(Total: $92.95)');

    await sandbox.payInvoice(invoice.id, { method: 'card' });
    const paid = await stripe.invoices.retrieve(invoice.id);
    expect(paid).toMatchObject({ status: 'paid', amount_paid: 9295, amount_remaining: 0 });
    const payments = await stripe.invoicePayments.list({
      invoice: invoice.id,
      expand: ['data.payment.payment_intent'],
    });
    expect(payments.data[0]?.payment.payment_intent).toMatchObject({
      amount: 9295,
      status: 'succeeded',
    });
  });

  it('uses the address without a ship-to, and snapshots an exempt customer at finalization', async () => {
    const { customer, invoice: draft } = await taxedInvoice({
      address: NEW_YORK,
      tax_exempt: 'exempt',
    });
    const invoice = await stripe.invoices.finalizeInvoice(draft.id);
    expect(invoice).toMatchObject({
      total: 8749,
      amount_due: 8749,
      customer_tax_exempt: 'exempt',
      automatic_tax: { status: 'complete' },
      total_taxes: [
        expect.objectContaining({
          amount: 0,
          taxable_amount: 0,
          taxability_reason: 'customer_exempt',
        }),
      ],
    });
    await stripe.customers.update(customer.id, { tax_exempt: 'none' });
    expect((await stripe.invoices.retrieve(invoice.id)).customer_tax_exempt).toBe('exempt');
    const page = await (await fetch(invoice.hosted_invoice_url!)).text();
    expect(page).toContain('<th scope="row" colspan="3">Tax (NY)</th>');
    expect(cell(page, 'tax')).toBe('Exempt');
    const pdf = Buffer.from(await (await fetch(invoice.invoice_pdf!)).arrayBuffer()).toString(
      'latin1',
    );
    expect(pdf).toContain('(Tax \\(NY\\): Exempt)');
  });

  it('is taxed at the invoice’s own shipping_details over the customer’s ship-to', async () => {
    const created = await stripe.customers.create({ name: 'Austin Bakes', shipping: TEXAS });
    const invoice = await stripe.invoices.create({
      customer: created.id,
      collection_method: 'send_invoice',
      days_until_due: 30,
      automatic_tax: { enabled: true },
      shipping_details: { name: 'Bakes NYC', address: NEW_YORK },
    });
    expect(invoice.shipping_details?.address?.state).toBe('NY');
    await stripe.invoiceItems.create({
      customer: created.id,
      invoice: invoice.id,
      amount: 10_000,
      description: 'Teapots',
    });
    const finalized = await stripe.invoices.finalizeInvoice(invoice.id);
    // New York's 4%, not Texas's 6.25%.
    expect(finalized.total).toBe(10_400);
    expect(finalized.total_taxes?.[0]?.amount).toBe(400);
  });

  it('refuses to finalize for a customer it cannot locate, leaving the draft', async () => {
    const { invoice } = await taxedInvoice({});
    const error = await failure(stripe.invoices.finalizeInvoice(invoice.id));
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ statusCode: 400, code: 'customer_tax_location_invalid' });
    expect(await stripe.invoices.retrieve(invoice.id)).toMatchObject({
      status: 'draft',
      total: 8749,
      automatic_tax: { status: 'requires_location_inputs' },
    });
    await expect(
      stripe.invoices.create({
        customer: invoice.customer as string,
        automatic_tax: { enabled: true, rate: 1 } as Stripe.InvoiceCreateParams.AutomaticTax,
      }),
    ).rejects.toMatchObject({ code: 'parameter_unknown', param: 'automatic_tax[rate]' });
  });

  it('changes nothing without automatic_tax', async () => {
    const customer = await stripe.customers.create({ shipping: TEXAS });
    const draft = await stripe.invoices.create({
      customer: customer.id,
      collection_method: 'send_invoice',
      days_until_due: 30,
    });
    await stripe.invoiceItems.create({ customer: customer.id, invoice: draft.id, amount: 4999 });
    const invoice = await stripe.invoices.finalizeInvoice(draft.id);
    expect(invoice).toMatchObject({
      total: 4999,
      total_taxes: [],
      automatic_tax: { enabled: false },
    });
    const page = await (await fetch(invoice.hosted_invoice_url!)).text();
    expect(page).not.toContain('data-testid="tax"');
  });
});

describe('subscription tax', () => {
  it('taxes the first invoice and each renewal, following the customer’s tax_exempt of the day', async () => {
    const clock = await stripe.testHelpers.testClocks.create({ frozen_time: CLOCK_START });
    const price = await weeklyPrice(stripe, 'House blend', 1850);
    const customer = await stripe.customers.create({
      email: 'ada@example.com',
      test_clock: clock.id,
      tax_exempt: 'exempt',
    });
    const created = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      customer_update: { shipping: 'auto' },
      line_items: [{ price: price.id, quantity: 2 }],
      shipping_address_collection: { allowed_countries: ['US'] },
      automatic_tax: { enabled: true },
      success_url: 'http://localhost:5173/standing-orders',
    });
    expect(created.automatic_tax.status).toBe('requires_location_inputs');
    await sandbox.pay(created.id, { shipping: TEXAS });
    const session = await stripe.checkout.sessions.retrieve(created.id);
    expect(session).toMatchObject({ amount_total: 3700, total_details: { amount_tax: 0 } });
    const subscription = await stripe.subscriptions.retrieve(session.subscription as string);
    expect(subscription.automatic_tax).toEqual({
      disabled_reason: null,
      enabled: true,
      liability: { type: 'self' },
    });
    const first = await stripe.invoices.retrieve(session.invoice as string);
    expect(first).toMatchObject({
      total: 3700,
      amount_paid: 3700,
      customer_tax_exempt: 'exempt',
      automatic_tax: { enabled: true, status: 'complete' },
      total_taxes: [expect.objectContaining({ taxability_reason: 'customer_exempt', amount: 0 })],
    });

    // The certificate lapses: the next renewal is taxed in Texas (2 × $18.50 at 6.25% = $2.31).
    await stripe.customers.update(customer.id, { tax_exempt: 'none' });
    await sandbox.advanceClock(clock.id, CLOCK_START + 2 * WEEK + 60);
    const renewal = await stripe.invoices.retrieve(
      (await stripe.subscriptions.retrieve(subscription.id)).latest_invoice as string,
    );
    expect(renewal).toMatchObject({
      billing_reason: 'subscription_cycle',
      status: 'paid',
      subtotal: 3700,
      total: 3931,
      amount_paid: 3931,
      customer_tax_exempt: 'none',
      total_taxes: [expect.objectContaining({ amount: 231, taxability_reason: 'standard_rated' })],
    });
    expect(renewal.lines.data[0]?.taxes?.[0]).toMatchObject({ amount: 231, taxable_amount: 3700 });
    const payments = await stripe.invoicePayments.list({
      invoice: renewal.id,
      expand: ['data.payment.payment_intent'],
    });
    expect(payments.data[0]?.payment.payment_intent).toMatchObject({ amount: 3931 });

    // A move to Oregon: the following renewal has no sales tax.
    await stripe.customers.update(customer.id, {
      shipping: { name: 'Ada', address: { ...TEXAS.address, state: 'OR', city: 'Portland' } },
    });
    await sandbox.advanceClock(clock.id, CLOCK_START + 4 * WEEK + 60);
    const next = await stripe.invoices.retrieve(
      (await stripe.subscriptions.retrieve(subscription.id)).latest_invoice as string,
    );
    expect(next).toMatchObject({
      total: 3700,
      total_taxes: [
        expect.objectContaining({ amount: 0, taxability_reason: 'not_subject_to_tax' }),
      ],
    });
  });

  it('taxes a subscription made with subscriptions.create and automatic_tax', async () => {
    const price = await weeklyPrice(stripe, 'House blend', 1850);
    const customer = await stripe.customers.create({ email: 'tx@example.com', shipping: TEXAS });
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id, quantity: 2 }],
      default_payment_method: 'pm_card_visa',
      automatic_tax: { enabled: true },
      metadata: { standingOrderId: 'so_9' },
      expand: ['latest_invoice'],
    });
    expect(subscription).toMatchObject({
      status: 'active',
      automatic_tax: { enabled: true, liability: { type: 'self' } },
      metadata: { standingOrderId: 'so_9' },
      items: { data: [expect.objectContaining({ quantity: 2 })] },
    });
    expect(subscription.latest_invoice).toMatchObject({
      billing_reason: 'subscription_create',
      status: 'paid',
      total: 3931,
      amount_paid: 3931,
      automatic_tax: { enabled: true, status: 'complete' },
    });

    const plain = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      default_payment_method: 'pm_card_chargeCustomerFail',
      expand: ['latest_invoice'],
    });
    expect(plain).toMatchObject({ status: 'incomplete', automatic_tax: { enabled: false } });
    expect(plain.latest_invoice).toMatchObject({ status: 'open', total: 1850, attempt_count: 1 });

    await expect(
      stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }] }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'default_payment_method' });
    await expect(
      stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: 'price_missing' }],
        default_payment_method: 'pm_card_visa',
      }),
    ).rejects.toMatchObject({ code: 'resource_missing', param: 'items[0][price]' });
  });
});

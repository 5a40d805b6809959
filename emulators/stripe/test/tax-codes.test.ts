/**
 * Tax codes: an invoice item (or the product of its price) with the nontaxable `txcd_00000000` is
 * left out of an invoice's automatic tax (a shipping charge on an order on terms), as are such
 * Checkout line items and tax calculation lines; products carry their `tax_code`; malformed codes
 * and inclusive tax behavior are refused with the param named.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StripeSandbox } from '../src/index.js';
import { failure, sessionParams, startTestSandbox } from './support.js';

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

/** A taxed send_invoice draft for a customer shipping to TX. */
async function taxedDraft(): Promise<{ customer: Stripe.Customer; invoice: Stripe.Invoice }> {
  const customer = await stripe.customers.create({ name: 'Austin Bakes', shipping: TEXAS });
  const invoice = await stripe.invoices.create({
    customer: customer.id,
    collection_method: 'send_invoice',
    days_until_due: 30,
    pending_invoice_items_behavior: 'exclude',
    automatic_tax: { enabled: true },
  });
  return { customer, invoice };
}

const cell = (html: string, id: string) =>
  new RegExp(`data-testid="${id}">([^<]*)<`).exec(html)?.[1];

describe('invoice items with a tax code', () => {
  it('leaves a txcd_00000000 shipping item out of the invoice’s tax', async () => {
    const { customer, invoice: draft } = await taxedDraft();
    await stripe.invoiceItems.create({
      customer: customer.id,
      invoice: draft.id,
      currency: 'usd',
      quantity: 3,
      unit_amount_decimal: Stripe.Decimal.from('1250'),
      description: 'Blue Glaze Mug',
    });
    const shipping = await stripe.invoiceItems.create({
      customer: customer.id,
      invoice: draft.id,
      currency: 'usd',
      amount: 1500,
      description: 'Shipping',
      tax_code: 'txcd_00000000',
      tax_behavior: 'exclusive',
    });
    expect(shipping).toMatchObject({ amount: 1500, description: 'Shipping' });
    const invoice = await stripe.invoices.finalizeInvoice(draft.id);
    // TX 6.25% of the mugs only: $37.50 → 234.375 → $2.34.
    expect(invoice).toMatchObject({
      subtotal: 5250,
      total_excluding_tax: 5250,
      total: 5250 + 234,
      amount_due: 5484,
      automatic_tax: { enabled: true, status: 'complete' },
    });
    const lines = await stripe.invoices.listLineItems(invoice.id);
    expect(lines.data.map((line) => line.taxes)).toEqual([
      [
        expect.objectContaining({
          amount: 234,
          taxability_reason: 'standard_rated',
          taxable_amount: 3750,
        }),
      ],
      [
        expect.objectContaining({
          amount: 0,
          taxability_reason: 'not_collecting',
          taxable_amount: 0,
        }),
      ],
    ]);
    expect(invoice.total_taxes).toEqual([
      expect.objectContaining({ amount: 234, taxability_reason: 'standard_rated' }),
      expect.objectContaining({ amount: 0, taxability_reason: 'not_collecting' }),
    ]);

    // The page shows the goods' rate, not the shipping's; paying collects the total.
    const page = await (await fetch(invoice.hosted_invoice_url!)).text();
    expect(page).toContain('Tax (TX, 6.25%)');
    expect(cell(page, 'tax')).toBe('$2.34');
    expect(cell(page, 'total')).toBe('$54.84');
    await sandbox.payInvoice(invoice.id, { method: 'card' });
    expect(await stripe.invoices.retrieve(invoice.id)).toMatchObject({
      status: 'paid',
      amount_paid: 5484,
    });
  });

  it('takes the tax code of the price’s product, unless the item names its own', async () => {
    const { customer, invoice: draft } = await taxedDraft();
    const nontaxable = await stripe.prices.create({
      currency: 'usd',
      unit_amount: 1000,
      product_data: { name: 'Gift card', tax_code: 'txcd_00000000' },
    });
    expect(await stripe.products.retrieve(nontaxable.product as string)).toMatchObject({
      tax_code: 'txcd_00000000',
    });
    await stripe.invoiceItems.create({
      customer: customer.id,
      invoice: draft.id,
      pricing: { price: nontaxable.id },
    });
    await stripe.invoiceItems.create({
      customer: customer.id,
      invoice: draft.id,
      pricing: { price: nontaxable.id },
      quantity: 2,
      tax_code: 'txcd_99999999',
    });
    const invoice = await stripe.invoices.finalizeInvoice(draft.id);
    // Only the second item (2 × $10.00) is taxed: $1.25.
    expect(invoice).toMatchObject({ subtotal: 3000, total: 3125 });
  });

  it('refuses a malformed tax code and inclusive tax behavior, adding nothing', async () => {
    const { customer, invoice: draft } = await taxedDraft();
    const badCode = await failure(
      stripe.invoiceItems.create({
        customer: customer.id,
        invoice: draft.id,
        amount: 1500,
        tax_code: 'shipping',
      }),
    );
    expect(badCode).toMatchObject({
      type: 'StripeInvalidRequestError',
      param: 'tax_code',
      message: "No such tax_code: 'shipping'",
    });
    const inclusive = await failure(
      stripe.invoiceItems.create({
        customer: customer.id,
        invoice: draft.id,
        amount: 1500,
        tax_behavior: 'inclusive',
      }),
    );
    expect(inclusive).toMatchObject({ type: 'StripeInvalidRequestError', param: 'tax_behavior' });
    const unknown = await failure(
      stripe.invoiceItems.create({
        customer: customer.id,
        invoice: draft.id,
        amount: 1500,
        tax_behavior: 'sometimes' as Stripe.InvoiceItemCreateParams.TaxBehavior,
      }),
    );
    expect(unknown).toMatchObject({ type: 'StripeInvalidRequestError', param: 'tax_behavior' });
    expect((await stripe.invoices.retrieve(draft.id)).lines.data).toHaveLength(0);
  });
});

describe('products', () => {
  it('carry a tax code, and refuse a malformed one', async () => {
    const product = await stripe.products.create({ name: 'Freight', tax_code: 'txcd_92010001' });
    expect(product.tax_code).toBe('txcd_92010001');
    expect((await stripe.products.create({ name: 'Mug' })).tax_code).toBeNull();
    const error = await failure(stripe.products.create({ name: 'Bad', tax_code: 'txcd_x' }));
    expect(error).toMatchObject({ type: 'StripeInvalidRequestError', param: 'tax_code' });
    const priceError = await failure(
      stripe.prices.create({
        currency: 'usd',
        unit_amount: 100,
        product_data: { name: 'Bad', tax_code: '00000000' },
      }),
    );
    expect(priceError).toMatchObject({
      type: 'StripeInvalidRequestError',
      param: 'product_data[tax_code]',
    });
  });
});

describe('Checkout line items with a tax code', () => {
  it('leave a txcd_00000000 line untaxed', async () => {
    const customer = await stripe.customers.create({ shipping: TEXAS });
    const session = await stripe.checkout.sessions.create(
      sessionParams({
        customer: customer.id,
        automatic_tax: { enabled: true },
        line_items: [
          {
            quantity: 3,
            price_data: {
              currency: 'usd',
              unit_amount: 1250,
              product_data: { name: 'Blue Glaze Mug' },
            },
          },
          {
            quantity: 1,
            price_data: {
              currency: 'usd',
              unit_amount: 2500,
              product_data: { name: 'Gift card', tax_code: 'txcd_00000000' },
            },
          },
        ],
      }),
    );
    expect(session).toMatchObject({
      amount_subtotal: 6250,
      amount_total: 6250 + 234,
      total_details: { amount_tax: 234 },
    });
    const lines = await stripe.checkout.sessions.listLineItems(session.id, {
      expand: ['data.taxes'],
    });
    expect(lines.data[1]).toMatchObject({
      amount_tax: 0,
      taxes: [expect.objectContaining({ amount: 0, taxability_reason: 'not_collecting' })],
    });
    const page = await (await fetch(session.url!)).text();
    expect(page).toContain('Tax (TX, 6.25%)');
  });

  it('refuse a malformed product_data tax code', async () => {
    const error = await failure(
      stripe.checkout.sessions.create(
        sessionParams({
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: 'usd',
                unit_amount: 2500,
                product_data: { name: 'Gift card', tax_code: 'gift' },
              },
            },
          ],
        }),
      ),
    );
    expect(error).toMatchObject({
      type: 'StripeInvalidRequestError',
      param: 'line_items[0][price_data][product_data][tax_code]',
    });
  });
});

describe('tax calculations with a tax code', () => {
  it('leave a txcd_00000000 line untaxed', async () => {
    const calculation = await stripe.tax.calculations.create({
      currency: 'usd',
      line_items: [
        { amount: 3750, reference: 'mugs', tax_behavior: 'exclusive' },
        { amount: 1500, reference: 'shipping', tax_code: 'txcd_00000000' },
      ],
      customer_details: { address: TEXAS.address, address_source: 'shipping' },
      expand: ['line_items.data.tax_breakdown'],
    });
    expect(calculation).toMatchObject({ amount_total: 5250 + 234, tax_amount_exclusive: 234 });
    expect(calculation.line_items?.data[1]).toMatchObject({
      reference: 'shipping',
      amount_tax: 0,
      tax_code: 'txcd_00000000',
      tax_breakdown: [expect.objectContaining({ taxability_reason: 'not_collecting' })],
    });
    const error = await failure(
      stripe.tax.calculations.create({
        currency: 'usd',
        line_items: [{ amount: 100, tax_code: 'none' }],
        customer_details: { address: TEXAS.address, address_source: 'shipping' },
      }),
    );
    expect(error).toMatchObject({
      type: 'StripeInvalidRequestError',
      param: 'line_items[0][tax_code]',
    });
  });
});

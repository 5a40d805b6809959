/**
 * `stripe.tax.calculations` against the sandbox's stand-in for Stripe Tax: the amounts and the
 * breakdown for an address or a customer, exemption, the line items, and the refusals.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StripeSandbox } from '../src/index.js';
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

const PHOENIX = {
  line1: '200 W Washington St',
  city: 'Phoenix',
  state: 'AZ',
  postal_code: '85003',
  country: 'US',
};
const LINES: Stripe.Tax.CalculationCreateParams.LineItem[] = [
  {
    amount: 3750,
    reference: 'MUG-BLUE',
    quantity: 3,
    tax_behavior: 'exclusive',
    tax_code: 'txcd_99999999',
  },
  { amount: 4999, reference: 'TEAPOT' },
];

describe('tax calculations', () => {
  it('computes each line at the address’s state rate, and keeps the calculation', async () => {
    const calculation = await stripe.tax.calculations.create({
      currency: 'usd',
      line_items: LINES,
      customer_details: { address: PHOENIX, address_source: 'shipping' },
    });
    // AZ 5.6%: 210 cents; 279.944 → 280.
    expect(calculation).toMatchObject({
      object: 'tax.calculation',
      amount_total: 8749 + 490,
      tax_amount_exclusive: 490,
      tax_amount_inclusive: 0,
      currency: 'usd',
      customer: null,
      livemode: false,
      customer_details: {
        address: { ...PHOENIX, line2: null },
        address_source: 'shipping',
        taxability_override: 'none',
        tax_ids: [],
      },
      tax_breakdown: [
        {
          amount: 490,
          inclusive: false,
          tax_rate_details: {
            country: 'US',
            state: 'AZ',
            percentage_decimal: '5.6',
            tax_type: 'sales_tax',
            rate_type: 'percentage',
            flat_amount: null,
          },
          taxability_reason: 'standard_rated',
          taxable_amount: 8749,
        },
      ],
    });
    expect(calculation.id).toMatch(/^taxcalc_/);
    expect(calculation.expires_at).toBe(calculation.tax_date + 90 * 24 * 60 * 60);
    expect(calculation).not.toHaveProperty('line_items');

    const again = await stripe.tax.calculations.retrieve(calculation.id!, {
      expand: ['line_items'],
    });
    expect(again.tax_amount_exclusive).toBe(490);
    expect(
      again.line_items?.data.map((line) => [line.reference, line.amount, line.amount_tax]),
    ).toEqual([
      ['MUG-BLUE', 3750, 210],
      ['TEAPOT', 4999, 280],
    ]);
    const lines = await stripe.tax.calculations.listLineItems(calculation.id!, {
      expand: ['data.tax_breakdown'],
    });
    expect(lines.data[0]).toMatchObject({
      object: 'tax.calculation_line_item',
      quantity: 3,
      tax_behavior: 'exclusive',
      tax_code: 'txcd_99999999',
      tax_breakdown: [
        {
          amount: 210,
          jurisdiction: { country: 'US', state: 'AZ', display_name: 'Arizona', level: 'state' },
          sourcing: 'destination',
          tax_rate_details: {
            display_name: 'Sales Tax',
            percentage_decimal: '5.6',
            tax_type: 'sales_tax',
          },
          taxability_reason: 'standard_rated',
          taxable_amount: 3750,
        },
      ],
    });
    const page = await stripe.tax.calculations.listLineItems(calculation.id!, { limit: 1 });
    expect(page).toMatchObject({ has_more: true, data: [{ reference: 'MUG-BLUE' }] });
    expect(page.data[0]).not.toHaveProperty('tax_breakdown');
  });

  it('locates a customer by their ship-to and honours their tax_exempt', async () => {
    const customer = await stripe.customers.create({
      shipping: { name: 'Dock 4', address: { ...PHOENIX, state: 'WA', city: 'Seattle' } },
      address: PHOENIX,
    });
    const taxed = await stripe.tax.calculations.create({
      currency: 'usd',
      line_items: [{ amount: 10000, reference: 'CASE' }],
      customer: customer.id,
    });
    expect(taxed).toMatchObject({
      customer: customer.id,
      tax_amount_exclusive: 650,
      customer_details: { address_source: 'shipping', address: { state: 'WA' } },
    });
    await stripe.customers.update(customer.id, { tax_exempt: 'exempt' });
    const exempt = await stripe.tax.calculations.create({
      currency: 'usd',
      line_items: [{ amount: 10000, reference: 'CASE' }],
      customer: customer.id,
    });
    expect(exempt).toMatchObject({
      amount_total: 10000,
      tax_amount_exclusive: 0,
      tax_breakdown: [
        expect.objectContaining({
          amount: 0,
          taxable_amount: 0,
          taxability_reason: 'customer_exempt',
          tax_rate_details: expect.objectContaining({ state: 'WA', percentage_decimal: '0.0' }),
        }),
      ],
    });
  });

  it('exempts with taxability_override, and charges nothing in a state without sales tax', async () => {
    const overridden = await stripe.tax.calculations.create({
      currency: 'usd',
      line_items: LINES,
      customer_details: { address: PHOENIX, taxability_override: 'customer_exempt' },
    });
    expect(overridden).toMatchObject({
      tax_amount_exclusive: 0,
      customer_details: { taxability_override: 'customer_exempt', address_source: 'billing' },
      tax_breakdown: [expect.objectContaining({ taxability_reason: 'customer_exempt' })],
    });
    const oregon = await stripe.tax.calculations.create({
      currency: 'usd',
      line_items: LINES,
      customer_details: { address: { ...PHOENIX, state: 'OR' } },
    });
    expect(oregon).toMatchObject({
      tax_amount_exclusive: 0,
      tax_breakdown: [expect.objectContaining({ taxability_reason: 'not_subject_to_tax' })],
    });
  });

  it('refuses a missing or non-US location with customer_tax_location_invalid', async () => {
    const foreign = await failure(
      stripe.tax.calculations.create({
        currency: 'usd',
        line_items: LINES,
        customer_details: { address: { country: 'DE', city: 'Berlin', postal_code: '10115' } },
      }),
    );
    expect(foreign).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(foreign).toMatchObject({
      statusCode: 400,
      code: 'customer_tax_location_invalid',
      param: 'customer_details[address]',
    });
    await expect(
      stripe.tax.calculations.create({
        currency: 'usd',
        line_items: LINES,
        customer_details: { address: { ...PHOENIX, state: '' } },
      }),
    ).rejects.toMatchObject({ statusCode: 400, code: 'customer_tax_location_invalid' });
    const nowhere = await stripe.customers.create({ name: 'No address' });
    await expect(
      stripe.tax.calculations.create({ currency: 'usd', line_items: LINES, customer: nowhere.id }),
    ).rejects.toMatchObject({ statusCode: 400, code: 'customer_tax_location_invalid' });
  });

  it('refuses bad parameters and unknown ids as Stripe does', async () => {
    await expect(
      stripe.tax.calculations.create({ currency: 'usd', line_items: LINES }),
    ).rejects.toMatchObject({ code: 'parameter_missing', param: 'customer_details' });
    await expect(
      stripe.tax.calculations.create({
        currency: 'usd',
        line_items: [{ reference: 'X' } as Stripe.Tax.CalculationCreateParams.LineItem],
        customer_details: { address: PHOENIX },
      }),
    ).rejects.toMatchObject({ code: 'parameter_missing', param: 'line_items[0][amount]' });
    await expect(
      stripe.tax.calculations.create({
        currency: 'usd',
        line_items: LINES,
        customer_details: { address: PHOENIX, taxability_override: 'maybe' },
      }),
    ).rejects.toMatchObject({ param: 'customer_details[taxability_override]' });
    await expect(
      stripe.tax.calculations.create({
        currency: 'usd',
        line_items: LINES,
        customer: 'cus_missing',
      }),
    ).rejects.toMatchObject({ statusCode: 400, code: 'resource_missing', param: 'customer' });
    await expect(stripe.tax.calculations.retrieve('taxcalc_missing')).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });
  });
});

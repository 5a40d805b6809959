/**
 * The sandbox's stand-in for Stripe Tax: the table of US state base rates and its rounding, and a
 * customer's `tax_exempt` (a resale certificate makes a customer `exempt`).
 */
import { readFileSync } from 'node:fs';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StripeSandbox } from '../src/index.js';
import {
  exclusiveTax,
  percentageDecimal,
  stateRate,
  US_STATE_SALES_TAX_RATES,
} from '../src/billing/tax/state-rates.js';
import { failure, startTestSandbox } from './support.js';

let sandbox: StripeSandbox;
let stripe: Stripe;

beforeAll(async () => {
  ({ sandbox, stripe } = await startTestSandbox());
});
afterAll(async () => {
  await sandbox?.stop();
});

describe('state base rates', () => {
  it('lists every state and DC, with 0 where there is no state sales tax', () => {
    expect(Object.keys(US_STATE_SALES_TAX_RATES)).toHaveLength(51);
    expect(
      Object.entries(US_STATE_SALES_TAX_RATES)
        .filter(([, rate]) => rate.percentage === 0)
        .map(([code]) => code)
        .sort(),
    ).toEqual(['AK', 'DE', 'MT', 'NH', 'OR']);
    expect(
      ['CA', 'NV', 'OR', 'WA', 'TX', 'NY', 'FL', 'AZ', 'DC'].map((code) => stateRate(code)),
    ).toEqual([7.25, 6.85, 0, 6.5, 6.25, 4, 6, 5.6, 6]);
    expect(stateRate('ca')).toBe(7.25);
    expect(stateRate('PR')).toBeUndefined();
  });

  it('is the table the README documents', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const documented = [...readme.matchAll(/\| ([A-Z]{2}) [A-Za-z ]+?\s+\| ([\d.]+)%/g)].map(
      (match) => [match[1], Number(match[2])],
    );
    expect(Object.fromEntries(documented)).toEqual(
      Object.fromEntries(
        Object.entries(US_STATE_SALES_TAX_RATES).map(([code, rate]) => [code, rate.percentage]),
      ),
    );
  });

  it('rounds each amount half up to a whole cent', () => {
    expect(exclusiveTax(1000, 6.85)).toBe(69); // 68.5 cents
    expect(exclusiveTax(1001, 7.25)).toBe(73); // 72.5725 cents
    expect(exclusiveTax(1000, 7.25)).toBe(73); // 72.5 cents
    expect(exclusiveTax(999, 6.875)).toBe(69); // 68.68125 cents
    expect(exclusiveTax(1000, 4)).toBe(40);
    expect(exclusiveTax(1999, 0)).toBe(0);
    expect(exclusiveTax(99_999_999, 7.25)).toBe(7_250_000); // 7249999.93 cents
    expect([7.25, 6, 0, 6.875].map(percentageDecimal)).toEqual(['7.25', '6.0', '0.0', '6.875']);
  });
});

describe('customer tax_exempt', () => {
  it('is none by default, and set and changed through create and update', async () => {
    const plain = await stripe.customers.create({ name: 'Corner Cafe' });
    expect(plain.tax_exempt).toBe('none');
    const reseller = await stripe.customers.create({ name: 'Resale Co', tax_exempt: 'exempt' });
    expect(reseller.tax_exempt).toBe('exempt');
    expect((await stripe.customers.retrieve(reseller.id)) as Stripe.Customer).toMatchObject({
      tax_exempt: 'exempt',
    });
    expect((await stripe.customers.update(reseller.id, { tax_exempt: 'reverse' })).tax_exempt).toBe(
      'reverse',
    );
    expect((await stripe.customers.update(reseller.id, { tax_exempt: 'none' })).tax_exempt).toBe(
      'none',
    );
    expect((await stripe.customers.update(reseller.id, { tax_exempt: '' })).tax_exempt).toBe(
      'none',
    );
  });

  it('refuses another value in Stripe’s shape and changes nothing', async () => {
    const customer = await stripe.customers.create({ name: 'Keep', tax_exempt: 'exempt' });
    const error = await failure(
      stripe.customers.update(customer.id, {
        name: 'Changed',
        tax_exempt: 'partial' as Stripe.CustomerUpdateParams.TaxExempt,
      }),
    );
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({
      statusCode: 400,
      type: 'StripeInvalidRequestError',
      param: 'tax_exempt',
      message: 'Invalid tax_exempt: must be one of none, exempt, or reverse',
    });
    await expect(
      stripe.customers.create({ tax_exempt: 'yes' as Stripe.CustomerCreateParams.TaxExempt }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'tax_exempt' });
    expect((await stripe.customers.retrieve(customer.id)) as Stripe.Customer).toMatchObject({
      name: 'Keep',
      tax_exempt: 'exempt',
    });
  });

  it('takes a billing address, cleared with an empty value', async () => {
    const address = {
      line1: '1 Main St',
      city: 'Reno',
      state: 'NV',
      postal_code: '89501',
      country: 'US',
    };
    const customer = await stripe.customers.create({ name: 'Reno Rolls', address });
    expect(customer.address).toEqual({ ...address, line2: null });
    expect((await stripe.customers.update(customer.id, { address: '' })).address).toBeNull();
  });
});

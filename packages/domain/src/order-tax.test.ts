import { describe, expect, it } from 'vitest';
import { formatUsd } from './money';
import { orderSummaryOf, orderSummaryRows, type TaxOfOrder } from './order-tax';

const CA: TaxOfOrder = { amount: 680, state: 'CA', exemption: null };
const lines = [{ line_total: 6_000 }, { line_total: 4_000 }];

describe("orderSummaryRows: the rows between an order's lines and its total", () => {
  it('adds up to the amount charged: the lines, shipping, tax, the store credit off', () => {
    // $100.00 of goods, $25.00 shipping, $40.00 of credit, $6.80 of tax: $91.80 charged.
    const rows = orderSummaryRows(
      orderSummaryOf({
        items: lines,
        tax: CA,
        shipping_charge: 2_500,
        store_credit_applied: 4_000,
      }),
      formatUsd,
    );
    expect(rows).toEqual([
      ['Subtotal', '$100.00'],
      ['Shipping', '$25.00'],
      ['Sales tax (CA)', '$6.80'],
      ['Store credit', '-$40.00'],
    ]);
  });

  it('the subtotal is the lines, not the amount less the tax', () => {
    // A quote's order: $100.00 of goods and $25.00 of shipping, $8.00 of tax, $133.00 charged.
    expect(
      orderSummaryRows(
        orderSummaryOf({
          items: lines,
          tax: { amount: 800, state: 'CA', exemption: null },
          shipping_charge: 2_500,
        }),
        formatUsd,
      )[0],
    ).toEqual(['Subtotal', '$100.00']);
  });

  it('names the exemption, and says nothing for an order from before tax with nothing else', () => {
    const exempt: TaxOfOrder = {
      amount: 0,
      state: 'CA',
      exemption: { certificate_id: 'c1', number: 'SR-1', state: 'CA', expires_on: null },
    };
    expect(orderSummaryRows(orderSummaryOf({ items: lines, tax: exempt }), formatUsd)).toEqual([
      ['Subtotal', '$100.00'],
      ['Sales tax', 'Exempt: resale certificate SR-1, CA, does not expire'],
    ]);
    expect(orderSummaryRows(orderSummaryOf({ items: lines }), formatUsd)).toEqual([]);
    expect(
      orderSummaryRows(orderSummaryOf({ items: lines, store_credit_applied: 500 }), formatUsd),
    ).toEqual([
      ['Subtotal', '$100.00'],
      ['Store credit', '-$5.00'],
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import {
  LINE_REFUND_MESSAGES,
  planLineRefund,
  refundedByLine,
  restockedUnits,
  type LineRefundOrder,
} from './line-refunds';

const items = [
  {
    product_id: 'syrup',
    name: 'Blue Coast Syrup',
    quantity: 24,
    unit_amount: 1_250,
    line_total: 30_000,
  },
  { product_id: 'cups', name: 'Cups', quantity: 3, unit_amount: 3_333, line_total: 9_999 },
];

function order(over: Partial<LineRefundOrder> = {}): LineRefundOrder {
  return {
    status: 'shipped',
    items,
    amount: 39_999,
    refunds: [],
    shipments: [
      {
        id: 's1',
        number: 1,
        lines: items.map((i) => ({ product_id: i.product_id, quantity: i.quantity })),
        carrier: 'ups',
        tracking_number: '1Z999AA10123456784',
        shipped_at: 0,
      },
    ],
    ...over,
  };
}

const none = { shipping: 0, goodwill: 0 };

describe('a refund by lines', () => {
  it('refunds 2 of 24 bottles at their price, restocking what the manager chose', () => {
    const result = planLineRefund(order(), {
      lines: [{ product_id: 'syrup', quantity: 2, restock: 0 }],
      ...none,
    });
    expect(result).toEqual({
      plan: {
        lines: [{ product_id: 'syrup', quantity: 2, unshipped: 0, restocked: 0, amount: 2_500 }],
        tax: 0,
        shipping: 0,
        goodwill: 0,
        amount: 2_500,
      },
    });
    if ('plan' in result) expect(restockedUnits(result.plan)).toEqual({});
  });

  it('adds shipping and goodwill, and refunds them alone', () => {
    const result = planLineRefund(order(), { lines: [], shipping: 1_500, goodwill: 500 });
    expect('plan' in result && result.plan.amount).toBe(2_000);
    expect(planLineRefund(order(), { lines: [], ...none })).toEqual({
      problem: LINE_REFUND_MESSAGES.empty,
    });
  });

  it('refuses more units than shipped plus still to ship, less what was refunded', () => {
    const refunded = order({
      refunds: [{ amount: 2_500, lines: [{ product_id: 'syrup', quantity: 22, amount: 27_500 }] }],
    });
    expect(
      planLineRefund(refunded, {
        lines: [{ product_id: 'syrup', quantity: 3, restock: 0 }],
        ...none,
      }),
    ).toEqual({ problem: LINE_REFUND_MESSAGES.tooMany('Blue Coast Syrup', 2) });
    expect(LINE_REFUND_MESSAGES.tooMany('Blue Coast Syrup', 2)).toBe(
      'Only 2 units of Blue Coast Syrup can still be refunded (shipped or not yet shipped).',
    );
    expect(
      planLineRefund(order(), {
        lines: [{ product_id: 'syrup', quantity: 25, restock: 0 }],
        ...none,
      }),
    ).toEqual({ problem: LINE_REFUND_MESSAGES.tooMany('Blue Coast Syrup', 24) });
  });

  it('refuses a restock above the units refunded, an unknown line and a line twice', () => {
    expect(
      planLineRefund(order(), {
        lines: [{ product_id: 'syrup', quantity: 2, restock: 3 }],
        ...none,
      }),
    ).toEqual({ problem: LINE_REFUND_MESSAGES.restock('Blue Coast Syrup') });
    expect(
      planLineRefund(order(), { lines: [{ product_id: 'x', quantity: 1, restock: 0 }], ...none }),
    ).toEqual({ problem: LINE_REFUND_MESSAGES.notOnOrder });
    expect(
      planLineRefund(order(), {
        lines: [
          { product_id: 'cups', quantity: 1, restock: 0 },
          { product_id: 'cups', quantity: 1, restock: 0 },
        ],
        ...none,
      }),
    ).toEqual({ problem: LINE_REFUND_MESSAGES.twice('Cups') });
  });

  it('refuses a total above what is left to refund, and unpaid orders', () => {
    const mostly = order({ refunds: [{ amount: 39_000 }] });
    const result = planLineRefund(mostly, {
      lines: [{ product_id: 'syrup', quantity: 1, restock: 0 }],
      ...none,
    });
    expect(result).toEqual({
      problem: 'The refund is more than the $9.99 left to refund on this order.',
    });
    expect(
      planLineRefund(order({ status: 'pending' }), { lines: [], shipping: 100, goodwill: 0 }),
    ).toEqual({ problem: 'Only a paid order can be refunded.' });
  });

  it('counts units not yet shipped first: they will not ship', () => {
    const unshipped = order({ status: 'processing', shipments: [] });
    const result = planLineRefund(unshipped, {
      lines: [{ product_id: 'cups', quantity: 2, restock: 2 }],
      ...none,
    });
    expect('plan' in result && result.plan.lines[0]).toMatchObject({ unshipped: 2, restocked: 2 });
  });

  it('refunds the tax in shares that add up to the tax once every unit is refunded', () => {
    // $399.99 of goods and $33.01 of tax.
    const taxed = order({ amount: 43_300, tax: { amount: 3_301 } });
    const first = planLineRefund(taxed, {
      lines: [{ product_id: 'cups', quantity: 1, restock: 0 }],
      ...none,
    });
    if (!('plan' in first)) throw new Error(first.problem);
    expect(first.plan.tax).toBe(Math.round((3_301 * 3_333) / 39_999));
    const afterFirst = order({
      amount: 43_300,
      tax: { amount: 3_301 },
      refunds: [{ amount: first.plan.amount, tax: first.plan.tax, lines: first.plan.lines }],
    });
    const rest = planLineRefund(afterFirst, {
      lines: [
        { product_id: 'cups', quantity: 2, restock: 0 },
        { product_id: 'syrup', quantity: 24, restock: 0 },
      ],
      ...none,
    });
    if (!('plan' in rest)) throw new Error(rest.problem);
    expect(first.plan.tax + rest.plan.tax).toBe(3_301);
    // The line's own total caps its units: 3 × $33.33 = $99.99 exactly.
    expect(first.plan.lines[0]!.amount + rest.plan.lines[0]!.amount).toBe(9_999);
    expect(first.plan.amount + rest.plan.amount).toBe(43_300);
  });

  it('sums what each line had refunded', () => {
    const totals = refundedByLine({
      refunds: [
        { amount: 2_500, lines: [{ product_id: 'syrup', quantity: 2, amount: 2_500 }] },
        { amount: 100 },
        { amount: 1_250, lines: [{ product_id: 'syrup', quantity: 1, amount: 1_250 }] },
      ],
    });
    expect(totals.get('syrup')).toEqual({ units: 3, amount: 3_750 });
    expect(totals.has('cups')).toBe(false);
  });
});

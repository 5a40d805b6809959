import { describe, expect, it } from 'vitest';
import {
  claimContributions,
  claimGoodsValue,
  claimProductFigures,
  claimRollupDelta,
  claimsOverview,
  claimsRate,
  creditsGiven,
  formatClaimsRate,
  netRevenueAfterCredits,
  productClaimsTitle,
  type RollupClaim,
} from './claim-rollups';
import { planOverview, summarizeOverview } from './sales-overview-plan';
import {
  buildRollups,
  CLAIM_ROLLUP_NUMBERS,
  compactRollup,
  emptyRollup,
  orderContribution,
  readRollup,
  rollupDelta,
  sumRollups,
  type RollupWrite,
  type SalesOrder,
  type SalesRollup,
} from './sales-rollups';

const at = (iso: string) => new Date(iso);

/** Two damaged jugs and a machine, reported 10:00 Pacific on Tuesday 2025-06-10. */
function claim(overrides: Partial<RollupClaim> = {}): RollupClaim {
  return {
    status: 'new',
    created_at: at('2025-06-10T17:00:00Z'),
    lines: [
      { product_id: 'syrup', name: 'Purple Syrup', quantity: 2, unit_amount: 1500 },
      { product_id: 'machine', name: 'Machine', quantity: 1, unit_amount: 12_000 },
    ],
    settlement: null,
    ...overrides,
  };
}

/** Settled on Friday 2025-06-13 at 23:30 Pacific (06:30 UTC on the 14th). */
const SETTLED_AT = at('2025-06-14T06:30:00Z');
const settled = (remedy: 'refund' | 'credit_note' | 'store_credit' | 'replacement', amount = 0) =>
  claim({ status: 'settled', settlement: { remedy, amount, at: SETTLED_AT } });

const byPath = (writes: RollupWrite[]) =>
  Object.fromEntries(writes.map((write) => [write.ref.path, write.increment]));

const REPORTED = {
  claims_reported: 1,
  claims_units: 3,
  claims_products: {
    syrup: { name: 'Purple Syrup', claims: 1, units: 2 },
    machine: { name: 'Machine', claims: 1, units: 1 },
  },
};

describe('a claim in the rollups', () => {
  it('counts a report on its Pacific day, week and month: one claim, its units per product', () => {
    expect(byPath(claimRollupDelta(null, claim()))).toEqual({
      'sales_days/2025-06-10': REPORTED,
      'sales_weeks/2025-06-09': REPORTED,
      'sales_months/2025-06': REPORTED,
    });
  });

  it('counts a product named on two lines as one claim of it', () => {
    const twice = claim({
      lines: [
        { product_id: 'syrup', name: 'Purple Syrup', quantity: 2, unit_amount: 1500 },
        { product_id: 'syrup', name: 'Purple Syrup', quantity: 1, unit_amount: 1500 },
      ],
    });
    expect(claimContributions(twice)[0]?.rollup.claims_products).toEqual({
      syrup: { name: 'Purple Syrup', claims: 1, units: 3 },
    });
  });

  it('adds nothing for a question, an answer or the same claim delivered again', () => {
    expect(claimRollupDelta(claim(), claim({ status: 'awaiting_buyer' }))).toEqual([]);
    expect(claimRollupDelta(claim({ status: 'awaiting_buyer' }), claim())).toEqual([]);
    const done = settled('store_credit', 4200);
    expect(claimRollupDelta(done, done)).toEqual([]);
    expect(claimRollupDelta(null, null)).toEqual([]);
  });

  it('counts a settlement on the Pacific day it was settled, by remedy', () => {
    const friday = ['sales_days/2025-06-13', 'sales_weeks/2025-06-09', 'sales_months/2025-06'];
    for (const [remedy, field] of [
      ['refund', 'credits_refund'],
      ['credit_note', 'credits_credit_note'],
      ['store_credit', 'credits_store_credit'],
    ] as const) {
      const writes = byPath(claimRollupDelta(claim(), settled(remedy, 4200)));
      expect(writes['sales_days/2025-06-13']).toEqual({ [field]: 4200 });
      // The week and month hold the report already: only the credit moves there too.
      expect(writes['sales_weeks/2025-06-09']).toEqual({ [field]: 4200 });
      expect(Object.keys(writes).sort()).toEqual([...friday].sort());
    }
  });

  it('counts a replacement as one order and its goods at the claim’s unit prices', () => {
    expect(claimGoodsValue(claim())).toBe(2 * 1500 + 12_000);
    const writes = byPath(claimRollupDelta(claim(), settled('replacement')));
    expect(writes['sales_days/2025-06-13']).toEqual({
      replacements_orders: 1,
      replacements_value: 15_000,
    });
  });

  it('takes a rejected claim out of the reports; a rejected one counts nothing', () => {
    const rejected = claim({ status: 'rejected' });
    expect(claimContributions(rejected)).toEqual([]);
    const writes = byPath(claimRollupDelta(claim({ status: 'awaiting_buyer' }), rejected));
    expect(writes['sales_days/2025-06-10']).toEqual({
      claims_reported: -1,
      claims_units: -3,
      claims_products: {
        syrup: { name: 'Purple Syrup', claims: -1, units: -2 },
        machine: { name: 'Machine', claims: -1, units: -1 },
      },
    });
  });

  it('adds up, through any order of changes, to what is built from the claim as it ends', () => {
    const steps: Array<RollupClaim | null> = [
      null,
      claim(),
      claim({ status: 'awaiting_buyer' }),
      claim(),
      settled('store_credit', 4200),
    ];
    const docs = new Map<string, SalesRollup>();
    for (let i = 1; i < steps.length; i += 1) {
      for (const write of claimRollupDelta(steps[i - 1]!, steps[i]!)) {
        const was = docs.get(write.ref.path) ?? emptyRollup();
        docs.set(write.ref.path, sumRollups([was, incrementRollup(write.increment)]));
      }
    }
    const built = buildRollups([], [], claimContributions(steps.at(-1)!));
    expect(built.map(({ ref }) => ref.path).sort()).toEqual([...docs.keys()].sort());
    for (const { ref, rollup } of built) expect(compactRollup(docs.get(ref.path)!)).toEqual(rollup);
  });
});

/** A rollup of an increment (claims fields only: what a claim writes). */
function incrementRollup(increment: RollupWrite['increment']): SalesRollup {
  const rollup = emptyRollup();
  for (const key of CLAIM_ROLLUP_NUMBERS) {
    if (increment[key] !== undefined) rollup[key] = increment[key];
  }
  if (increment.claims_products) {
    rollup.claims_products = Object.fromEntries(
      Object.entries(increment.claims_products).map(([id, p]) => [
        id,
        { name: p.name, claims: p.claims ?? 0, units: p.units ?? 0 },
      ]),
    );
  }
  return rollup;
}

describe('a replacement order in the rollups', () => {
  const replacement: SalesOrder = {
    user_id: 'u1',
    store_name: 'Corner Shop',
    status: 'processing',
    amount: 0,
    refunded_amount: 0,
    paid_at: at('2025-06-14T17:00:00Z'),
    source: 'replacement',
    items: [
      { product_id: 'syrup', name: 'Purple Syrup', quantity: 2, unit_amount: 0, line_total: 0 },
    ],
  };

  it('is no sale: no revenue, no paid order, no units sold, no status, no store', () => {
    expect(orderContribution(replacement)).toBeNull();
    expect(rollupDelta(null, replacement)).toEqual([]);
    expect(rollupDelta(replacement, { ...replacement, status: 'shipped' })).toEqual([]);
    expect(buildRollups([replacement], [])).toEqual([]);
  });

  it('while the same order from a cart counts', () => {
    expect(orderContribution({ ...replacement, source: 'cart' })?.rollup.paid_orders).toBe(1);
  });
});

describe('the claims rate', () => {
  it('is units claimed over units sold, none without sales', () => {
    expect(claimsRate(5, 200)).toBe(0.025);
    expect(claimsRate(0, 200)).toBe(0);
    expect(claimsRate(3, 0)).toBeNull();
    expect(claimsRate(12, 10)).toBe(1.2);
  });

  it('reads as a percent with one decimal', () => {
    expect(formatClaimsRate(0.025)).toBe('2.5%');
    expect(formatClaimsRate(1 / 3)).toBe('33.3%');
    expect(formatClaimsRate(0)).toBe('0.0%');
    expect(formatClaimsRate(0.00049)).toBe('0.0%');
    expect(formatClaimsRate(1.2)).toBe('120.0%');
    expect(formatClaimsRate(null)).toBe('—');
  });

  it('ranks claimed products by rate, then units claimed, unsold ones last', () => {
    const rollup = emptyRollup();
    rollup.products = {
      a: { name: 'A', revenue: 0, units: 100, list_discount: 0 },
      b: { name: 'B', revenue: 0, units: 10, list_discount: 0 },
      c: { name: 'C', revenue: 0, units: 40, list_discount: 0 },
      d: { name: 'D', revenue: 0, units: 50, list_discount: 0 },
    };
    rollup.claims_products = {
      a: { name: 'A', claims: 1, units: 5 },
      b: { name: 'B', claims: 2, units: 2 },
      c: { name: 'C', claims: 1, units: 2 },
      gone: { name: 'Gone', claims: 1, units: 4 },
      zero: { name: 'Zero', claims: 0, units: 0 },
    };
    const figures = claimProductFigures(rollup);
    expect(figures.map((f) => [f.productId, f.rate])).toEqual([
      ['b', 0.2],
      ['a', 0.05],
      ['c', 0.05],
      ['gone', null],
    ]);
    expect(figures[0]).toEqual({
      productId: 'b',
      name: 'B',
      claims: 2,
      unitsClaimed: 2,
      unitsSold: 10,
      rate: 0.2,
    });
    expect(claimsOverview(rollup, 2).byProduct.map((f) => f.productId)).toEqual(['b', 'a']);
  });

  it('says in the product row what it counts', () => {
    expect(productClaimsTitle(undefined)).toBe('Last 90 days: no claims');
    expect(
      productClaimsTitle({
        productId: 'a',
        name: 'A',
        claims: 3,
        unitsClaimed: 5,
        unitsSold: 200,
        rate: 0.025,
      }),
    ).toBe(
      'Last 90 days: 3 claims, 5 units claimed of 200 sold (2.5%). Rate: claimed units / units sold.',
    );
    expect(
      productClaimsTitle({
        productId: 'a',
        name: 'A',
        claims: 1,
        unitsClaimed: 1,
        unitsSold: 0,
        rate: null,
      }),
    ).toBe(
      'Last 90 days: 1 claim, 1 unit claimed none sold in that time. Rate: claimed units / units sold.',
    );
  });
});

describe('credits in the Overview', () => {
  const paid: SalesOrder = {
    user_id: 'u1',
    store_name: 'Corner Shop',
    status: 'delivered',
    amount: 50_000,
    refunded_amount: 3000,
    paid_at: at('2025-06-02T17:00:00Z'),
    items: [
      {
        product_id: 'syrup',
        name: 'Purple Syrup',
        quantity: 40,
        unit_amount: 1000,
        line_total: 40_000,
      },
      {
        product_id: 'machine',
        name: 'Machine',
        quantity: 1,
        unit_amount: 10_000,
        line_total: 10_000,
      },
    ],
  };
  const claims = [
    settled('refund', 3000),
    { ...settled('store_credit', 1500), created_at: at('2025-06-11T17:00:00Z') },
    { ...settled('credit_note', 2500), created_at: at('2025-06-11T18:00:00Z') },
    { ...settled('replacement'), created_at: at('2025-06-12T18:00:00Z') },
    claim({ status: 'rejected' }),
  ];
  const docs = new Map(
    buildRollups(
      [paid],
      [],
      claims.flatMap((c) => claimContributions(c)),
    ).map(({ ref, rollup }) => [ref.path, rollup]),
  );

  it('gives net revenue after the credit notes and store credit; a claim’s refund already is one', () => {
    const june = docs.get('sales_months/2025-06')!;
    expect(creditsGiven(june)).toBe(3000 + 1500 + 2500);
    expect(netRevenueAfterCredits(june)).toBe(50_000 - 3000 - 1500 - 2500);
  });

  it('answers the claims of the range, its credits and the rate per product', () => {
    const overview = summarizeOverview(
      planOverview({ from: '2025-06-01', to: '2025-06-30' }),
      docs,
    );
    expect(overview.totals).toMatchObject({
      revenue: 47_000,
      credits: 7000,
      netAfterCredits: 43_000,
    });
    expect(overview.previousTotals).toMatchObject({ credits: 0, netAfterCredits: 0 });
    expect(overview.claims).toEqual({
      reported: 4,
      unitsClaimed: 12,
      refunds: 3000,
      creditNotes: 2500,
      storeCredit: 1500,
      replacements: 1,
      replacementsValue: 15_000,
      byProduct: [
        {
          productId: 'machine',
          name: 'Machine',
          claims: 4,
          unitsClaimed: 4,
          unitsSold: 1,
          rate: 4,
        },
        {
          productId: 'syrup',
          name: 'Purple Syrup',
          claims: 4,
          unitsClaimed: 8,
          unitsSold: 40,
          rate: 0.2,
        },
      ],
    });
  });

  it('counts a settlement in the range it was settled in, the report in its own', () => {
    // Reported on June 10, settled on June 13: a range of June 13 only has the credit.
    const overview = summarizeOverview(
      planOverview({ from: '2025-06-13', to: '2025-06-13' }),
      docs,
    );
    expect(overview.claims).toMatchObject({ reported: 0, refunds: 3000, storeCredit: 1500 });
  });
});

describe('the claims fields of a stored rollup', () => {
  it('read as zeros when absent, and stay out of a compact document without claims', () => {
    const read = readRollup({ revenue: 100, claims_reported: 'x', claims_products: 'nope' });
    expect(read.claims_reported).toBeUndefined();
    expect(read.claims_products).toBeUndefined();
    expect(
      Object.keys(compactRollup(read)).filter((k) => /^(claims|credits|replacements)_/.test(k)),
    ).toEqual([]);
  });

  it('read back what a claim wrote, and add up', () => {
    const stored = {
      claims_reported: 2,
      claims_units: 5,
      claims_products: { syrup: { name: 'Purple Syrup', claims: 2, units: 5 } },
      credits_store_credit: 1200,
      replacements_orders: 1,
      replacements_value: 3000,
    };
    const read = readRollup(stored);
    expect(compactRollup(read)).toMatchObject(stored);
    const twice = sumRollups([read, read]);
    expect(twice.claims_products).toEqual({
      syrup: { name: 'Purple Syrup', claims: 4, units: 10 },
    });
    expect(twice.credits_store_credit).toBe(2400);
    // Back to zero: nothing left in the compact document.
    const none = compactRollup(sumRollups([read, claimsNegated(read)]));
    expect(Object.keys(none).filter((k) => /^(claims|credits|replacements)_/.test(k))).toEqual([]);
  });
});

/** The claims' figures of a rollup with the opposite sign. */
function claimsNegated(rollup: SalesRollup): SalesRollup {
  const negated = emptyRollup();
  for (const key of CLAIM_ROLLUP_NUMBERS) {
    if (rollup[key]) negated[key] = -rollup[key];
  }
  negated.claims_products = Object.fromEntries(
    Object.entries(rollup.claims_products ?? {}).map(([id, p]) => [
      id,
      { name: p.name, claims: -p.claims, units: -p.units },
    ]),
  );
  return negated;
}

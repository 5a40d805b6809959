import { describe, expect, it } from 'vitest';
import { businessDay } from './business-day';
import {
  addDays,
  DAY_SERIES_MAX_DAYS,
  previousRange,
  rangeInstants,
  rangeLength,
  startOfBusinessDay,
  WEEK_SERIES_MAX_DAYS,
  type DayRange,
} from './insights';
import {
  coverRange,
  planOverview,
  rollupRuns,
  seriesInterval,
  summarizeOverview,
} from './sales-overview-plan';
import {
  approvalDelta,
  buildRollups,
  emptyRollup,
  lineListDiscount,
  monthDays,
  orderContribution,
  readRollup,
  rollupDays,
  rollupDelta,
  rollupRefsOfDay,
  sumRollups,
  compactRollup,
  weekStart,
  type RollupRef,
  type RollupWrite,
  type SalesLine,
  type SalesOrder,
  type SalesRollup,
} from './sales-rollups';

const at = (iso: string) => new Date(iso);

/** A line charged its tier's price: unit_amount is line_total / quantity. */
function line(product_id: string, name: string, quantity: number, line_total: number): SalesLine {
  return { product_id, name, quantity, line_total, unit_amount: line_total / quantity };
}

/** A line a price list priced at `unit`, below the tier's `tier` (both per unit). */
function listLine(
  product_id: string,
  name: string,
  quantity: number,
  unit: number,
  tier: number,
): SalesLine {
  return {
    product_id,
    name,
    quantity,
    unit_amount: unit,
    line_total: unit * quantity,
    price_list: { id: 'chain', name: 'Chain deal' },
    tier_unit_amount: tier,
  };
}

function order(overrides: Partial<SalesOrder> = {}): SalesOrder {
  return {
    user_id: 'u1',
    store_name: 'Corner Shop',
    status: 'processing',
    amount: 5000,
    refunded_amount: 0,
    // 10:00 Pacific (daylight time) on 2025-06-10, a Tuesday.
    paid_at: at('2025-06-10T17:00:00Z'),
    items: [line('syrup', 'Purple Syrup', 2, 3000), line('cups', 'Cups', 4, 2000)],
    ...overrides,
  };
}

/** Every day of a range, in order. */
function daysOf(range: DayRange): string[] {
  const days: string[] = [];
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The days the documents cover, in order, repeats kept. */
const coveredDays = (refs: RollupRef[]) => refs.flatMap((ref) => daysOf(rollupDays(ref)));

const paths = (writes: RollupWrite[]) => writes.map((w) => w.ref.path);

describe('business days (America/Los_Angeles)', () => {
  it('puts an instant on its Pacific day, not its UTC day', () => {
    // 2025-06-11T03:00Z is 20:00 on June 10 in Los Angeles (UTC-7).
    expect(businessDay(at('2025-06-11T03:00:00Z'))).toBe('2025-06-10');
    expect(businessDay(at('2025-06-11T06:59:59.999Z'))).toBe('2025-06-10');
    expect(businessDay(at('2025-06-11T07:00:00Z'))).toBe('2025-06-11');
    // Winter: UTC-8.
    expect(businessDay(at('2025-01-15T07:59:59.999Z'))).toBe('2025-01-14');
    expect(businessDay(at('2025-01-15T08:00:00Z'))).toBe('2025-01-15');
  });

  it('starts each day at Pacific midnight across the daylight-saving changes', () => {
    // 2025-03-09: clocks go forward at 2:00; the day starts at midnight PST (08:00Z).
    expect(startOfBusinessDay('2025-03-09').toISOString()).toBe('2025-03-09T08:00:00.000Z');
    expect(startOfBusinessDay('2025-03-10').toISOString()).toBe('2025-03-10T07:00:00.000Z');
    // 2025-11-02: clocks go back at 2:00; the day starts at midnight PDT (07:00Z).
    expect(startOfBusinessDay('2025-11-02').toISOString()).toBe('2025-11-02T07:00:00.000Z');
    expect(startOfBusinessDay('2025-11-03').toISOString()).toBe('2025-11-03T08:00:00.000Z');
    const hours = (day: string) => {
      const { start, endExclusive } = rangeInstants({ from: day, to: day });
      return (endExclusive.getTime() - start.getTime()) / 3_600_000;
    };
    expect([hours('2025-03-09'), hours('2025-06-10'), hours('2025-11-02')]).toEqual([23, 24, 25]);
  });

  it('counts an order on the Pacific day of its payment, on the daylight-saving days too', () => {
    const dayOf = (iso: string) => orderContribution(order({ paid_at: at(iso) }))?.day;
    // The last minute before the spring change's midnight, and the first of the next day.
    expect(dayOf('2025-03-09T07:59:00Z')).toBe('2025-03-08');
    expect(dayOf('2025-03-09T08:00:00Z')).toBe('2025-03-09');
    // 23:30 on March 9 is already daylight time (UTC-7).
    expect(dayOf('2025-03-10T06:30:00Z')).toBe('2025-03-09');
    expect(dayOf('2025-03-10T07:00:00Z')).toBe('2025-03-10');
    // The 25-hour day: 01:30 happens twice; 23:30 is standard time (UTC-8).
    expect(dayOf('2025-11-02T08:30:00Z')).toBe('2025-11-02');
    expect(dayOf('2025-11-02T09:30:00Z')).toBe('2025-11-02');
    expect(dayOf('2025-11-03T07:30:00Z')).toBe('2025-11-02');
    expect(dayOf('2025-11-03T08:00:00Z')).toBe('2025-11-03');
  });

  it('starts weeks on Monday and names months YYYY-MM', () => {
    expect(weekStart('2025-03-09')).toBe('2025-03-03'); // a Sunday
    expect(weekStart('2025-03-10')).toBe('2025-03-10'); // a Monday
    expect(weekStart('2025-03-11')).toBe('2025-03-10');
    expect(weekStart('2026-01-01')).toBe('2025-12-29'); // a Thursday: the week began last year
    expect(rollupRefsOfDay('2026-01-01').map((r) => r.path)).toEqual([
      'sales_days/2026-01-01',
      'sales_weeks/2025-12-29',
      'sales_months/2026-01',
    ]);
    expect(monthDays('2024-02')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(monthDays('2025-02')).toEqual({ from: '2025-02-01', to: '2025-02-28' });
    expect(rollupDays({ level: 'week', id: '2025-12-29' })).toEqual({
      from: '2025-12-29',
      to: '2026-01-04',
    });
  });
});

describe('an order in the rollups', () => {
  it('counts nothing before it is paid', () => {
    expect(orderContribution(order({ status: 'pending', paid_at: null }))).toBeNull();
    expect(orderContribution(order({ status: 'pending' }))).toBeNull();
    expect(orderContribution(order({ status: 'cancelled', paid_at: null }))).toBeNull();
    expect(rollupDelta(null, order({ status: 'pending', paid_at: null }))).toEqual([]);
    // A delayed payment that failed: pending -> cancelled, never paid.
    expect(
      rollupDelta(
        order({ status: 'pending', paid_at: null }),
        order({ status: 'cancelled', paid_at: null }),
      ),
    ).toEqual([]);
  });

  it('adds a payment to its day, week and month', () => {
    const paid = order();
    const increment = {
      revenue: 5000,
      paid_orders: 1,
      statuses: { processing: 1 },
      products: {
        syrup: { name: 'Purple Syrup', revenue: 3000, units: 2 },
        cups: { name: 'Cups', revenue: 2000, units: 4 },
      },
      stores: { u1: { name: 'Corner Shop', revenue: 5000, orders: 1 } },
    };
    const writes = rollupDelta(null, paid);
    expect(paths(writes)).toEqual([
      'sales_days/2025-06-10',
      'sales_months/2025-06',
      'sales_weeks/2025-06-09',
    ]);
    for (const write of writes) expect(write.increment).toEqual(increment);
    // A pending order that clears adds the same.
    const pending = order({ status: 'pending', paid_at: null });
    expect(rollupDelta(pending, paid)).toEqual(writes);
  });

  it('adds up lines of one product', () => {
    const twice = order({
      items: [line('syrup', 'Purple Syrup', 2, 3000), line('syrup', 'Purple Syrup', 1, 2000)],
    });
    expect(orderContribution(twice)?.rollup.products).toEqual({
      syrup: { name: 'Purple Syrup', revenue: 5000, units: 3, list_discount: 0 },
    });
  });

  it('moves only the status count when an order ships or is delivered', () => {
    const processing = order();
    const shipped = order({ status: 'shipped' });
    const delivered = order({ status: 'delivered' });
    for (const write of rollupDelta(processing, shipped)) {
      expect(write.increment).toEqual({ statuses: { processing: -1, shipped: 1 } });
    }
    for (const write of rollupDelta(shipped, delivered)) {
      expect(write.increment).toEqual({ statuses: { shipped: -1, delivered: 1 } });
    }
    expect(rollupDelta(shipped, shipped)).toEqual([]);
  });

  it('takes a partial refund off the store, keeps the products', () => {
    const writes = rollupDelta(
      order({ status: 'shipped' }),
      order({ status: 'shipped', refunded_amount: 1500 }),
    );
    expect(writes).toHaveLength(3);
    for (const write of writes) {
      expect(write.increment).toEqual({
        refunded: 1500,
        stores: { u1: { name: 'Corner Shop', revenue: -1500 } },
      });
    }
  });

  it('takes a refund by lines off the store and exactly those units and cents off the product', () => {
    const writes = rollupDelta(
      order({ status: 'shipped' }),
      order({
        status: 'shipped',
        refunded_amount: 1500,
        refunded_lines: new Map([['syrup', { units: 1, amount: 1500 }]]),
      }),
    );
    expect(writes).toHaveLength(3);
    for (const write of writes) {
      expect(write.increment).toEqual({
        refunded: 1500,
        stores: { u1: { name: 'Corner Shop', revenue: -1500 } },
        products: { syrup: { name: 'Purple Syrup', revenue: -1500, units: -1 } },
      });
    }
  });

  it('takes a cancelled order out of the products and its refund off the store', () => {
    const writes = rollupDelta(
      order({ refunded_amount: 1000 }),
      order({ status: 'cancelled', refunded_amount: 5000 }),
    );
    for (const write of writes) {
      expect(write.increment).toEqual({
        refunded: 4000,
        statuses: { processing: -1, cancelled: 1 },
        products: {
          syrup: { name: 'Purple Syrup', revenue: -3000, units: -2 },
          cups: { name: 'Cups', revenue: -2000, units: -4 },
        },
        stores: { u1: { name: 'Corner Shop', revenue: -4000 } },
      });
    }
    // Still a paid order: it counts in paid_orders, gross revenue and refunded.
    expect(
      orderContribution(order({ status: 'cancelled', refunded_amount: 5000 }))?.rollup,
    ).toMatchObject({
      revenue: 5000,
      refunded: 5000,
      paid_orders: 1,
      products: {},
      stores: { u1: { revenue: 0, orders: 1 } },
    });
  });

  it('adds up, over a lifecycle, to what is built from the final order', () => {
    const steps = [
      null,
      order({ status: 'pending', paid_at: null }),
      order(),
      order({ status: 'shipped' }),
      order({ status: 'shipped', refunded_amount: 700 }),
      order({ status: 'delivered', refunded_amount: 700 }),
    ];
    const second = [null, order({ user_id: 'u2', store_name: 'Two', amount: 900, items: [] })];
    const third = [
      null,
      order({ paid_at: at('2025-06-16T17:00:00Z') }),
      order({ paid_at: at('2025-06-16T17:00:00Z'), status: 'cancelled', refunded_amount: 5000 }),
    ];
    const docs = new Map<string, SalesRollup>();
    for (const lifecycle of [steps, second, third]) {
      for (let i = 1; i < lifecycle.length; i += 1) {
        for (const { ref, increment } of rollupDelta(lifecycle[i - 1]!, lifecycle[i]!)) {
          docs.set(
            ref.path,
            sumRollups([docs.get(ref.path) ?? emptyRollup(), readRollup(increment)]),
          );
        }
      }
    }
    const built = buildRollups([steps.at(-1)!, second.at(-1)!, third.at(-1)!], []);
    expect(built.map((b) => b.ref.path)).toEqual([...docs.keys()].sort());
    for (const { ref, rollup } of built) {
      const incremental = docs.get(ref.path)!;
      // Entries brought back to zero (the cancelled order's products) are dropped from both.
      const compact = (r: SalesRollup) => ({
        ...r,
        products: Object.fromEntries(Object.entries(r.products).filter(([, p]) => p.units !== 0)),
      });
      expect([ref.path, compact(incremental)]).toEqual([ref.path, rollup]);
    }
    expect(built.find((b) => b.ref.path === 'sales_months/2025-06')?.rollup).toEqual({
      revenue: 10900,
      uncollected: 0,
      refunded: 5700,
      paid_orders: 3,
      list_discount: 0,
      statuses: {
        awaiting_payment: 0,
        processing: 1,
        partially_shipped: 0,
        shipped: 0,
        delivered: 1,
        cancelled: 1,
        refunded: 0,
      },
      approved_buyers: 0,
      products: {
        syrup: { name: 'Purple Syrup', revenue: 3000, units: 2, list_discount: 0 },
        cups: { name: 'Cups', revenue: 2000, units: 4, list_discount: 0 },
      },
      stores: {
        u1: { name: 'Corner Shop', revenue: 4300, orders: 2 },
        u2: { name: 'Two', revenue: 900, orders: 1 },
      },
    });
  });

  it('counts the store credit an order spent and the credit notes on its open invoice as revenue', () => {
    const paidAt = at('2025-06-10T18:00:00Z');
    const order: SalesOrder = {
      user_id: 'u1',
      store_name: 'Corner Shop',
      status: 'processing',
      amount: 4000,
      refunded_amount: 0,
      paid_at: paidAt,
      items: [
        { product_id: 'syrup', name: 'Syrup', quantity: 2, unit_amount: 2500, line_total: 5000 },
      ],
      store_credit_spent: 1000,
    };
    const card = orderContribution(order)!.rollup;
    expect(card.revenue).toBe(5000);
    expect(card.stores.u1?.revenue).toBe(5000);
    const onTerms = orderContribution({
      ...order,
      store_credit_spent: 0,
      credit_notes_on_invoice: 1000,
      on_terms: { booked_at: paidAt, state: 'open' },
    })!.rollup;
    expect(onTerms.revenue).toBe(5000);
    expect(onTerms.uncollected).toBe(5000);
  });

  it('counts an approval on its Pacific day, week and month', () => {
    const writes = approvalDelta(at('2025-03-10T06:30:00Z'));
    expect(writes).toEqual([
      {
        ref: expect.objectContaining({ path: 'sales_days/2025-03-09' }),
        increment: { approved_buyers: 1 },
      },
      {
        ref: expect.objectContaining({ path: 'sales_weeks/2025-03-03' }),
        increment: { approved_buyers: 1 },
      },
      {
        ref: expect.objectContaining({ path: 'sales_months/2025-03' }),
        increment: { approved_buyers: 1 },
      },
    ]);
    const built = buildRollups([], [at('2025-03-10T06:30:00Z'), at('2025-03-10T07:30:00Z')]);
    expect(built.map((b) => [b.ref.path, b.rollup.approved_buyers])).toEqual([
      ['sales_days/2025-03-09', 1],
      ['sales_days/2025-03-10', 1],
      ['sales_months/2025-03', 2],
      ['sales_weeks/2025-03-03', 1],
      ['sales_weeks/2025-03-10', 1],
    ]);
  });

  it('reads a stored document with missing or odd fields as zeros', () => {
    expect(readRollup(undefined)).toEqual(emptyRollup());
    expect(
      readRollup({
        approved_buyers: 2,
        statuses: { shipped: 1, bogus: 4 },
        products: { p: { units: 3 }, q: 'x' },
        revenue: 'lots',
      }),
    ).toEqual({
      ...emptyRollup(),
      approved_buyers: 2,
      statuses: {
        awaiting_payment: 0,
        processing: 0,
        partially_shipped: 0,
        shipped: 1,
        delivered: 0,
        cancelled: 0,
        refunded: 0,
      },
      products: {
        p: { name: '', revenue: 0, units: 3, list_discount: 0 },
        q: { name: '', revenue: 0, units: 0, list_discount: 0 },
      },
    });
  });

  it('reads a document from before price lists (no list_discount) as no discount', () => {
    const old = {
      revenue: 5000,
      paid_orders: 1,
      statuses: { processing: 1 },
      products: { syrup: { name: 'Purple Syrup', revenue: 3000, units: 2 } },
      stores: { u1: { name: 'Corner Shop', revenue: 5000, orders: 1 } },
    };
    const rollup = readRollup(old);
    expect(rollup.list_discount).toBe(0);
    expect(rollup.products.syrup).toEqual({
      name: 'Purple Syrup',
      revenue: 3000,
      units: 2,
      list_discount: 0,
    });
    // A list-priced order added to it counts from there.
    const listed = order({ items: [listLine('syrup', 'Purple Syrup', 2, 1200, 1500)] });
    const [day] = rollupDelta(null, listed);
    const sum = sumRollups([rollup, readRollup(day!.increment)]);
    expect(sum.list_discount).toBe(600);
    expect(sum.products.syrup).toMatchObject({ revenue: 5400, units: 4, list_discount: 600 });
  });
});

describe('the discount given through price lists', () => {
  // Syrup at a list's $12.00 instead of the tier's $15.00 (2 units: $6.00 off); cups at the tier.
  const listed = (overrides: Partial<SalesOrder> = {}) =>
    order({
      amount: 4400,
      items: [listLine('syrup', 'Purple Syrup', 2, 1200, 1500), line('cups', 'Cups', 4, 2000)],
      ...overrides,
    });

  it('is (tier_unit_amount - unit_amount) x quantity on a list-priced line, else 0', () => {
    expect(lineListDiscount(listLine('syrup', 'Purple Syrup', 3, 1200, 1500))).toBe(900);
    expect(lineListDiscount(line('cups', 'Cups', 4, 2000))).toBe(0);
    // A tier price without the list that lowered it (never written so) counts nothing.
    expect(lineListDiscount({ ...line('cups', 'Cups', 4, 2000), tier_unit_amount: 900 })).toBe(0);
  });

  it('adds the discount to the order’s day, week and month and to its product', () => {
    const writes = rollupDelta(null, listed());
    expect(writes).toHaveLength(3);
    for (const write of writes) {
      expect(write.increment).toEqual({
        revenue: 4400,
        paid_orders: 1,
        list_discount: 600,
        statuses: { processing: 1 },
        products: {
          syrup: { name: 'Purple Syrup', revenue: 2400, units: 2, list_discount: 600 },
          cups: { name: 'Cups', revenue: 2000, units: 4 },
        },
        stores: { u1: { name: 'Corner Shop', revenue: 4400, orders: 1 } },
      });
    }
    // Not while pending: a bank transfer that clears adds it then.
    expect(rollupDelta(null, listed({ status: 'pending', paid_at: null }))).toEqual([]);
    expect(rollupDelta(listed({ status: 'pending', paid_at: null }), listed())).toEqual(writes);
  });

  it('keeps it through shipping, a partial refund and a refund in full; takes it out on cancel', () => {
    const paid = listed();
    const shipped = listed({ status: 'shipped' });
    const partly = listed({ status: 'shipped', refunded_amount: 1000 });
    for (const write of rollupDelta(paid, shipped)) {
      expect(write.increment).toEqual({ statuses: { processing: -1, shipped: 1 } });
    }
    // A refund is not tied to lines: the products, and their discount, stay.
    for (const write of rollupDelta(shipped, partly)) {
      expect(write.increment).toEqual({
        refunded: 1000,
        stores: { u1: { name: 'Corner Shop', revenue: -1000 } },
      });
    }
    // Refunded in full while processing: as for the products' revenue, the discount stays.
    for (const write of rollupDelta(paid, listed({ status: 'refunded', refunded_amount: 4400 }))) {
      expect(write.increment).not.toHaveProperty('list_discount');
      expect(write.increment).not.toHaveProperty('products');
    }
    // Cancelled (with its full refund): the lines leave, with their discount.
    for (const write of rollupDelta(paid, listed({ status: 'cancelled', refunded_amount: 4400 }))) {
      expect(write.increment).toEqual({
        refunded: 4400,
        list_discount: -600,
        statuses: { processing: -1, cancelled: 1 },
        products: {
          syrup: { name: 'Purple Syrup', revenue: -2400, units: -2, list_discount: -600 },
          cups: { name: 'Cups', revenue: -2000, units: -4 },
        },
        stores: { u1: { name: 'Corner Shop', revenue: -4400 } },
      });
    }
    expect(
      orderContribution(listed({ status: 'cancelled', refunded_amount: 4400 }))?.rollup
        .list_discount,
    ).toBe(0);
  });

  it('adds up, over each lifecycle, to what is built from the final orders', () => {
    const lifecycles: Array<Array<SalesOrder | null>> = [
      // Paid, shipped, partly refunded, delivered.
      [
        null,
        listed(),
        listed({ status: 'shipped' }),
        listed({ status: 'shipped', refunded_amount: 1000 }),
        listed({ status: 'delivered', refunded_amount: 1000 }),
      ],
      // Paid, then cancelled with its refund.
      [null, listed(), listed({ status: 'cancelled', refunded_amount: 4400 })],
      // Pending, cleared, refunded in full.
      [
        null,
        listed({ status: 'pending', paid_at: null }),
        listed(),
        listed({ status: 'refunded', refunded_amount: 4400 }),
      ],
      // Another store, another day of the week: a deeper list on cups too.
      [
        null,
        order({
          user_id: 'u2',
          store_name: 'Two',
          paid_at: at('2025-06-12T17:00:00Z'),
          amount: 3600,
          items: [
            listLine('syrup', 'Purple Syrup', 1, 1000, 1500),
            listLine('cups', 'Cups', 4, 400, 500),
          ],
        }),
      ],
    ];
    const docs = new Map<string, SalesRollup>();
    for (const lifecycle of lifecycles) {
      for (let i = 1; i < lifecycle.length; i += 1) {
        for (const { ref, increment } of rollupDelta(lifecycle[i - 1]!, lifecycle[i]!)) {
          docs.set(
            ref.path,
            sumRollups([docs.get(ref.path) ?? emptyRollup(), readRollup(increment)]),
          );
        }
      }
    }
    const built = buildRollups(
      lifecycles.map((l) => l.at(-1)!),
      [],
    );
    expect(built.map((b) => b.ref.path)).toEqual([...docs.keys()].sort());
    for (const { ref, rollup } of built) {
      expect([ref.path, compactRollup(docs.get(ref.path)!)]).toEqual([ref.path, rollup]);
    }
    // The week: 600 (delivered) + 600 (refunded in full) + 500 + 400; the cancelled one none.
    expect(built.find((b) => b.ref.path === 'sales_weeks/2025-06-09')?.rollup).toMatchObject({
      list_discount: 2100,
      products: {
        syrup: { revenue: 5800, units: 5, list_discount: 1700 },
        cups: { revenue: 5600, units: 12, list_discount: 400 },
      },
    });
    expect(built.find((b) => b.ref.path === 'sales_days/2025-06-12')?.rollup.list_discount).toBe(
      900,
    );
  });
});

describe('which documents answer a range', () => {
  const RANGES: DayRange[] = [
    { from: '2025-06-10', to: '2025-06-10' },
    { from: '2025-06-01', to: '2025-06-30' },
    { from: '2025-06-09', to: '2025-06-15' },
    { from: '2025-01-29', to: '2025-03-03' },
    { from: '2024-02-26', to: '2024-03-31' },
    { from: '2025-12-22', to: '2026-01-11' },
    { from: '2021-03-17', to: '2026-03-16' },
    { from: '2024-01-01', to: '2024-12-31' },
  ];

  it('covers every day of the range exactly once', () => {
    for (const range of RANGES) {
      expect([range, coveredDays(coverRange(range))]).toEqual([range, daysOf(range)]);
    }
    // Every start and length in a window around a year end and a leap day.
    for (let start = 0; start < 45; start += 1) {
      for (const length of [1, 2, 6, 7, 8, 13, 27, 28, 29, 31, 33, 62, 95]) {
        const from = addDays('2023-12-20', start * 17);
        const range = { from, to: addDays(from, length - 1) };
        expect([range, coveredDays(coverRange(range))]).toEqual([range, daysOf(range)]);
      }
    }
  });

  it('uses the fewest documents', () => {
    const count = (from: string, to: string) => coverRange({ from, to }).length;
    expect(count('2025-06-10', '2025-06-10')).toBe(1);
    expect(count('2025-06-01', '2025-06-30')).toBe(1); // the month
    expect(count('2025-06-09', '2025-06-15')).toBe(1); // the week
    expect(count('2025-06-09', '2025-07-06')).toBe(4); // four weeks beat a month and 8 days
    expect(count('2024-01-01', '2024-12-31')).toBe(12);
    // 3 days of January, February, 3 days of March (no whole week fits around them).
    expect(count('2025-01-29', '2025-03-03')).toBe(7);
    // Monday 2025-08-25 .. Sunday 2025-08-31 is a week; then September and October.
    expect(count('2025-08-25', '2025-10-31')).toBe(3);
    // Monday 2025-03-31 is left over between the week before it and April.
    expect(count('2025-03-24', '2025-05-31')).toBe(4);
    // Five years: 58 whole months and the two ends by weeks and days.
    const five = coverRange({ from: '2021-03-17', to: '2026-03-16' });
    expect(five.filter((r) => r.level === 'month')).toHaveLength(59);
    expect(five.length).toBeLessThanOrEqual(59 + 2 * (3 + 6));
  });

  it('picks days up to 92 days, weeks up to two years, months beyond, weeks when asked', () => {
    const from = '2025-01-01';
    const ofLength = (days: number) => ({ from, to: addDays(from, days - 1) });
    expect(seriesInterval(ofLength(1))).toBe('day');
    expect(seriesInterval(ofLength(DAY_SERIES_MAX_DAYS))).toBe('day');
    expect(seriesInterval(ofLength(DAY_SERIES_MAX_DAYS + 1))).toBe('week');
    expect(seriesInterval(ofLength(WEEK_SERIES_MAX_DAYS))).toBe('week');
    expect(seriesInterval(ofLength(WEEK_SERIES_MAX_DAYS + 1))).toBe('month');
    expect(seriesInterval(ofLength(7), 'week')).toBe('week');
    expect(seriesInterval(ofLength(WEEK_SERIES_MAX_DAYS + 1), 'week')).toBe('month');
  });

  it('plans zero-filled buckets that cover the range, and the previous period', () => {
    for (const range of RANGES) {
      for (const asked of ['day', 'week'] as const) {
        const plan = planOverview(range, asked);
        expect(coveredDays(plan.series.flatMap((b) => b.refs))).toEqual(daysOf(range));
        expect(coveredDays(plan.previous)).toEqual(daysOf(previousRange(range)));
        expect(plan.reads.length).toBe(new Set(plan.reads.map((r) => r.path)).size);
        expect(plan.reads.length).toBeLessThan(250);
        // Buckets follow each other: each starts where the calendar says.
        for (const bucket of plan.series) {
          if (plan.interval === 'week') expect(weekStart(bucket.start)).toBe(bucket.start);
          if (plan.interval === 'month') expect(bucket.start.endsWith('-01')).toBe(true);
        }
      }
    }
  });

  it('reads a week partly outside the range as its days inside', () => {
    // Wednesday 2025-06-11 .. Tuesday 2025-06-24, by weeks.
    const plan = planOverview({ from: '2025-06-11', to: '2025-06-24' }, 'week');
    expect(plan.interval).toBe('week');
    expect(plan.series.map((b) => [b.start, b.refs.map((r) => r.path)])).toEqual([
      [
        '2025-06-09',
        ['2025-06-11', '2025-06-12', '2025-06-13', '2025-06-14', '2025-06-15'].map(
          (d) => `sales_days/${d}`,
        ),
      ],
      ['2025-06-16', ['sales_weeks/2025-06-16']],
      ['2025-06-23', ['sales_days/2025-06-23', 'sales_days/2025-06-24']],
    ]);
  });

  it('reads the documents as runs of consecutive ids, a range query each', () => {
    const runsOf = (refs: RollupRef[]) =>
      rollupRuns(refs).map((run) => [run.collection, run.first, run.last, run.refs.length]);
    // The last 30 days by day: the days of the range and the two days before it that the
    // previous period ends with make one run; that period's four weeks another.
    const plan = planOverview({ from: '2026-11-04', to: '2026-12-03' });
    expect(runsOf(plan.reads)).toEqual([
      ['sales_days', '2026-11-02', '2026-12-03', 32],
      ['sales_weeks', '2026-10-05', '2026-10-26', 4],
    ]);
    // Months run across a year end; a gap starts a new run; each document once.
    const month = (id: string): RollupRef => ({ level: 'month', id, path: `sales_months/${id}` });
    const day = (id: string): RollupRef => ({ level: 'day', id, path: `sales_days/${id}` });
    expect(
      runsOf([
        month('2026-01'),
        month('2025-12'),
        month('2025-11'),
        month('2026-03'),
        day('2024-02-29'),
        day('2024-02-28'),
        day('2024-03-01'),
        day('2024-02-28'),
      ]),
    ).toEqual([
      ['sales_days', '2024-02-28', '2024-03-01', 3],
      ['sales_months', '2025-11', '2026-01', 3],
      ['sales_months', '2026-03', '2026-03', 1],
    ]);
    // Every plan: the runs hold each document once, and only the documents between their ids.
    for (const range of RANGES) {
      for (const asked of ['day', 'week'] as const) {
        const { reads } = planOverview(range, asked);
        const runs = rollupRuns(reads);
        expect(runs.flatMap((run) => run.refs.map((r) => r.path)).sort()).toEqual(
          reads.map((r) => r.path).sort(),
        );
        expect(runs.length).toBeLessThanOrEqual(reads.length);
        for (const run of runs) {
          expect(run.refs[0]!.id).toBe(run.first);
          expect(run.refs[run.refs.length - 1]!.id).toBe(run.last);
          const days = run.refs.flatMap((ref) => {
            const { from, to } = rollupDays(ref);
            return [from, to];
          });
          // Consecutive: each document starts the day after the one before it ends.
          for (let i = 1; i < run.refs.length; i += 1) {
            expect(days[2 * i]).toBe(addDays(days[2 * i - 1]!, 1));
          }
        }
      }
    }
  });

  it('reads few documents for the ranges the Overview offers', () => {
    const sizes = {
      'last 30 days': planOverview({ from: '2026-02-15', to: '2026-03-16' }).reads.length,
      'this year': planOverview({ from: '2026-01-01', to: '2026-12-30' }).reads.length,
      'five years': planOverview({ from: '2021-03-17', to: '2026-03-16' }).reads.length,
    };
    expect(sizes['last 30 days']).toBeLessThanOrEqual(30 + 14);
    expect(sizes['this year']).toBeLessThanOrEqual(53 + 12 + 2 + 6 + 12);
    expect(sizes['five years']).toBeLessThanOrEqual(2 * (61 + 2 * 9));
  });
});

describe('the Overview from the documents', () => {
  // Orders over three weeks of June 2025 (Pacific days): the range is June 11..24.
  const orders: SalesOrder[] = [
    // June 10 (before the range, same week as its first days).
    order({ paid_at: at('2025-06-10T17:00:00Z'), amount: 100_00, items: [] }),
    // June 11: two stores.
    order({ paid_at: at('2025-06-11T17:00:00Z') }),
    order({
      user_id: 'u2',
      store_name: 'Big Store',
      paid_at: at('2025-06-12T06:30:00Z'), // 23:30 on June 11
      amount: 12_000,
      // A list's $120.00 instead of the tier's $150.00.
      items: [listLine('machine', 'Machine', 1, 12_000, 15_000)],
    }),
    // June 17: shipped, partly refunded.
    order({ status: 'shipped', refunded_amount: 1000, paid_at: at('2025-06-17T20:00:00Z') }),
    // June 24: cancelled with a full refund (its list's discount does not count).
    order({
      status: 'cancelled',
      refunded_amount: 5000,
      paid_at: at('2025-06-24T20:00:00Z'),
      items: [listLine('syrup', 'Purple Syrup', 2, 1500, 1800), line('cups', 'Cups', 4, 2000)],
    }),
    // June 25 (after the range).
    order({ paid_at: at('2025-06-25T20:00:00Z'), amount: 77_00, items: [] }),
    // Never paid.
    order({ status: 'pending', paid_at: null, amount: 999_00 }),
    // The previous period (May 28 .. June 10) has the June 10 order and this one.
    order({
      user_id: 'u3',
      store_name: 'Old',
      paid_at: at('2025-05-28T17:00:00Z'),
      amount: 3000,
      items: [listLine('old', 'Old Syrup', 2, 1500, 1750)],
    }),
  ];
  const approvals = [
    at('2025-06-12T18:00:00Z'),
    at('2025-06-20T18:00:00Z'),
    at('2025-06-05T18:00:00Z'),
  ];
  const docs = new Map(
    buildRollups(orders, approvals).map(({ ref, rollup }) => [ref.path, rollup]),
  );
  const range = { from: '2025-06-11', to: '2025-06-24' };

  it('sums the range, the previous period and the statuses', () => {
    const overview = summarizeOverview(planOverview(range), docs);
    expect(overview.range).toEqual(range);
    expect(overview.previousRange).toEqual({ from: '2025-05-28', to: '2025-06-10' });
    // Paid: 5000 + 12000 + 5000 + 5000 = 27000; refunded 1000 + 5000.
    expect(overview.totals).toEqual({
      revenue: 21_000,
      refunded: 6000,
      paidOrders: 4,
      averageOrderValue: 5250,
      approvedBuyers: 2,
      listDiscount: 3000,
      collected: 21_000,
      credits: 0,
      netAfterCredits: 21_000,
    });
    expect(overview.previousTotals).toEqual({
      revenue: 13_000,
      refunded: 0,
      paidOrders: 2,
      averageOrderValue: 6500,
      approvedBuyers: 1,
      listDiscount: 500,
      collected: 13_000,
      credits: 0,
      netAfterCredits: 13_000,
    });
    expect(overview.byStatus).toEqual({
      awaiting_payment: 0,
      processing: 2,
      partially_shipped: 0,
      shipped: 1,
      delivered: 0,
      cancelled: 1,
      refunded: 0,
    });
  });

  it('gives a zero-filled day series', () => {
    const overview = summarizeOverview(planOverview(range), docs);
    expect(overview.interval).toBe('day');
    expect(overview.series).toHaveLength(rangeLength(range));
    expect(overview.series[0]).toEqual({ start: '2025-06-11', revenue: 17_000, orders: 2 });
    expect(overview.series[1]).toEqual({ start: '2025-06-12', revenue: 0, orders: 0 });
    expect(overview.series[6]).toEqual({ start: '2025-06-17', revenue: 4000, orders: 1 });
    expect(overview.series[13]).toEqual({ start: '2025-06-24', revenue: 0, orders: 1 });
    expect(overview.series.reduce((sum, p) => sum + p.revenue, 0)).toBe(overview.totals.revenue);
  });

  it('gives weeks that count only their days inside the range', () => {
    const overview = summarizeOverview(planOverview(range, 'week'), docs);
    expect(overview.interval).toBe('week');
    // The June 10 order is in the first week but not in the range.
    expect(overview.series).toEqual([
      { start: '2025-06-09', revenue: 17_000, orders: 2 },
      { start: '2025-06-16', revenue: 4000, orders: 1 },
      { start: '2025-06-23', revenue: 0, orders: 1 },
    ]);
    expect(overview.totals.revenue).toBe(21_000);
  });

  it('ranks products by revenue and by units, and stores by revenue net of refunds', () => {
    const overview = summarizeOverview(planOverview(range), docs);
    // Cancelled lines are out; the partial refund stays on the products.
    expect(overview.topProductsByRevenue).toEqual([
      { productId: 'machine', name: 'Machine', revenue: 12_000, units: 1, listDiscount: 3000 },
      { productId: 'syrup', name: 'Purple Syrup', revenue: 6000, units: 4, listDiscount: 0 },
      { productId: 'cups', name: 'Cups', revenue: 4000, units: 8, listDiscount: 0 },
    ]);
    expect(overview.topProductsByUnits.find((p) => p.productId === 'machine')).toMatchObject({
      listDiscount: 3000,
    });
    expect(overview.topProductsByUnits.map((p) => p.productId)).toEqual([
      'cups',
      'syrup',
      'machine',
    ]);
    expect(overview.topStores).toEqual([
      { uid: 'u2', storeName: 'Big Store', revenue: 12_000, orders: 1, lastOrderAt: null },
      { uid: 'u1', storeName: 'Corner Shop', revenue: 9000, orders: 3, lastOrderAt: null },
    ]);
  });

  it('keeps ten of each list', () => {
    const many: SalesOrder[] = Array.from({ length: 14 }, (_, i) =>
      order({
        user_id: `s${i}`,
        store_name: `Store ${i}`,
        amount: 1000 + i,
        items: [line(`p${i}`, `P${i}`, 20 - i, 1000 + i)],
      }),
    );
    const built = new Map(buildRollups(many, []).map(({ ref, rollup }) => [ref.path, rollup]));
    const overview = summarizeOverview(
      planOverview({ from: '2025-06-10', to: '2025-06-10' }),
      built,
    );
    expect(overview.topProductsByRevenue.map((p) => p.productId)).toEqual(
      [13, 12, 11, 10, 9, 8, 7, 6, 5, 4].map((i) => `p${i}`),
    );
    expect(overview.topProductsByUnits.map((p) => p.productId)).toEqual(
      [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((i) => `p${i}`),
    );
    expect(overview.topStores.map((s) => s.uid)).toEqual(
      [13, 12, 11, 10, 9, 8, 7, 6, 5, 4].map((i) => `s${i}`),
    );
  });

  it('answers an empty period with zeros', () => {
    const overview = summarizeOverview(
      planOverview({ from: '2030-01-01', to: '2030-01-07' }),
      docs,
    );
    expect(overview.totals).toEqual({
      revenue: 0,
      refunded: 0,
      paidOrders: 0,
      averageOrderValue: 0,
      approvedBuyers: 0,
      listDiscount: 0,
      collected: 0,
      credits: 0,
      netAfterCredits: 0,
    });
    expect(overview.claims).toEqual({
      reported: 0,
      unitsClaimed: 0,
      refunds: 0,
      creditNotes: 0,
      storeCredit: 0,
      replacements: 0,
      replacementsValue: 0,
      byProduct: [],
    });
    expect(overview.series.every((p) => p.revenue === 0 && p.orders === 0)).toBe(true);
    expect(overview.topStores).toEqual([]);
  });
});

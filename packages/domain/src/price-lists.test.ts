import { describe, expect, it } from 'vitest';
import { unitPriceAt } from './price-breaks';
import {
  applicableEntries,
  companyLadder,
  entryUnitPrice,
  formatPercentOff,
  percentOff,
  priceListActiveAt,
  priceListState,
  resolveUnitPrice,
  type AppliedEntry,
  type PriceListEntry,
  type PriceListTerms,
  type TierPrice,
} from './price-lists';

const tier: TierPrice = {
  base: 1000,
  breaks: [
    { min_quantity: 12, unit_amount: 900 },
    { min_quantity: 48, unit_amount: 800 },
  ],
};

const fixed = (unit_amount: number, breaks: PriceListEntry['breaks'] = []): PriceListEntry =>
  ({ kind: 'fixed', unit_amount, breaks }) as PriceListEntry;
const percent = (bps: number, breaks: { min_quantity: number; percent_off_bps: number }[] = []) =>
  ({ kind: 'percent', percent_off_bps: bps, breaks }) as PriceListEntry;
const applied = (listId: string, entry: PriceListEntry): AppliedEntry => ({
  listId,
  listName: `List ${listId}`,
  entry,
});

function list(
  id: string,
  entries: PriceListTerms['entries'],
  window: Partial<PriceListTerms> = {},
) {
  return { id, name: `List ${id}`, valid_from: null, valid_to: null, entries, ...window };
}

describe('percentOff and its label', () => {
  it('rounds to the nearest cent and never gives goods away', () => {
    expect(percentOff(1000, 500)).toBe(950);
    expect(percentOff(999, 750)).toBe(924); // 924.075
    expect(percentOff(1, 9000)).toBe(1);
  });
  it('reads as a percentage', () => {
    expect(formatPercentOff(500)).toBe('5%');
    expect(formatPercentOff(750)).toBe('7.5%');
    expect(formatPercentOff(1225)).toBe('12.25%');
  });
});

describe('entryUnitPrice', () => {
  it('a fixed price with breaks of its own', () => {
    const entry = fixed(850, [{ min_quantity: 24, unit_amount: 700 }]);
    expect(entryUnitPrice(entry, tier, 1)).toBe(850);
    expect(entryUnitPrice(entry, tier, 24)).toBe(700);
  });
  it('a percentage off the tier price at the quantity, tier breaks included', () => {
    const entry = percent(1000, [{ min_quantity: 100, percent_off_bps: 2000 }]);
    expect(entryUnitPrice(entry, tier, 1)).toBe(900);
    expect(entryUnitPrice(entry, tier, 12)).toBe(810);
    expect(entryUnitPrice(entry, tier, 48)).toBe(720);
    expect(entryUnitPrice(entry, tier, 100)).toBe(640);
  });
});

describe('resolveUnitPrice: the lowest price wins', () => {
  it('is the tier price when no list applies', () => {
    expect(resolveUnitPrice(tier, [], 12)).toEqual({
      unit_amount: 900,
      tier_unit_amount: 900,
      price_list: null,
    });
  });

  it('takes the cheapest of overlapping lists at each quantity', () => {
    const lists = [
      applied('a', fixed(950, [{ min_quantity: 24, unit_amount: 700 }])),
      applied('b', percent(500)),
    ];
    // 1 unit: a 950, b 950 (5% off 1000): a tie between lists goes to the id that sorts first.
    expect(resolveUnitPrice(tier, lists, 1).price_list?.id).toBe('a');
    // 12 units: tier 900, a 950, b 855.
    expect(resolveUnitPrice(tier, lists, 12)).toMatchObject({
      unit_amount: 855,
      tier_unit_amount: 900,
      price_list: { id: 'b' },
    });
    // 24 units: a's own break (700) beats b (855).
    expect(resolveUnitPrice(tier, lists, 24)).toMatchObject({
      unit_amount: 700,
      price_list: { id: 'a' },
    });
  });

  it('gives a tie with the tier to the tier (nothing attributed to a list)', () => {
    expect(resolveUnitPrice(tier, [applied('a', fixed(900))], 12)).toEqual({
      unit_amount: 900,
      tier_unit_amount: 900,
      price_list: null,
    });
  });

  it('ignores a list price above the tier price (a tier break beats it)', () => {
    expect(resolveUnitPrice(tier, [applied('a', fixed(950))], 48).price_list).toBeNull();
  });
});

describe('validity windows', () => {
  const from = new Date('2026-12-01T08:00:00Z');
  const to = new Date('2026-12-08T08:00:00Z');
  it('applies from its first moment until (not at) its end', () => {
    const window = { valid_from: from, valid_to: to };
    expect(priceListActiveAt(window, new Date(from.getTime() - 1))).toBe(false);
    expect(priceListActiveAt(window, from)).toBe(true);
    expect(priceListActiveAt(window, new Date(to.getTime() - 1))).toBe(true);
    expect(priceListActiveAt(window, to)).toBe(false);
    expect(priceListState(window, new Date(from.getTime() - 1))).toBe('scheduled');
    expect(priceListState(window, from)).toBe('active');
    expect(priceListState(window, to)).toBe('expired');
  });

  it('applicableEntries drops lists outside their window and indexes the rest by product', () => {
    const lists = [
      list('b', { p1: percent(500) }),
      list('a', { p1: fixed(100), p2: fixed(200) }),
      list('x', { p1: fixed(1) }, { valid_to: from }),
      list('y', { p2: fixed(1) }, { valid_from: to }),
    ];
    const index = applicableEntries(lists, new Date('2026-12-02T00:00:00Z'));
    expect(index.get('p1')?.map((e) => e.listId)).toEqual(['a', 'b']);
    expect(index.get('p2')?.map((e) => e.listId)).toEqual(['a']);
    expect(index.has('p3')).toBe(false);
    const only = applicableEntries(lists, new Date('2026-12-02T00:00:00Z'), new Set(['p2']));
    expect([...only.keys()]).toEqual(['p2']);
  });
});

describe('companyLadder: the display ladder is what checkout charges', () => {
  const cases: [string, AppliedEntry[]][] = [
    ['no list', []],
    ['a fixed price under the tier', [applied('a', fixed(950))]],
    [
      'a fixed price with breaks',
      [applied('a', fixed(990, [{ min_quantity: 30, unit_amount: 600 }]))],
    ],
    [
      'a percentage with breaks',
      [applied('a', percent(500, [{ min_quantity: 60, percent_off_bps: 1500 }]))],
    ],
    [
      'overlapping lists',
      [
        applied('a', fixed(980, [{ min_quantity: 6, unit_amount: 870 }])),
        applied('b', percent(300, [{ min_quantity: 24, percent_off_bps: 1200 }])),
      ],
    ],
  ];
  it.each(cases)('%s: every quantity from 1 to 999 agrees', (_name, entries) => {
    const ladder = companyLadder(tier, entries);
    for (let quantity = 1; quantity <= 999; quantity += 1) {
      expect(unitPriceAt(ladder.base, ladder.breaks, quantity)).toBe(
        resolveUnitPrice(tier, entries, quantity).unit_amount,
      );
    }
    // A ladder is a valid one: increasing quantities, each step cheaper.
    let previous = { min_quantity: 1, unit_amount: ladder.base };
    for (const step of ladder.breaks) {
      expect(step.min_quantity).toBeGreaterThan(previous.min_quantity);
      expect(step.unit_amount).toBeLessThan(previous.unit_amount);
      previous = step;
    }
  });

  it('names the list of the base price and keeps the tier base', () => {
    const ladder = companyLadder(tier, [applied('a', percent(500))]);
    expect(ladder).toMatchObject({
      base: 950,
      tierBase: 1000,
      baseList: { id: 'a', name: 'List a' },
    });
  });
});

import { describe, expect, it } from 'vitest';
import { DEFAULT_STORE_QUERY } from '@portal/domain';
import {
  addProblem,
  bestBreakHint,
  nextAddition,
  packExplanation,
  packNote,
  productHref,
  startingPrice,
  storeHref,
} from './store-view';

const byUnit = { case_pack: 1, min_quantity: 1 };
const cases = { case_pack: 12, min_quantity: 24 };
const untracked = { stock_on_hand: null, stock_reserved: 0 };

describe('store links', () => {
  it('carries the store query to the product page and back, defaults left out', () => {
    expect(storeHref(DEFAULT_STORE_QUERY)).toBe('/portal/store');
    const query = { q: 'blue coast', category: 'Syrups & Mixers', sort: 'price_asc' as const };
    expect(storeHref(query)).toBe(
      '/portal/store?q=blue+coast&category=Syrups+%26+Mixers&sort=price_asc',
    );
    expect(productHref('blue/1', { ...DEFAULT_STORE_QUERY, q: 'blue' })).toBe(
      '/portal/products/blue%2F1?q=blue',
    );
  });
});

describe('nextAddition (the card’s Add to Cart)', () => {
  it.each([
    ['a new line of a product sold by the unit', 0, byUnit, 1],
    ['a new line: the minimum order', 0, cases, 24],
    ['a line at the minimum: one more case', 24, cases, 12],
    ['a line that is not a whole case: up to the next one', 30, cases, 6],
    ['a line under the minimum: up to it', 12, cases, 12],
    ['a line one case under the cap', 984, cases, 12],
  ])('%s', (_, inCart, rule, adding) => {
    expect(nextAddition(inCart, rule)).toBe(adding);
  });

  it('is null when the line is at the largest quantity allowed', () => {
    expect(nextAddition(996, cases)).toBeNull();
    expect(nextAddition(999, byUnit)).toBeNull();
  });
});

describe('how a product is sold', () => {
  it('notes the case pack and the minimum on the card', () => {
    expect(packNote(byUnit)).toBeNull();
    expect(packNote({ case_pack: 12, min_quantity: 12 })).toBe('Case of 12');
    expect(packNote({ case_pack: 12, min_quantity: 24 })).toBe('Case of 12 · Min. 24');
    expect(packNote({ case_pack: 1, min_quantity: 10 })).toBe('Min. 10');
  });

  it('explains them on the product page', () => {
    expect(packExplanation(byUnit)).toBeNull();
    expect(packExplanation({ case_pack: 6, min_quantity: 1 })).toBe('Sold in cases of 6 units.');
    expect(packExplanation(cases)).toBe(
      'Sold in cases of 12 units. The minimum order is 24 units (2 cases).',
    );
    expect(packExplanation({ case_pack: 1, min_quantity: 10 })).toBe(
      'The minimum order is 10 units.',
    );
  });
});

describe('prices shown', () => {
  const breaks = [
    { min_quantity: 24, unit_amount: 390 },
    { min_quantity: 48, unit_amount: 350 },
  ];

  it('shows the price at the smallest order and the best break above it', () => {
    expect(startingPrice({ unit_price: 450, breaks, ...byUnit })).toBe(450);
    expect(bestBreakHint({ unit_price: 450, breaks, ...byUnit })).toBe('$3.50 from 48');
    expect(startingPrice({ unit_price: 450, breaks, ...cases })).toBe(390);
    expect(bestBreakHint({ unit_price: 450, breaks: breaks.slice(0, 1), ...cases })).toBeNull();
    expect(bestBreakHint({ unit_price: 450, breaks: [], ...byUnit })).toBeNull();
  });
});

describe('addProblem', () => {
  it('allows what the stock and the line cap allow', () => {
    expect(addProblem({ ...cases, ...untracked }, 0, 24)).toBeNull();
    expect(addProblem({ ...cases, stock_on_hand: 48, stock_reserved: 0 }, 24, 24)).toBeNull();
  });

  it('refuses an out-of-stock product: fewer left than the minimum order', () => {
    expect(addProblem({ ...cases, stock_on_hand: 30, stock_reserved: 8 }, 0, 24)).toBe(
      'Out of stock: it cannot be ordered now.',
    );
  });

  it('refuses more than is left, counting the cart', () => {
    const stock = { ...cases, stock_on_hand: 40, stock_reserved: 0 };
    expect(addProblem(stock, 0, 48)).toBe('Only 36 left.');
    expect(addProblem(stock, 24, 24)).toBe('Only 36 left, and 24 are in your cart.');
  });

  it('takes more than is left of a product that takes backorders, up to the line cap', () => {
    const backorders = { ...cases, stock_on_hand: 30, stock_reserved: 8, backorders_allowed: true };
    expect(addProblem(backorders, 0, 24)).toBeNull();
    expect(addProblem({ ...backorders, stock_on_hand: -12 }, 48, 24)).toBeNull();
    expect(addProblem(backorders, 996, null)).toBe('At most 996 per order line.');
  });

  it('refuses to go past the line cap', () => {
    expect(addProblem({ ...byUnit, ...untracked }, 990, 10)).toBe('At most 999 per order line.');
    expect(addProblem({ ...byUnit, ...untracked }, 999, null)).toBe('At most 999 per order line.');
  });
});

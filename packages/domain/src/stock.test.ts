import { describe, expect, it } from 'vitest';
import {
  availableStock,
  LOW_STOCK_UNITS,
  STOCK_STATE_LABELS,
  STOCK_STATES,
  stockShortMessage,
  stockState,
} from './stock';

describe('availableStock', () => {
  it('is on hand minus reserved', () => {
    expect(availableStock({ stock_on_hand: 100, stock_reserved: 0 })).toBe(100);
    expect(availableStock({ stock_on_hand: 100, stock_reserved: 30 })).toBe(70);
    expect(availableStock({ stock_on_hand: 5, stock_reserved: 5 })).toBe(0);
  });

  it('never goes below zero (a manager lowered stock under the reservations)', () => {
    expect(availableStock({ stock_on_hand: 3, stock_reserved: 10 })).toBe(0);
  });

  it('is null (no limit) when stock is not tracked, whatever is reserved', () => {
    expect(availableStock({ stock_on_hand: null, stock_reserved: 0 })).toBeNull();
    expect(availableStock({ stock_on_hand: null, stock_reserved: 12 })).toBeNull();
  });
});

describe('stockState', () => {
  it('is in stock when untracked', () => {
    expect(stockState({ stock_on_hand: null, stock_reserved: 0 })).toBe('in_stock');
    expect(stockState({ stock_on_hand: null, stock_reserved: 0 }, 500)).toBe('in_stock');
  });

  it('is in stock above the low threshold, low at or under it, out at zero', () => {
    expect(stockState({ stock_on_hand: LOW_STOCK_UNITS + 1, stock_reserved: 0 })).toBe('in_stock');
    expect(stockState({ stock_on_hand: LOW_STOCK_UNITS, stock_reserved: 0 })).toBe('low');
    expect(stockState({ stock_on_hand: 1, stock_reserved: 0 })).toBe('low');
    expect(stockState({ stock_on_hand: 0, stock_reserved: 0 })).toBe('out');
  });

  it('counts only what is not reserved', () => {
    expect(stockState({ stock_on_hand: 100, stock_reserved: 80 })).toBe('low');
    expect(stockState({ stock_on_hand: 100, stock_reserved: 100 })).toBe('out');
    expect(stockState({ stock_on_hand: 100, stock_reserved: 150 })).toBe('out');
  });

  it('is out when fewer units are left than the smallest orderable quantity', () => {
    expect(stockState({ stock_on_hand: 19, stock_reserved: 0 }, 20)).toBe('out');
    expect(stockState({ stock_on_hand: 20, stock_reserved: 0 }, 20)).toBe('low');
    expect(stockState({ stock_on_hand: 60, stock_reserved: 0 }, 48)).toBe('in_stock');
  });

  it('treats a minimum below 1 as 1', () => {
    expect(stockState({ stock_on_hand: 0, stock_reserved: 0 }, 0)).toBe('out');
    expect(stockState({ stock_on_hand: 1, stock_reserved: 0 }, 0)).toBe('low');
  });

  it('has a label for every state', () => {
    expect(STOCK_STATES.map((state) => STOCK_STATE_LABELS[state])).toEqual([
      'In stock',
      'Low stock',
      'Out of stock',
      'Backorder',
    ]);
  });
});

describe('stockShortMessage', () => {
  it('says how many are left, or that none are', () => {
    expect(stockShortMessage('Blue Coast Syrup', 3)).toBe('Only 3 left of Blue Coast Syrup');
    expect(stockShortMessage('Blue Coast Syrup', 1)).toBe('Only 1 left of Blue Coast Syrup');
    expect(stockShortMessage('Blue Coast Syrup', 0)).toBe('Blue Coast Syrup is out of stock');
    expect(stockShortMessage('Blue Coast Syrup', -2)).toBe('Blue Coast Syrup is out of stock');
  });

  it('names only what can be ordered: whole cases, and out of stock under the minimum', () => {
    const cups = { case_pack: 4, min_quantity: 8 };
    expect(stockShortMessage('Cups', 5, { case_pack: 4, min_quantity: 4 })).toBe(
      'Only 4 left of Cups',
    );
    expect(stockShortMessage('Cups', 11, cups)).toBe('Only 8 left of Cups');
    expect(stockShortMessage('Cups', 7, cups)).toBe('Cups is out of stock');
    expect(stockShortMessage('Cups', 3, { case_pack: 4, min_quantity: 4 })).toBe(
      'Cups is out of stock',
    );
  });
});

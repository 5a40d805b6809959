import { describe, expect, it } from 'vitest';
import {
  HOLD_SHARE_OF_STOCK,
  heldUnitsCapMessage,
  holdCapMessage,
  MAX_HELD_UNITS_PER_BUYER,
  maxHeldUnits,
} from './stock-holds';

const byTheUnit = { case_pack: 1, min_quantity: 1 };

describe('maxHeldUnits', () => {
  it('is half of what is on hand', () => {
    expect(HOLD_SHARE_OF_STOCK).toBe(0.5);
    expect(maxHeldUnits(8, byTheUnit)).toBe(4);
    expect(maxHeldUnits(240, byTheUnit)).toBe(120);
    expect(maxHeldUnits(9, byTheUnit)).toBe(4);
  });

  it('counts whole cases of the case pack', () => {
    expect(maxHeldUnits(400, { case_pack: 20, min_quantity: 20 })).toBe(200);
    expect(maxHeldUnits(90, { case_pack: 6, min_quantity: 12 })).toBe(42);
  });

  it('is never less than the minimum order, so a small stock can still be bought', () => {
    expect(maxHeldUnits(1, byTheUnit)).toBe(1);
    expect(maxHeldUnits(0, byTheUnit)).toBe(1);
    expect(maxHeldUnits(20, { case_pack: 20, min_quantity: 20 })).toBe(20);
    expect(maxHeldUnits(30, { case_pack: 6, min_quantity: 12 })).toBe(12);
  });
});

describe('hold cap messages', () => {
  it('name the most the buyer may order at a time', () => {
    expect(holdCapMessage('Triple Machine', 4, 0, byTheUnit)).toBe(
      'You can order at most 4 of Triple Machine at a time',
    );
  });

  it('count what the buyer already has awaiting payment', () => {
    expect(holdCapMessage('Triple Machine', 4, 1, byTheUnit)).toBe(
      'You can order at most 3 more of Triple Machine while 1 are awaiting payment',
    );
    expect(holdCapMessage('Triple Machine', 4, 4, byTheUnit)).toBe(
      'You already have 4 of Triple Machine on order awaiting payment, the most one buyer can order at a time',
    );
    expect(holdCapMessage('Cups', 200, 190, { case_pack: 20, min_quantity: 20 })).toContain(
      'You already have 190 of Cups',
    );
  });

  it('say the total cap in units', () => {
    expect(MAX_HELD_UNITS_PER_BUYER).toBe(2000);
    expect(heldUnitsCapMessage(2400, 0)).toBe(
      'You can order at most 2,000 stocked units at a time; your cart has 2,400',
    );
    expect(heldUnitsCapMessage(1900, 200)).toBe(
      'You can order at most 2,000 stocked units at a time, and 200 are awaiting payment; your cart has 1,900',
    );
  });
});

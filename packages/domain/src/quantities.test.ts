import { describe, expect, it } from 'vitest';
import { MAX_LINE_QUANTITY } from './orders';
import {
  maximumOrderQuantity,
  minimumOrderQuantity,
  parseQuantityInput,
  casesText,
  proposalText,
  proposeQuantity,
  quantityProblem,
  roundQuantity,
  type QuantityRule,
} from './quantities';

const byUnit: QuantityRule = { case_pack: 1, min_quantity: 1 };
const caseOf12: QuantityRule = { case_pack: 12, min_quantity: 12 };
const caseOf20: QuantityRule = { case_pack: 20, min_quantity: 20 };
const caseOf6Min24: QuantityRule = { case_pack: 6, min_quantity: 24 };
const unitsMin10: QuantityRule = { case_pack: 1, min_quantity: 10 };

describe('minimum and maximum order quantities', () => {
  it.each([
    [byUnit, 1, 999],
    [caseOf12, 12, 996],
    [caseOf20, 20, 980],
    [caseOf6Min24, 24, 996],
    [unitsMin10, 10, 999],
    [{ case_pack: 999, min_quantity: 999 }, 999, 999],
    [{ case_pack: 500, min_quantity: 500 }, 500, 500],
  ])('%o: from %i to %i', (rule, min, max) => {
    expect(minimumOrderQuantity(rule)).toBe(min);
    expect(maximumOrderQuantity(rule)).toBe(max);
    expect(max % rule.case_pack).toBe(0);
    expect(max).toBeLessThanOrEqual(MAX_LINE_QUANTITY);
  });

  it('rounds a minimum that is not a whole number of cases up to one', () => {
    expect(minimumOrderQuantity({ case_pack: 20, min_quantity: 30 })).toBe(40);
    expect(minimumOrderQuantity({ case_pack: 12, min_quantity: 1 })).toBe(12);
  });

  it('treats a case pack or minimum below 1 as 1', () => {
    expect(minimumOrderQuantity({ case_pack: 0, min_quantity: 0 })).toBe(1);
    expect(maximumOrderQuantity({ case_pack: 0, min_quantity: 1 })).toBe(MAX_LINE_QUANTITY);
  });
});

describe('roundQuantity', () => {
  it('answers the minimum, with no note, for a quantity that is not a number', () => {
    expect(roundQuantity(Number.NaN, { case_pack: 6, min_quantity: 12 })).toEqual({
      quantity: 12,
      note: null,
    });
    expect(roundQuantity(Infinity, { case_pack: 1, min_quantity: 1 }).quantity).toBe(1);
  });

  it('keeps a quantity that already fits, with no note', () => {
    expect(roundQuantity(48, caseOf12)).toEqual({ quantity: 48, note: null });
    expect(roundQuantity(7, byUnit)).toEqual({ quantity: 7, note: null });
    expect(roundQuantity(999, byUnit)).toEqual({ quantity: 999, note: null });
    expect(roundQuantity(24, caseOf6Min24)).toEqual({ quantity: 24, note: null });
  });

  it('rounds up to the next whole case and says so', () => {
    expect(roundQuantity(48, caseOf20)).toEqual({
      quantity: 60,
      note: 'Sold in cases of 20: 48 units became 60.',
    });
    expect(roundQuantity(13, caseOf12)).toEqual({
      quantity: 24,
      note: 'Sold in cases of 12: 13 units became 24.',
    });
    expect(roundQuantity(25, caseOf6Min24).quantity).toBe(30);
  });

  it('raises a quantity under the minimum to the minimum', () => {
    expect(roundQuantity(10, caseOf6Min24)).toEqual({
      quantity: 24,
      note: 'The minimum order is 24 units: 10 units became 24.',
    });
    expect(roundQuantity(1, unitsMin10)).toEqual({
      quantity: 10,
      note: 'The minimum order is 10 units: 1 unit became 10.',
    });
  });

  it('explains a raise to one case as the case pack when there is no separate minimum', () => {
    expect(roundQuantity(5, { case_pack: 12, min_quantity: 1 })).toEqual({
      quantity: 12,
      note: 'Sold in cases of 12: 5 units became 12.',
    });
  });

  it('lowers a quantity over the line cap to the largest whole number of cases', () => {
    expect(roundQuantity(1000, byUnit)).toEqual({
      quantity: 999,
      note: 'At most 999 per order line: 1000 units became 999.',
    });
    expect(roundQuantity(990, caseOf20)).toEqual({
      quantity: 980,
      note: 'At most 980 per order line: 990 units became 980.',
    });
    expect(roundQuantity(5000, caseOf12).quantity).toBe(996);
  });

  it('always gives a quantity the server accepts', () => {
    for (const rule of [byUnit, caseOf12, caseOf20, caseOf6Min24, unitsMin10]) {
      for (let wanted = 1; wanted <= 1200; wanted += 7) {
        const { quantity, note } = roundQuantity(wanted, rule);
        expect(quantityProblem('X', quantity, rule)).toBeNull();
        expect(note === null).toBe(quantity === wanted);
      }
    }
  });
});

describe('quantityProblem (the server refusal)', () => {
  it('accepts whole cases at or above the minimum', () => {
    expect(quantityProblem('Cups', 24, caseOf12)).toBeNull();
    expect(quantityProblem('Straws', 30, caseOf6Min24)).toBeNull();
    expect(quantityProblem('Syrup', 1, byUnit)).toBeNull();
  });

  it('names the product and the case pack for a broken case', () => {
    expect(quantityProblem('Slush Cups', 50, caseOf12)).toBe(
      'Slush Cups is sold in cases of 12: order a multiple of 12',
    );
  });

  it('names the minimum when a whole number of cases is too few', () => {
    expect(quantityProblem('Spoon Straws', 18, caseOf6Min24)).toBe(
      'The minimum order for Spoon Straws is 24 units',
    );
    expect(quantityProblem('Lids', 9, unitsMin10)).toBe('The minimum order for Lids is 10 units');
  });

  it.each([0, -1, 1.5, 1000, Number.NaN, Number.POSITIVE_INFINITY])(
    'refuses %s as no quantity at all',
    (quantity) => {
      expect(quantityProblem('Syrup', quantity, byUnit)).toBe('Invalid quantity for Syrup');
    },
  );
});

describe('parseQuantityInput', () => {
  it.each([
    ['12', 12],
    [' 48 ', 48],
    ['0012', 12],
    ['999', 999],
    ['1', 1],
  ])('reads %j as %i', (text, quantity) => {
    expect(parseQuantityInput(text)).toEqual({ ok: true, quantity });
  });

  it.each([
    ['', 'Enter a quantity'],
    ['   ', 'Enter a quantity'],
    ['0', 'Quantity must be at least 1'],
    ['-3', 'Quantity must be at least 1'],
    ['-0.5', 'Quantity must be at least 1'],
    ['1.5', 'Enter a whole number'],
    ['12.0', 'Enter a whole number'],
    ['1e3', 'Enter a whole number'],
    ['+5', 'Enter a whole number'],
    ['0x10', 'Enter a whole number'],
    ['twelve', 'Enter a whole number'],
    ['1 000', 'Enter a whole number'],
    ['1,000', 'Enter a whole number'],
    ['１２', 'Enter a whole number'],
    ['1000', 'At most 999 per order line'],
    ['99999999999999999999999', 'At most 999 per order line'],
  ])('refuses %j: %s', (text, error) => {
    expect(parseQuantityInput(text)).toEqual({ ok: false, error });
  });
});

describe('proposing a quantity instead of rounding it', () => {
  const text = (wanted: number, rule: QuantityRule) => {
    const proposal = proposeQuantity(wanted, rule);
    return proposal && proposalText(proposal);
  };

  it('offers the case up and the case down for a quantity between two cases', () => {
    expect(proposeQuantity(30, caseOf20)).toEqual({
      wanted: 30,
      reason: 'Sold in cases of 20',
      up: { quantity: 40, cases: 2 },
      down: { quantity: 20, cases: 1 },
      pack: 20,
    });
    expect(text(30, caseOf20)).toBe('Sold in cases of 20: round up to 40 (2 cases) or down to 20.');
    expect(text(25, caseOf6Min24)).toBe(
      'Sold in cases of 6: round up to 30 (5 cases) or down to 24.',
    );
  });

  it('says "1 case" for a single case', () => {
    expect(casesText(1)).toBe('1 case');
    expect(casesText(3)).toBe('3 cases');
    expect(text(5, { case_pack: 12, min_quantity: 1 })).toBe(
      'Sold in cases of 12: round up to 12 (1 case).',
    );
  });

  it('offers only up when down would be 0 or below the minimum', () => {
    expect(proposeQuantity(10, caseOf20)?.down).toBeNull();
    expect(text(10, caseOf20)).toBe('Sold in cases of 20: round up to 20 (1 case).');
    expect(text(10, caseOf6Min24)).toBe('The minimum order is 24 units: round up to 24 (4 cases).');
    expect(text(35, { case_pack: 20, min_quantity: 30 })).toBe(
      'The minimum order is 30 units: round up to 40 (2 cases).',
    );
    // Sold by the unit: no cases to name.
    expect(text(4, unitsMin10)).toBe('The minimum order is 10 units: round up to 10.');
  });

  it('offers only down when up would pass the line cap', () => {
    expect(proposeQuantity(990, caseOf20)?.up).toBeNull();
    expect(text(990, caseOf20)).toBe('Sold in cases of 20: round down to 980 (49 cases).');
  });

  it('proposes nothing for a quantity the rule allows', () => {
    expect(proposeQuantity(40, caseOf20)).toBeNull();
    expect(proposeQuantity(24, caseOf6Min24)).toBeNull();
    expect(proposeQuantity(7, byUnit)).toBeNull();
    expect(proposeQuantity(999, byUnit)).toBeNull();
  });

  it('always offers at least one choice, each an allowed quantity', () => {
    for (const rule of [byUnit, caseOf12, caseOf20, caseOf6Min24, unitsMin10]) {
      for (let wanted = 1; wanted <= MAX_LINE_QUANTITY; wanted += 1) {
        const proposal = proposeQuantity(wanted, rule);
        if (!proposal) {
          expect(quantityProblem('X', wanted, rule)).toBeNull();
          continue;
        }
        expect(proposal.up ?? proposal.down).not.toBeNull();
        for (const choice of [proposal.up, proposal.down]) {
          if (choice) expect(quantityProblem('X', choice.quantity, rule)).toBeNull();
        }
      }
    }
  });
});

import { describe, expect, it } from 'vitest';
import { caseBreakdown, documentQuantity, documentShipToLines } from './order-documents';

describe('caseBreakdown', () => {
  it('says the cases, the pack and the units', () => {
    expect(caseBreakdown(60, 20)).toBe('3 cases × 20 = 60');
    expect(caseBreakdown(6, 6)).toBe('1 case × 6 = 6');
    expect(caseBreakdown(45, 20)).toBe('2 cases × 20 + 5 = 45');
  });

  it('is null for lines sold by the unit or smaller than a case', () => {
    expect(caseBreakdown(3, 1)).toBeNull();
    expect(caseBreakdown(3, undefined)).toBeNull();
    expect(caseBreakdown(5, 20)).toBeNull();
    expect(caseBreakdown(60, 0)).toBeNull();
    expect(caseBreakdown(60, 2.5)).toBeNull();
  });
});

describe('documentQuantity', () => {
  it('prints the breakdown for case lines and the bare quantity for unit lines', () => {
    expect(documentQuantity({ quantity: 60, case_pack: 20 })).toBe('3 cases × 20 = 60');
    expect(documentQuantity({ quantity: 3, case_pack: 1 })).toBe('3');
    expect(documentQuantity({ quantity: 3 })).toBe('3');
  });
});

describe('documentShipToLines', () => {
  const shipTo = {
    name: 'Dana Reyes',
    phone: '',
    address: {
      line1: '500 Congress Ave',
      line2: '',
      city: 'Austin',
      state: 'TX',
      postal_code: '78701',
      country: 'US' as const,
    },
  };

  it('puts the store name above the ship-to name', () => {
    expect(documentShipToLines('Slush Stop', shipTo)).toEqual([
      'Slush Stop',
      'Dana Reyes',
      '500 Congress Ave',
      'Austin, TX 78701',
      'United States',
    ]);
  });

  it('does not print the store twice when the ship-to is addressed to it', () => {
    expect(documentShipToLines('dana reyes ', shipTo)[0]).toBe('Dana Reyes');
    expect(documentShipToLines('dana reyes ', shipTo)[1]).toBe('500 Congress Ave');
    expect(documentShipToLines('', shipTo)[0]).toBe('Dana Reyes');
  });
});

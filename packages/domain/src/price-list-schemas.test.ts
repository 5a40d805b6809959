import { describe, expect, it } from 'vitest';
import {
  moveCompanyTierRequest,
  PRICE_LIST_MESSAGES,
  priceListDays,
  priceListWindow,
  savePriceListRequest,
} from './price-list-schemas';
import { PRICE_LIST_LIMITS } from './price-lists';

const valid = {
  name: 'Chain 5% syrups',
  valid_from: '2026-12-01',
  valid_to: null,
  company_ids: ['c1'],
  entries: { p1: { kind: 'percent', percent_off_bps: 500 } },
};

const problems = (input: unknown) => {
  const result = savePriceListRequest.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('savePriceListRequest', () => {
  it('takes a valid list (breaks default to none)', () => {
    const parsed = savePriceListRequest.parse(valid);
    expect(parsed.entries.p1).toEqual({ kind: 'percent', percent_off_bps: 500, breaks: [] });
  });

  it.each([
    ['a blank name', { ...valid, name: '  ' }, 'Name the price list'],
    ['no entries', { ...valid, entries: {} }, PRICE_LIST_MESSAGES.noEntries],
    [
      'a window that ends first',
      { ...valid, valid_to: '2026-11-30' },
      PRICE_LIST_MESSAGES.windowOrder,
    ],
    ['a bad date', { ...valid, valid_from: '2026-13-01' }, 'Enter dates as YYYY-MM-DD'],
    [
      'a free product',
      { ...valid, entries: { p1: { kind: 'fixed', unit_amount: 0 } } },
      'A list price must be at least $0.01',
    ],
    [
      'a percentage over 90%',
      { ...valid, entries: { p1: { kind: 'percent', percent_off_bps: 9001 } } },
      'The percentage off must be at most 90%',
    ],
    [
      'a fixed break that costs more',
      {
        ...valid,
        entries: {
          p1: { kind: 'fixed', unit_amount: 500, breaks: [{ min_quantity: 12, unit_amount: 600 }] },
        },
      },
      'Each price break must be cheaper than the price before it',
    ],
    [
      'a percentage break that takes less off',
      {
        ...valid,
        entries: {
          p1: {
            kind: 'percent',
            percent_off_bps: 500,
            breaks: [{ min_quantity: 12, percent_off_bps: 400 }],
          },
        },
      },
      'Each break must take a larger percentage off than the one before it',
    ],
    ['an unknown kind', { ...valid, entries: { p1: { kind: 'free' } } }, undefined],
    ['an extra field', { ...valid, owner: 'x' }, undefined],
    [
      'too many companies',
      {
        ...valid,
        company_ids: Array.from({ length: PRICE_LIST_LIMITS.companies + 1 }, (_, i) => `c${i}`),
      },
      PRICE_LIST_MESSAGES.tooManyCompanies,
    ],
  ])('refuses %s', (_what, input, message) => {
    const found = problems(input);
    expect(found.length).toBeGreaterThan(0);
    if (message) expect(found).toContain(message);
  });
});

describe('moveCompanyTierRequest', () => {
  it('needs a tier and a reason', () => {
    expect(
      moveCompanyTierRequest.safeParse({
        companyId: 'c1',
        businessType: 'wholesaler',
        reason: 'Volume',
      }).success,
    ).toBe(true);
    expect(
      moveCompanyTierRequest.safeParse({ companyId: 'c1', businessType: 'manager', reason: 'x' })
        .success,
    ).toBe(false);
    expect(
      moveCompanyTierRequest.safeParse({ companyId: 'c1', businessType: 'retailer', reason: ' ' })
        .success,
    ).toBe(false);
  });
});

describe('windows in business days (Pacific)', () => {
  it('runs from the start of the first day to the start of the day after the last', () => {
    const window = priceListWindow('2026-12-01', '2026-12-07');
    expect(window.valid_from?.toISOString()).toBe('2026-12-01T08:00:00.000Z');
    expect(window.valid_to?.toISOString()).toBe('2026-12-08T08:00:00.000Z');
    expect(priceListDays(window)).toEqual({ valid_from: '2026-12-01', valid_to: '2026-12-07' });
    expect(priceListDays(priceListWindow(null, null))).toEqual({
      valid_from: null,
      valid_to: null,
    });
  });
});

import { PRICE_LIST_MESSAGES, priceListWindow } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { makeProduct } from '../testing/stubs';
import {
  bpsToPercent,
  categoryEntries,
  checkPriceList,
  FORM_MESSAGES,
  newEntry,
  percentProblem,
  percentToBps,
  priceListFormValues,
  unitPricePreview,
  type PriceListFormValues,
} from './price-list-form';

const form = (overrides: Partial<PriceListFormValues> = {}): PriceListFormValues => ({
  name: 'Chain deal',
  valid_from: '',
  valid_to: '',
  company_ids: ['c1'],
  entries: [newEntry('p1', 'percent', '5')],
  ...overrides,
});

const issuesOf = (values: PriceListFormValues) => {
  const checked = checkPriceList(values);
  return 'issues' in checked ? checked.issues : [];
};

describe('checkPriceList', () => {
  it('builds the request in cents and basis points, trimmed, breaks included', () => {
    const checked = checkPriceList(
      form({
        name: '  Chain deal ',
        valid_from: '2026-12-01',
        valid_to: '2026-12-31',
        entries: [
          {
            product_id: 'p1',
            kind: 'fixed',
            value: '19.9',
            breaks: [{ min_quantity: 12, value: '18' }],
          },
          {
            product_id: 'p2',
            kind: 'percent',
            value: '7.25',
            breaks: [{ min_quantity: 24, value: '10' }],
          },
        ],
      }),
      'list-1',
    );
    expect(checked).toEqual({
      request: {
        listId: 'list-1',
        name: 'Chain deal',
        valid_from: '2026-12-01',
        valid_to: '2026-12-31',
        company_ids: ['c1'],
        entries: {
          p1: {
            kind: 'fixed',
            unit_amount: 1990,
            breaks: [{ min_quantity: 12, unit_amount: 1800 }],
          },
          p2: {
            kind: 'percent',
            percent_off_bps: 725,
            breaks: [{ min_quantity: 24, percent_off_bps: 1000 }],
          },
        },
      },
    });
  });

  it('sends no listId for a new list and null for open days', () => {
    const checked = checkPriceList(form());
    expect(checked).toEqual({
      request: {
        name: 'Chain deal',
        valid_from: null,
        valid_to: null,
        company_ids: ['c1'],
        entries: { p1: { kind: 'percent', percent_off_bps: 500, breaks: [] } },
      },
    });
  });

  it('says every problem at once, each on its field', () => {
    expect(
      issuesOf(
        form({
          name: ' ',
          valid_from: '2026-12-31',
          valid_to: '2026-12-01',
          entries: [],
        }),
      ),
    ).toEqual([
      { path: 'entries.root', message: PRICE_LIST_MESSAGES.noEntries },
      { path: 'valid_to', message: PRICE_LIST_MESSAGES.windowOrder },
      { path: 'name', message: 'Name the price list' },
    ]);
  });

  it('puts the problems of a row on its value and its breaks', () => {
    expect(
      issuesOf(
        form({
          entries: [
            newEntry('p1', 'percent', '91'),
            {
              product_id: 'p2',
              kind: 'fixed',
              value: '12.345',
              breaks: [{ min_quantity: 1, value: 'abc' }],
            },
            {
              product_id: 'p3',
              kind: 'percent',
              value: '10',
              breaks: [{ min_quantity: 12, value: '5' }],
            },
          ],
        }),
      ),
    ).toEqual([
      { path: 'entries.1.value', message: FORM_MESSAGES.price },
      { path: 'entries.1.breaks.0.min_quantity', message: FORM_MESSAGES.quantity },
      { path: 'entries.1.breaks.0.value', message: FORM_MESSAGES.price },
      { path: 'entries.0.value', message: 'The percentage off must be at most 90%' },
      {
        path: 'entries.2.breaks.root',
        message: 'Each break must take a larger percentage off than the one before it',
      },
    ]);
  });

  it('refuses a break that costs more than the fixed price', () => {
    expect(
      issuesOf(
        form({
          entries: [
            {
              product_id: 'p1',
              kind: 'fixed',
              value: '10',
              breaks: [{ min_quantity: 6, value: '11' }],
            },
          ],
        }),
      ),
    ).toEqual([
      {
        path: 'entries.0.breaks.root',
        message: 'Each price break must be cheaper than the price before it',
      },
    ]);
  });
});

describe('the form values of a stored list', () => {
  it('are its days as entered and its entries in catalog order', () => {
    const values = priceListFormValues(
      {
        id: 'l1',
        name: 'Chain deal',
        ...priceListWindow('2026-12-01', '2026-12-31'),
        company_ids: ['c1', 'c2'],
        entries: {
          gone: { kind: 'percent', percent_off_bps: 500, breaks: [] },
          b: {
            kind: 'percent',
            percent_off_bps: 750,
            breaks: [{ min_quantity: 12, percent_off_bps: 1000 }],
          },
          a: { kind: 'fixed', unit_amount: 1990, breaks: [{ min_quantity: 6, unit_amount: 1800 }] },
        },
        updated_at: new Date(),
        updated_by: 'm',
      },
      [{ id: 'a' }, { id: 'b' }],
    );
    expect(values).toEqual({
      name: 'Chain deal',
      valid_from: '2026-12-01',
      valid_to: '2026-12-31',
      company_ids: ['c1', 'c2'],
      entries: [
        {
          product_id: 'a',
          kind: 'fixed',
          value: '19.90',
          breaks: [{ min_quantity: 6, value: '18.00' }],
        },
        {
          product_id: 'b',
          kind: 'percent',
          value: '7.5',
          breaks: [{ min_quantity: 12, value: '10' }],
        },
        { product_id: 'gone', kind: 'percent', value: '5', breaks: [] },
      ],
    });
  });
});

describe('percentages', () => {
  it('are basis points, typed with at most two decimals', () => {
    expect(percentToBps('7.5')).toBe(750);
    expect(percentToBps('12.25')).toBe(1225);
    expect(percentToBps('7.125')).toBeNull();
    expect(percentToBps('-1')).toBeNull();
    expect(bpsToPercent(1225)).toBe('12.25');
    expect(bpsToPercent(500)).toBe('5');
    expect(percentProblem('95')).toBe('The percentage off must be at most 90%');
    expect(percentProblem('0')).toBe('The percentage off must be at least 0.01%');
    expect(percentProblem('x')).toBe(FORM_MESSAGES.percent);
    expect(percentProblem('10')).toBeNull();
  });
});

describe('the helpers of the editor', () => {
  const syrup = makeProduct({ id: 'p1', price_retailer: 2999, price_wholesaler: 2499 });
  const noWholesale = makeProduct({ id: 'p2', price_wholesaler: null });

  it('previews one unit for each tier', () => {
    expect(unitPricePreview({ kind: 'percent', value: '10' }, syrup)).toEqual({
      retail: { tier: 2999, list: 2699 },
      wholesale: { tier: 2499, list: 2249 },
    });
    expect(unitPricePreview({ kind: 'fixed', value: '25' }, noWholesale)).toEqual({
      retail: { tier: 2999, list: 2500 },
      wholesale: null,
    });
    expect(unitPricePreview({ kind: 'percent', value: '95' }, syrup)).toBeNull();
    expect(unitPricePreview({ kind: 'fixed', value: '' }, syrup)).toBeNull();
  });

  it('adds a category once, leaving the products already in the list as they are', () => {
    const products = [
      makeProduct({ id: 'a', category: 'Syrups' }),
      makeProduct({ id: 'b', category: 'Syrups' }),
      makeProduct({ id: 'c', category: 'Machines' }),
    ];
    expect(categoryEntries(products, 'Syrups', new Set(['a']), ' 5 ')).toEqual({
      added: [newEntry('b', 'percent', '5')],
      skipped: 1,
    });
  });
});

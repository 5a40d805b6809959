import { describe, expect, it } from 'vitest';
import { canonicalForm, parseForm, splitKey } from '../src/core/form-encoding.js';
import { formatAmount } from '../src/core/money.js';

describe('form encoding', () => {
  it('splits bracket keys and refuses malformed ones', () => {
    expect(splitKey('line_items[0][price_data][unit_amount]')).toEqual([
      'line_items',
      '0',
      'price_data',
      'unit_amount',
    ]);
    expect(splitKey('expand[]')).toEqual(['expand', '']);
    expect(splitKey('a[b')).toBeNull();
    expect(splitKey('[a]')).toBeNull();
  });

  it('parses nested objects, indexed and appended arrays, and encoded brackets', () => {
    const form = parseForm(
      'mode=payment&metadata[order_id]=o%201&line_items[0][quantity]=2&expand[]=a&expand[]=b&line_items%5B1%5D%5Bquantity%5D=5',
    );
    expect(JSON.parse(JSON.stringify(form))).toEqual({
      mode: 'payment',
      metadata: { order_id: 'o 1' },
      line_items: { '0': { quantity: '2' }, '1': { quantity: '5' } },
      expand: { '0': 'a', '1': 'b' },
    });
  });

  it('compares bodies independently of key order', () => {
    expect(canonicalForm(parseForm('a=1&b[x]=2&b[y]=3'))).toBe(
      canonicalForm(parseForm('b[y]=3&a=1&b[x]=2')),
    );
    expect(canonicalForm(parseForm('a=1'))).not.toBe(canonicalForm(parseForm('a=2')));
  });
});

describe('money', () => {
  it('formats minor units with two decimals', () => {
    expect(formatAmount(8749, 'usd')).toBe('$87.49');
    expect(formatAmount(5, 'usd')).toBe('$0.05');
    expect(formatAmount(123456789, 'usd')).toBe('$1,234,567.89');
    expect(formatAmount(1250, 'eur')).toBe('12.50 EUR');
    expect(formatAmount(500, 'jpy')).toBe('500 JPY');
  });
});

import { describe, expect, it } from 'vitest';
import { shortOrderId } from './orders';
import {
  companySearchKeysOf,
  normalizeSearchText,
  SEARCH_KEYS_MAX,
  SEARCH_TOKEN_MAX,
  searchKeysOf,
  searchTokenOf,
} from './search-keys';

const keysOf = (storeName: string, email: string | null = null) =>
  searchKeysOf({ storeName, email });

/** Whether a manager typing `query` finds the document with these keys. */
const finds = (keys: string[], query: string) => keys.includes(searchTokenOf(query));

describe('normalizeSearchText and searchTokenOf', () => {
  it('lowercases, removes accents and collapses blanks', () => {
    expect(normalizeSearchText('  Café   Crème\tSHOP ')).toBe('cafe creme shop');
    expect(searchTokenOf('  Café   Crème ')).toBe('cafe creme');
    expect(searchTokenOf('   ')).toBe('');
  });

  it('cuts a long query to the token length, never ending in a blank', () => {
    expect(searchTokenOf('x'.repeat(200))).toBe('x'.repeat(SEARCH_TOKEN_MAX));
    const cutAtBlank = `${'a'.repeat(SEARCH_TOKEN_MAX - 1)} tail`;
    expect(searchTokenOf(cutAtBlank)).toBe('a'.repeat(SEARCH_TOKEN_MAX - 1));
  });

  it('reads every form of an invoice number as the canonical one', () => {
    expect(searchTokenOf('INV-000123')).toBe('inv-000123');
    expect(searchTokenOf('inv-123')).toBe('inv-000123');
    expect(searchTokenOf('123')).toBe('123');
    // As people type them: a space or nothing after INV, a '#' in front, any case.
    expect(searchTokenOf('INV 123')).toBe('inv-000123');
    expect(searchTokenOf('inv000123')).toBe('inv-000123');
    expect(searchTokenOf(' #INV-000123 ')).toBe('inv-000123');
  });

  it("drops the '#' the screens put before an order's number", () => {
    expect(searchTokenOf('#ebluQw4S')).toBe('ebluqw4s');
    expect(searchTokenOf('# ebluQw4S ')).toBe('ebluqw4s');
    expect(searchTokenOf('##ebluQw4S')).toBe('ebluqw4s');
    expect(searchTokenOf('#')).toBe('');
  });
});

describe('searchKeysOf', () => {
  it('keeps every start of every word of the store name, the rest of the name included', () => {
    const keys = keysOf('Cloud Nine Smoke');
    for (const token of ['cl', 'clo', 'cloud', 'cloud n', 'cloud nine smoke', 'ni', 'nine']) {
      expect(keys).toContain(token);
    }
    expect(keys).toContain('nine sm');
    expect(keys).toContain('smoke');
    // Only starts of words, of 2 characters or more, and no token ending in a blank.
    expect(keys).not.toContain('c');
    expect(keys).not.toContain('loud');
    expect(keys).not.toContain('ine');
    expect(keys).not.toContain('cloud ');
    expect(keys.every((k) => k.length >= 2 && k.length <= SEARCH_TOKEN_MAX)).toBe(true);
    expect(
      keysOf('Shop', 'x'.repeat(30) + '@b.test').filter((k) => k.length > SEARCH_TOKEN_MAX),
    ).toEqual(['x'.repeat(30) + '@b.test']);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('finds a store by what a manager types: any case, accents, extra blanks, several words', () => {
    const keys = keysOf('Café  Olé Smoke & Vape');
    for (const query of ['cafe', 'CAFÉ OLÉ', 'ole smo', '  smoke   & vape ', 'vape']) {
      expect(finds(keys, query), query).toBe(true);
    }
    for (const query of ['afe', 'smoke vape', 'tobacco']) {
      expect(finds(keys, query), query).toBe(false);
    }
  });

  it('cuts long starts to the token length, so a long query still finds its store', () => {
    const name = 'Supercalifragilistic Expialidocious Wholesale Distribution';
    const keys = keysOf(name);
    expect(finds(keys, name)).toBe(true);
    expect(finds(keys, 'expialidocious wholesale distribution')).toBe(true);
    expect(keys).toContain(name.toLowerCase().slice(0, SEARCH_TOKEN_MAX));
  });

  it('keeps the email in full, its starts and its domain', () => {
    const keys = keysOf('Shop', 'Rico.Alvarez@Demo.Test');
    expect(keys).toContain('rico.alvarez@demo.test');
    for (const query of ['ri', 'rico', 'rico.alvarez', 'rico.alvarez@de', 'demo.test']) {
      expect(finds(keys, query), query).toBe(true);
    }
    expect(finds(keys, 'alvarez')).toBe(false);
    expect(finds(keys, 'demo')).toBe(false);
  });

  it('finds a long address by its full text (the token is its start)', () => {
    const email = 'accounting.department@very-long-company-name.example';
    const keys = keysOf('Shop', email);
    expect(keys).toContain(email);
    expect(finds(keys, email)).toBe(true);
    expect(finds(keys, 'very-long-company-name.example')).toBe(true);
  });

  it('keeps the order id and its short number lower-cased, and the invoice number in its three forms', () => {
    const keys = searchKeysOf({
      storeName: 'Shop',
      email: 'a@b.test',
      orderId: 'DmR7q2Lk9xPa',
      invoiceNumber: 'INV-000123',
    });
    expect(keys.slice(0, 5)).toEqual(['dmr7q2lk9xpa', 'dmr7q2lk', 'inv-000123', '000123', '123']);
    for (const query of [
      'DmR7q2Lk9xPa',
      '#DmR7q2Lk9xPa',
      shortOrderId('DmR7q2Lk9xPa'),
      'DmR7q2Lk',
      '#dmr7q2lk',
      'DMR7Q2LK',
      'INV-000123',
      'inv-123',
      'INV 123',
      '#INV-000123',
      '000123',
      '123',
    ]) {
      expect(finds(keys, query), query).toBe(true);
    }
    expect(finds(keys, '12')).toBe(false);
    expect(finds(keys, 'dmr7')).toBe(false);
    expect(finds(keys, '#dmr7q2l')).toBe(false);
  });

  it('handles an order without an invoice and a buyer without an address', () => {
    const keys = searchKeysOf({
      storeName: 'Shop',
      email: null,
      orderId: 'o1',
      invoiceNumber: null,
    });
    // An id shorter than a short number is its own short number (one key).
    expect(keys).toEqual(['o1', 'sh', 'sho', 'shop']);
    expect(keysOf('', null)).toEqual([]);
  });

  it('caps the keys, keeping identifiers, the email and the first words', () => {
    const name = Array.from({ length: 40 }, (_, i) => `word${i}abcdefghijklmnop`).join(' ');
    const keys = searchKeysOf({
      storeName: name,
      email: 'owner@store.test',
      orderId: 'order1',
      invoiceNumber: 'INV-000007',
    });
    expect(keys).toHaveLength(SEARCH_KEYS_MAX);
    expect(keys.slice(0, 5)).toEqual(['order1', 'inv-000007', '000007', '7', 'owner@store.test']);
    expect(keys).not.toContain('word39abc');
    expect(finds(keys, 'owner@st')).toBe(true);
    expect(finds(keys, 'word0abc')).toBe(true);
    expect(finds(keys, 'word39abc')).toBe(false);
  });
});

describe('companySearchKeysOf', () => {
  const company = companySearchKeysOf({
    name: 'Cloud Nine Smoke',
    emails: ['Rico@CloudNine.test', 'buyer@cloudnine.test', null],
    cities: ['San Francisco', 'Los Ángeles', 'San Francisco'],
  });

  it("finds a company by its name, any member's address or its start, and a location's city", () => {
    for (const query of [
      'cloud',
      'Nine Sm',
      'rico@cloudnine.test',
      'BUYER@',
      'cloudnine.test',
      'san fran',
      'francisco',
      'los angeles',
    ]) {
      expect([query, finds(company, query)]).toEqual([query, true]);
    }
    for (const query of ['loud', 'smoke cloud', 'ngeles', 'r']) {
      expect([query, finds(company, query)]).toEqual([query, false]);
    }
    expect(new Set(company).size).toBe(company.length);
  });

  it('keeps the addresses, the name and the cities before the starts of the addresses', () => {
    expect(company.slice(0, 4)).toEqual([
      'rico@cloudnine.test',
      'cloudnine.test',
      'buyer@cloudnine.test',
      'cl',
    ]);
    const emails = Array.from({ length: 50 }, (_, i) => `member${i}@a-long-company-domain.test`);
    const crowded = companySearchKeysOf({
      name: 'Pacific Coast Distributors',
      emails,
      cities: ['Seattle', 'Tacoma'],
    });
    expect(crowded).toHaveLength(SEARCH_KEYS_MAX);
    for (const query of [emails[49]!, 'pacific coast', 'tacoma']) {
      expect([query, finds(crowded, query)]).toEqual([query, true]);
    }
    expect(companySearchKeysOf({ name: '', emails: [], cities: [] })).toEqual([]);
  });
});

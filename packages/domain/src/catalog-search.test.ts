import { describe, expect, it } from 'vitest';
import {
  catalogCategories,
  catalogIndex,
  DEFAULT_STORE_QUERY,
  MAX_SEARCH_LENGTH,
  parseStoreQuery,
  STORE_SORT_LABELS,
  STORE_SORTS,
  storeQueryParams,
  type SearchableProduct,
  type StoreQuery,
} from './catalog-search';

interface Item extends SearchableProduct {
  price: number;
}

const item = (
  id: string,
  name: string,
  sku: string,
  category: string,
  price: number,
  sort_order: number,
  created: string | null,
): Item => ({
  id,
  name,
  sku,
  category,
  price,
  sort_order,
  created_at: created === null ? null : new Date(created),
});

const products: Item[] = [
  item('purple', 'Purple Dream Syrup', 'SYR-PURPLE', 'Syrups', 3499, 1, '2025-06-01T00:00:00Z'),
  item('blue', 'Blue Coast Syrup', 'SYR-BLUE', 'Syrups', 3499, 2, '2025-06-02T00:00:00Z'),
  item('red', 'Red Rush Syrup', 'SYR-RED', 'Syrups', 3299, 4, null),
  item(
    'single',
    'Slushie Machine, Single Bowl',
    'MCH-SINGLE',
    'Machines',
    89900,
    7,
    '2025-07-01T00:00:00Z',
  ),
  item(
    'double',
    'Slushie Machine, Double Bowl',
    'MCH-DOUBLE',
    'Machines',
    149900,
    8,
    '2025-08-01T00:00:00Z',
  ),
  item('creme', 'Crème Brûlée Syrup', 'SYR-CREME', 'Syrups', 3699, 3, '2025-09-01T00:00:00Z'),
  item('cups', 'Slush Cups, 16 oz', 'CUP-16', 'Supplies', 650, 10, '2025-10-01T00:00:00Z'),
  item('legacy', 'Cup Holder', '', '', 1200, 10, null),
];

const byPrice = (p: Item) => p.price;
const ids = (list: readonly Item[]) => list.map((p) => p.id);
const query = (overrides: Partial<StoreQuery>): StoreQuery => ({
  ...DEFAULT_STORE_QUERY,
  ...overrides,
});

describe('catalogIndex: search', () => {
  const index = catalogIndex(products, byPrice);

  it('returns the whole catalog in featured order for an empty query', () => {
    expect(ids(index.apply(DEFAULT_STORE_QUERY))).toEqual([
      'purple',
      'blue',
      'creme',
      'red',
      'single',
      'double',
      // Same sort_order: by name.
      'legacy',
      'cups',
    ]);
  });

  it('finds a word of the name, whatever its case', () => {
    expect(ids(index.apply(query({ q: 'coast' })))).toEqual(['blue']);
    expect(ids(index.apply(query({ q: 'COAST' })))).toEqual(['blue']);
    expect(ids(index.apply(query({ q: 'bowl' })))).toEqual(['single', 'double']);
  });

  it('needs every word of a multi-word query, in any order, anywhere', () => {
    expect(ids(index.apply(query({ q: 'syrup blue' })))).toEqual(['blue']);
    expect(ids(index.apply(query({ q: '  bowl   double ' })))).toEqual(['double']);
    expect(ids(index.apply(query({ q: 'blue machine' })))).toEqual([]);
  });

  it('matches parts of words', () => {
    expect(ids(index.apply(query({ q: 'slush' })))).toEqual(['single', 'double', 'cups']);
    expect(ids(index.apply(query({ q: 'cup' })))).toEqual(['legacy', 'cups']);
  });

  it('finds a SKU, whole or in part, in any case', () => {
    expect(ids(index.apply(query({ q: 'MCH-DOUBLE' })))).toEqual(['double']);
    expect(ids(index.apply(query({ q: 'mch-' })))).toEqual(['single', 'double']);
    expect(ids(index.apply(query({ q: 'syr-b' })))).toEqual(['blue']);
    expect(ids(index.apply(query({ q: 'cup-16' })))).toEqual(['cups']);
  });

  it('ignores accents on either side', () => {
    expect(ids(index.apply(query({ q: 'creme brulee' })))).toEqual(['creme']);
    expect(ids(index.apply(query({ q: 'CRÈME' })))).toEqual(['creme']);
    expect(ids(index.apply(query({ q: 'brûlée' })))).toEqual(['creme']);
  });

  it('searches the category, never the price', () => {
    expect(ids(index.apply(query({ q: 'supplies' })))).toEqual(['cups']);
    expect(ids(index.apply(query({ q: '3499' })))).toEqual([]);
  });

  it('finds nothing for an unknown word, and treats regex characters literally', () => {
    expect(index.apply(query({ q: 'espresso' }))).toEqual([]);
    expect(index.apply(query({ q: '.*' }))).toEqual([]);
    expect(ids(index.apply(query({ q: 'machine,' })))).toEqual(['single', 'double']);
  });

  it('does not change the catalog it was given', () => {
    const before = ids(products);
    index.apply(query({ sort: 'price_desc' }));
    expect(ids(products)).toEqual(before);
  });
});

describe('catalogIndex: descriptions, flavours and the best matches first', () => {
  const described = (base: Item, description: string): Item => ({ ...base, description });
  const syrups: Item[] = [
    described(
      item('purple', 'Purple Dream Syrup', 'SYR-PURPLE', 'Syrups', 3499, 1, null),
      'Grape and blackberry slush syrup, 1 gallon. Our best seller.',
    ),
    described(
      item('red', 'Red Rush Syrup', 'SYR-RED', 'Syrups', 3299, 2, null),
      'Cherry with a hint of lime.',
    ),
    described(
      item('pack', 'Syrup Variety Pack', 'SYR-PACK', 'Syrups', 9999, 3, null),
      'Five gallons: one each of grape, cherry, blue raspberry, mango and green apple.',
    ),
    described(
      item('grape', 'Grape Escape Syrup', 'SYR-GRAPE', 'Syrups', 3499, 9, null),
      'Concord grape, 1 gallon.',
    ),
    described(
      item('cherrybowl', 'Slushie Machine', 'MCH-1', 'Cherry Red Machines', 89900, 4, null),
      'A 12 L bowl with LED lighting.',
    ),
    item('plain', 'Cup Holder', 'CUP-H', '', 1200, 5, null),
  ];
  const index = catalogIndex(syrups, byPrice);

  it('finds a flavour named only in the description', () => {
    expect(ids(index.apply(query({ q: 'blackberry' })))).toEqual(['purple']);
    expect(ids(index.apply(query({ q: 'LIME' })))).toEqual(['red']);
  });

  it('puts the name first, then the category, then the description (featured order on ties)', () => {
    // Name "Grape Escape"; then the two descriptions, in featured order.
    expect(ids(index.apply(query({ q: 'grape' })))).toEqual(['grape', 'purple', 'pack']);
    // The category "Cherry Red Machines" before the descriptions that mention cherry.
    expect(ids(index.apply(query({ q: 'cherry' })))).toEqual(['cherrybowl', 'red', 'pack']);
  });

  it('ranks a word at the start of a word above the same word inside one', () => {
    const rush = catalogIndex(
      [
        item('brush', 'Cleaning Brush', 'BR-1', '', 500, 1, null),
        item('rush', 'Red Rush Syrup', 'SYR-RED', '', 3299, 2, null),
      ],
      byPrice,
    );
    expect(ids(rush.apply(query({ q: 'rush' })))).toEqual(['rush', 'brush']);
  });

  it('needs every word somewhere, and adds up where each was found', () => {
    // "grape" and "mango" are both in the pack's description only.
    expect(ids(index.apply(query({ q: 'grape mango' })))).toEqual(['pack']);
    // "syrup grape": the Grape Escape has both in its name.
    expect(ids(index.apply(query({ q: 'syrup grape' })))[0]).toBe('grape');
    expect(index.apply(query({ q: 'grape espresso' }))).toEqual([]);
  });

  it('keeps a sort the buyer chose; ranks only under Featured', () => {
    expect(ids(index.apply(query({ q: 'grape', sort: 'price_desc' })))).toEqual([
      'pack',
      'grape',
      'purple',
    ]);
    expect(ids(index.apply(query({ q: 'grape', sort: 'name' })))).toEqual([
      'grape',
      'purple',
      'pack',
    ]);
  });

  it('changes nothing without words: featured order, products without a description included', () => {
    expect(ids(index.apply(DEFAULT_STORE_QUERY))).toEqual([
      'purple',
      'red',
      'pack',
      'cherrybowl',
      'plain',
      'grape',
    ]);
  });
});

describe('catalogIndex: category and sort', () => {
  const index = catalogIndex(products, byPrice);

  it('filters on one category exactly', () => {
    expect(ids(index.apply(query({ category: 'Machines' })))).toEqual(['single', 'double']);
    expect(index.apply(query({ category: 'machines' }))).toEqual([]);
    expect(index.apply(query({ category: 'Nope' }))).toEqual([]);
  });

  it('combines the category with the search', () => {
    expect(ids(index.apply(query({ q: 'slush', category: 'Supplies' })))).toEqual(['cups']);
    expect(ids(index.apply(query({ q: 'syr', category: 'Machines' })))).toEqual([]);
  });

  it('sorts by name with a natural order', () => {
    expect(ids(index.apply(query({ category: 'Syrups', sort: 'name' })))).toEqual([
      'blue',
      'creme',
      'purple',
      'red',
    ]);
    const numbered = catalogIndex(
      [
        item('a', 'Cup 10 oz', 'C10', '', 1, 1, null),
        item('b', 'Cup 9 oz', 'C9', '', 1, 1, null),
        item('c', 'cup 12 oz', 'C12', '', 1, 1, null),
      ],
      byPrice,
    );
    expect(ids(numbered.apply(query({ sort: 'name' })))).toEqual(['b', 'a', 'c']);
  });

  it('sorts by price both ways, equal prices by name', () => {
    expect(ids(index.apply(query({ category: 'Syrups', sort: 'price_asc' })))).toEqual([
      'red',
      'blue',
      'purple',
      'creme',
    ]);
    expect(ids(index.apply(query({ category: 'Syrups', sort: 'price_desc' })))).toEqual([
      'creme',
      'blue',
      'purple',
      'red',
    ]);
  });

  it("sorts by the buyer's own price", () => {
    const wholesale = catalogIndex(products, (p) => (p.id === 'red' ? 99_999 : p.price));
    expect(ids(wholesale.apply(query({ category: 'Syrups', sort: 'price_desc' })))[0]).toBe('red');
  });

  it('sorts newest first, products without a date last (by name)', () => {
    expect(ids(index.apply(query({ sort: 'newest' })))).toEqual([
      'cups',
      'creme',
      'double',
      'single',
      'blue',
      'purple',
      'legacy',
      'red',
    ]);
  });
});

describe('catalogCategories', () => {
  it('lists each category once, sorted, without the empty one', () => {
    expect(catalogCategories(products)).toEqual(['Machines', 'Supplies', 'Syrups']);
    expect(catalogCategories([])).toEqual([]);
  });
});

/** A query string read the way URLSearchParams reads one (the first of repeated names wins). */
function params(text: string): { get(name: string): string | null } {
  const decode = (part: string) => decodeURIComponent(part.replace(/\+/g, ' '));
  const values = new Map<string, string>();
  for (const pair of text.split('&').filter(Boolean)) {
    const [name = '', value = ''] = pair.split(/=(.*)/s);
    if (!values.has(decode(name))) values.set(decode(name), decode(value));
  }
  return { get: (name) => values.get(name) ?? null };
}

/** The query string of URL parameters (what the store puts in the address bar). */
const queryString = (values: Record<string, string>) =>
  Object.entries(values)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .join('&');

describe('the store query in the URL', () => {
  it('reads every part', () => {
    expect(parseStoreQuery(params('q=blue+coast&category=Syrups&sort=price_asc'))).toEqual({
      q: 'blue coast',
      category: 'Syrups',
      sort: 'price_asc',
    });
    expect(parseStoreQuery(params('category=Bundles%20%26%20Kits'))).toEqual({
      q: '',
      category: 'Bundles & Kits',
      sort: 'featured',
    });
  });

  it('falls back to the defaults for missing or garbage values', () => {
    expect(parseStoreQuery(params(''))).toEqual(DEFAULT_STORE_QUERY);
    for (const sort of ['cheapest', '', 'NAME', '__proto__', 'constructor', 'price_asc ']) {
      expect(parseStoreQuery(params(`sort=${encodeURIComponent(sort)}`)).sort).toBe('featured');
    }
    expect(parseStoreQuery(params('foo=bar&q'))).toEqual(DEFAULT_STORE_QUERY);
  });

  it('cuts over-long values', () => {
    const parsed = parseStoreQuery(params(`q=${'a'.repeat(5000)}&category=${'b'.repeat(500)}`));
    expect(parsed.q).toHaveLength(MAX_SEARCH_LENGTH);
    expect(parsed.category).toHaveLength(60);
  });

  it('takes the first of repeated parameters', () => {
    expect(parseStoreQuery(params('sort=name&sort=newest')).sort).toBe('name');
  });

  it('writes only what differs from the default', () => {
    expect(storeQueryParams(DEFAULT_STORE_QUERY)).toEqual({});
    expect(storeQueryParams(query({ q: '   ' }))).toEqual({});
    expect(storeQueryParams({ q: 'blue', category: 'Syrups', sort: 'newest' })).toEqual({
      q: 'blue',
      category: 'Syrups',
      sort: 'newest',
    });
  });

  it('reads back what it writes, for every sort', () => {
    for (const sort of STORE_SORTS) {
      const original: StoreQuery = { q: 'crème & co', category: 'Syrups', sort };
      expect(parseStoreQuery(params(queryString(storeQueryParams(original))))).toEqual(original);
      expect(STORE_SORT_LABELS[sort]).toBeTruthy();
    }
  });
});

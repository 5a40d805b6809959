import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeDb } from '@/testing/fake-firestore-lite';
import { renderQueryHook } from '@/testing/render';
import { catalogKeys, fetchAllProducts, fetchProducts, saveProduct, useSaveProduct } from '.';

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
    expect((await fetchProducts('retailer')).map((p) => p.id)).toEqual(['ok']);
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
    const products = await fetchProducts('retailer');
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
    const products = await fetchProducts('wholesaler');
    expect(products.map((p) => [p.id, p.unit_price])).toEqual([
      ['a', 800],
      ['b', 1500],
    ]);
    expect(fakeDb.calls.map((c) => c.path).sort()).toEqual(['products', 'wholesale_prices']);
  });

  it('ignores a wholesale price left in a product document', async () => {
    seedCatalog();
    fakeDb.seed('products/a', { ...stored('A', 1000, 1), price_wholesaler: 1 });
    const [retail] = await fetchProducts('retailer');
    const [wholesale] = await fetchProducts('wholesaler');
    expect(retail).toMatchObject({ id: 'a', unit_price: 1000 });
    expect(retail).not.toHaveProperty('price_wholesaler');
    expect(wholesale).toMatchObject({ id: 'a', unit_price: 800 });
  });

  it('fails when the wholesale prices cannot be read (not a retail-priced store)', async () => {
    seedCatalog();
    fakeDb.fail('getDocs', 'wholesale_prices');
    await expect(fetchProducts('wholesaler')).rejects.toThrow('permission-denied');
  });
});

describe('fetchAllProducts (the catalog editor)', () => {
  it('joins each product with its wholesale price; a missing one is null', async () => {
    fakeDb.seed('products/a', { ...stored('A', 1000, 1), is_active: false });
    fakeDb.seed('products/b', stored('B', 1000, 2));
    fakeDb.seed('wholesale_prices/a', { price_wholesaler: 700 });
    const products = await fetchAllProducts();
    expect(products.map((p) => [p.id, p.price_retailer, p.price_wholesaler])).toEqual([
      ['a', 1000, 700],
      ['b', 1000, null],
    ]);
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

describe('saveProduct', () => {
  const product = {
    name: ' Syrup ',
    description: '',
    image_url: '/s.png',
    price_retailer: 1000,
    is_active: false,
    sort_order: 5,
  };
  const data = { ...product, price_wholesaler: 800 };
  const commits = () => fakeDb.calls.filter((c) => c.op === 'commit');
  const writes = () => commits().flatMap((c) => (c.writes ?? []).map((w) => [w.path, w.data]));

  it('writes the product (no wholesale price) and its wholesale price in one batch', async () => {
    await expect(saveProduct({ id: 'p1', data })).resolves.toBe('p1');
    expect(writes()).toEqual([
      ['products/p1', { ...product, name: 'Syrup' }],
      ['wholesale_prices/p1', { price_wholesaler: 800 }],
    ]);
    expect(commits()).toHaveLength(1);
    expect(fakeDb.calls.some((c) => c.op === 'setDoc' || c.op === 'updateDoc')).toBe(false);
  });

  it('creates a product and its wholesale price under one new id', async () => {
    const id = await saveProduct({ data });
    expect(id).not.toBe('');
    expect(writes()).toEqual([
      [`products/${id}`, { ...product, name: 'Syrup' }],
      [`wholesale_prices/${id}`, { price_wholesaler: 800 }],
    ]);
  });

  it('leaves an unset wholesale price alone (activating a product that has none)', async () => {
    await saveProduct({ id: 'p1', data: { ...data, price_wholesaler: null } });
    expect(writes()).toEqual([['products/p1', { ...product, name: 'Syrup' }]]);
  });

  it('refuses fractional cents before writing', async () => {
    await expect(saveProduct({ data: { ...data, price_retailer: 10.5 } })).rejects.toThrow();
    await expect(saveProduct({ data: { ...data, price_wholesaler: 7.5 } })).rejects.toThrow();
    expect(fakeDb.calls).toEqual([]);
  });

  it('refreshes the editor list and the buyers catalog', async () => {
    const { result, invalidatedKeys } = renderQueryHook(useSaveProduct);
    await act(() => result.current.mutateAsync({ id: 'p1', data }));
    expect(commits()).toHaveLength(1);
    expect(writes()).toHaveLength(2);
    expect(invalidatedKeys()).toEqual([catalogKeys.editor(), catalogKeys.all()]);
  });
});

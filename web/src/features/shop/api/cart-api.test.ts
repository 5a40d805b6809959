import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_LINE_QUANTITY } from '@portal/domain';
import { fakeDb, Timestamp } from '@/testing/fake-firestore-lite';
import { addToCart, CartLimitError } from './add-to-cart';
import { cartItemCount, fetchCart, quantityInCart } from './get-cart';
import { fetchProducts } from './get-products';
import { updateCartQuantity } from './update-cart-quantity';

vi.mock('firebase/firestore/lite', () => import('@/testing/fake-firestore-lite'));
vi.mock('@/lib/firebase', () => ({ db: {}, auth: {}, functions: {}, firebaseApp: {} }));

const line = 'profiles/u1/cart_items/p1';

beforeEach(() => fakeDb.reset());

describe('cart operations', () => {
  it('addToCart starts a new line at 1 and then raises it by 1, stamping the server time', async () => {
    await addToCart('u1', 'p1');
    expect(fakeDb.get(line)).toMatchObject({ product_id: 'p1', quantity: 1 });
    expect(fakeDb.get(line)?.updated_at).toBeInstanceOf(Timestamp);
    await addToCart('u1', 'p1');
    expect(fakeDb.get(line)?.quantity).toBe(2);
    const write = fakeDb.calls.find((c) => c.op === 'setDoc');
    expect(write?.options).toEqual({ merge: true });
    expect(Object.keys(write?.data ?? {}).sort()).toEqual(['product_id', 'quantity', 'updated_at']);
  });

  it('addToCart refuses to go past the per-line cap', async () => {
    fakeDb.seed(line, { product_id: 'p1', quantity: MAX_LINE_QUANTITY });
    await expect(addToCart('u1', 'p1')).rejects.toBeInstanceOf(CartLimitError);
    expect(fakeDb.calls.some((c) => c.op === 'setDoc')).toBe(false);
  });

  it('updateCartQuantity ignores updates below 1, above the cap or not whole', async () => {
    fakeDb.seed(line, { product_id: 'p1', quantity: 3 });
    expect(await updateCartQuantity('u1', { productId: 'p1', quantity: 0 })).toBe(false);
    expect(await updateCartQuantity('u1', { productId: 'p1', quantity: -2 })).toBe(false);
    expect(await updateCartQuantity('u1', { productId: 'p1', quantity: 1.5 })).toBe(false);
    expect(
      await updateCartQuantity('u1', { productId: 'p1', quantity: MAX_LINE_QUANTITY + 1 }),
    ).toBe(false);
    expect(fakeDb.get(line)?.quantity).toBe(3);
    expect(await updateCartQuantity('u1', { productId: 'p1', quantity: 1 })).toBe(true);
    expect(fakeDb.get(line)?.quantity).toBe(1);
  });

  it('fetchCart reads the lines and skips malformed ones; counts sum the quantities', async () => {
    fakeDb.seed(line, { product_id: 'p1', quantity: 2 });
    fakeDb.seed('profiles/u1/cart_items/p2', { product_id: 'p2', quantity: 3 });
    fakeDb.seed('profiles/u1/cart_items/bad', { product_id: 'bad', quantity: 0 });
    fakeDb.seed('profiles/u2/cart_items/p1', { product_id: 'p1', quantity: 9 });
    const items = await fetchCart('u1');
    expect(items).toEqual([
      { product_id: 'p1', quantity: 2 },
      { product_id: 'p2', quantity: 3 },
    ]);
    expect(cartItemCount(items)).toBe(5);
    expect(quantityInCart(items, 'p2')).toBe(3);
    expect(quantityInCart(items, 'nope')).toBe(0);
  });

  it('fetchProducts skips documents that do not match the product schema', async () => {
    fakeDb.seed('products/ok', {
      name: 'Ok',
      description: '',
      image_url: '/products/ok.svg',
      price_retailer: 100,
      is_active: true,
      sort_order: 1,
    });
    fakeDb.seed('products/broken', { name: 'Broken', is_active: true, price_retailer: 'ten' });
    expect((await fetchProducts('retailer')).map((p) => p.id)).toEqual(['ok']);
  });
});

describe('fetchProducts: wholesale prices', () => {
  const product = (name: string, price_retailer: number, sort_order: number) => ({
    name,
    description: '',
    image_url: '/products/x.svg',
    price_retailer,
    is_active: true,
    sort_order,
  });

  beforeEach(() => {
    fakeDb.seed('products/a', product('A', 1000, 1));
    fakeDb.seed('products/b', product('B', 2000, 2));
    fakeDb.seed('products/c', product('C', 3000, 3));
    fakeDb.seed('wholesale_prices/a', { price_wholesaler: 800 });
    fakeDb.seed('wholesale_prices/b', { price_wholesaler: 1500 });
    fakeDb.seed('wholesale_prices/c', { price_wholesaler: 'cheap' });
  });

  it('a retailer gets the retail price and never queries wholesale_prices', async () => {
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
    const products = await fetchProducts('wholesaler');
    expect(products.map((p) => [p.id, p.unit_price])).toEqual([
      ['a', 800],
      ['b', 1500],
    ]);
    expect(fakeDb.calls.map((c) => c.path).sort()).toEqual(['products', 'wholesale_prices']);
  });

  it('ignores a wholesale price left in a product document', async () => {
    fakeDb.seed('products/a', { ...product('A', 1000, 1), price_wholesaler: 1 });
    const [retail] = await fetchProducts('retailer');
    const [wholesale] = await fetchProducts('wholesaler');
    expect(retail).toMatchObject({ id: 'a', unit_price: 1000 });
    expect(retail).not.toHaveProperty('price_wholesaler');
    expect(wholesale).toMatchObject({ id: 'a', unit_price: 800 });
  });

  it('fails when the wholesale prices cannot be read (not a retail-priced store)', async () => {
    fakeDb.fail('getDocs', 'wholesale_prices');
    await expect(fetchProducts('wholesaler')).rejects.toThrow('permission-denied');
  });
});

import { describe, expect, it } from 'vitest';
import { fakeDb } from '@/testing/fake-firestore-lite';
import { fetchProduct } from '.';

const stored = {
  name: 'Blue Coast Syrup',
  description: '',
  image_url: '/products/blue-coast.svg',
  price_retailer: 450,
  is_active: true,
  sort_order: 1,
  price_breaks: [{ min_quantity: 24, unit_amount: 390 }],
};

describe('fetchProduct (the product page)', () => {
  it("reads one product with the retailer's price and breaks, never the wholesale price", async () => {
    fakeDb.seed('products/blue', stored);
    fakeDb.seed('wholesale_prices/blue', { price_wholesaler: 300 });
    expect(await fetchProduct({ role: 'retailer', companyId: '' }, 'blue')).toMatchObject({
      id: 'blue',
      unit_price: 450,
      breaks: [{ min_quantity: 24, unit_amount: 390 }],
    });
    expect(fakeDb.calls.map((call) => call.path)).toEqual(['products/blue']);
  });

  it("joins a wholesaler's price and breaks; without a wholesale price there is no product", async () => {
    fakeDb.seed('products/blue', stored);
    fakeDb.seed('products/red', stored);
    fakeDb.seed('wholesale_prices/blue', {
      price_wholesaler: 300,
      price_breaks: [{ min_quantity: 48, unit_amount: 250 }],
    });
    expect(await fetchProduct({ role: 'wholesaler', companyId: '' }, 'blue')).toMatchObject({
      unit_price: 300,
      breaks: [{ min_quantity: 48, unit_amount: 250 }],
    });
    expect(await fetchProduct({ role: 'wholesaler', companyId: '' }, 'red')).toBeNull();
  });

  it('is null for an unknown, inactive or malformed product and for an id that names no document', async () => {
    fakeDb.seed('products/old', { ...stored, is_active: false });
    fakeDb.seed('products/broken', { ...stored, price_retailer: 'ten' });
    for (const id of ['missing', 'old', 'broken', '', 'a/b', '..', '__name__']) {
      expect(await fetchProduct({ role: 'retailer', companyId: '' }, id), id).toBeNull();
    }
  });

  it('is null when the rules refuse the read (permission-denied), and fails on anything else', async () => {
    fakeDb.seed('products/blue', stored);
    const denied = Object.assign(new Error('Missing or insufficient permissions.'), {
      code: 'permission-denied',
    });
    fakeDb.fail('getDoc', 'products/blue', denied, true);
    expect(await fetchProduct({ role: 'retailer', companyId: '' }, 'blue')).toBeNull();
    fakeDb.fail('getDoc', 'products/blue', new Error('unavailable'), true);
    await expect(fetchProduct({ role: 'retailer', companyId: '' }, 'blue')).rejects.toThrow(
      'unavailable',
    );
  });
});

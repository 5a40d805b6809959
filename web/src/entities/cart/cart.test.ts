import { describe, expect, it } from 'vitest';
import { MAX_LINE_QUANTITY } from '@portal/domain';
import { fakeDb, Timestamp } from '@/testing/fake-firestore-lite';
import {
  addManyToCart,
  CART_BATCH_LINES,
  addToCart,
  CartLimitError,
  cartItemCount,
  cartLineCount,
  fetchCart,
  quantityInCart,
  setCartQuantities,
  updateCartQuantity,
} from '.';

const line = 'profiles/u1/cart_items/p1';

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

  it('addToCart adds a typed quantity: a new line starts there, an existing one grows by it', async () => {
    await addToCart('u1', 'p1', 24);
    expect(fakeDb.get(line)?.quantity).toBe(24);
    await addToCart('u1', 'p1', 12);
    expect(fakeDb.get(line)?.quantity).toBe(36);
    expect(fakeDb.calls.filter((c) => c.op === 'setDoc').map((c) => c.options)).toEqual([
      { merge: true },
      { merge: true },
    ]);
  });

  it('addToCart refuses a quantity that would take the line past the cap, writing nothing', async () => {
    fakeDb.seed(line, { product_id: 'p1', quantity: MAX_LINE_QUANTITY - 10 });
    await expect(addToCart('u1', 'p1', 11)).rejects.toBeInstanceOf(CartLimitError);
    expect(fakeDb.calls.some((c) => c.op === 'setDoc')).toBe(false);
    await addToCart('u1', 'p1', 10);
    expect(fakeDb.get(line)?.quantity).toBe(MAX_LINE_QUANTITY);
  });

  it('addToCart refuses quantities that are not whole numbers from 1 to the cap, before any read', async () => {
    for (const quantity of [0, -3, 1.5, Number.NaN, MAX_LINE_QUANTITY + 1]) {
      await expect(addToCart('u1', 'p1', quantity)).rejects.toBeInstanceOf(RangeError);
    }
    expect(fakeDb.calls).toHaveLength(0);
  });

  it('addManyToCart adds every line in one batch of increments, summing a product given twice', async () => {
    fakeDb.seed(line, { product_id: 'p1', quantity: 2 });
    await addManyToCart('u1', [
      { productId: 'p1', quantity: 12 },
      { productId: 'p2', quantity: 6 },
      { productId: 'p1', quantity: 10 },
    ]);
    const commits = fakeDb.calls.filter((c) => c.op === 'commit');
    expect(commits).toHaveLength(1);
    expect(commits[0]?.writes?.map((w) => [w.path, w.options])).toEqual([
      [line, { merge: true }],
      ['profiles/u1/cart_items/p2', { merge: true }],
    ]);
    expect(fakeDb.get(line)?.quantity).toBe(24);
    expect(fakeDb.get('profiles/u1/cart_items/p2')).toMatchObject({
      product_id: 'p2',
      quantity: 6,
    });
    expect(Object.keys(fakeDb.get('profiles/u1/cart_items/p2') ?? {}).sort()).toEqual([
      'product_id',
      'quantity',
      'updated_at',
    ]);
  });

  it('addManyToCart writes more lines than one batch takes in several, undoing them when one fails', async () => {
    fakeDb.seed(line, { product_id: 'p1', quantity: 2 });
    const many = Array.from({ length: 20 }, (_, i) => ({ productId: `p${i + 1}`, quantity: 3 }));
    await addManyToCart('u1', many);
    expect(fakeDb.calls.filter((c) => c.op === 'commit').map((c) => c.writes?.length)).toEqual([
      CART_BATCH_LINES,
      20 - CART_BATCH_LINES,
    ]);
    expect(fakeDb.get(line)?.quantity).toBe(5);
    expect(fakeDb.get('profiles/u1/cart_items/p20')?.quantity).toBe(3);

    // The second batch is refused: the first is undone.
    fakeDb.reset();
    fakeDb.seed(line, { product_id: 'p1', quantity: 2 });
    fakeDb.fail('commit', 'profiles/u1/cart_items/p16', new Error('permission-denied'), true);
    await expect(addManyToCart('u1', many)).rejects.toThrow('permission-denied');
    expect(fakeDb.get(line)?.quantity).toBe(2);
    for (let i = 2; i <= 20; i++) expect(fakeDb.has(`profiles/u1/cart_items/p${i}`)).toBe(false);
  });

  it('addManyToCart writes nothing when one line would pass the cap or a quantity is invalid', async () => {
    fakeDb.seed('profiles/u1/cart_items/p2', { product_id: 'p2', quantity: MAX_LINE_QUANTITY - 5 });
    const error = await addManyToCart('u1', [
      { productId: 'p1', quantity: 3 },
      { productId: 'p2', quantity: 4 },
      { productId: 'p2', quantity: 2 },
    ]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CartLimitError);
    expect((error as CartLimitError).productId).toBe('p2');
    await expect(
      addManyToCart('u1', [
        { productId: 'p1', quantity: 3 },
        { productId: 'p3', quantity: 0 },
      ]),
    ).rejects.toBeInstanceOf(RangeError);
    expect(fakeDb.calls.some((c) => c.op === 'commit')).toBe(false);
    expect(fakeDb.has(line)).toBe(false);
  });

  it('addManyToCart fails whole when the batch is refused', async () => {
    fakeDb.fail('commit', 'profiles/u1/cart_items/p2');
    await expect(
      addManyToCart('u1', [
        { productId: 'p1', quantity: 1 },
        { productId: 'p2', quantity: 1 },
      ]),
    ).rejects.toThrow('permission-denied');
    expect(fakeDb.has(line)).toBe(false);
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

  it('fetchCart reads the lines and skips malformed ones; counts sum the quantities or count the lines', async () => {
    const written = new Date('2026-12-01T18:00:00Z');
    fakeDb.seed(line, { product_id: 'p1', quantity: 2, updated_at: Timestamp.fromDate(written) });
    fakeDb.seed('profiles/u1/cart_items/p2', { product_id: 'p2', quantity: 3 });
    fakeDb.seed('profiles/u1/cart_items/bad', { product_id: 'bad', quantity: 0 });
    fakeDb.seed('profiles/u2/cart_items/p1', { product_id: 'p1', quantity: 9 });
    const items = await fetchCart('u1');
    // When each line was last written (the prices notice compares it with the company's prices).
    expect(items).toEqual([
      { product_id: 'p1', quantity: 2, updated_at: written },
      { product_id: 'p2', quantity: 3, updated_at: null },
    ]);
    expect(cartItemCount(items)).toBe(5);
    expect(cartLineCount(items)).toBe(2);
    expect(cartLineCount(undefined)).toBe(0);
    expect(quantityInCart(items, 'p2')).toBe(3);
    expect(quantityInCart(items, 'nope')).toBe(0);
  });

  it('setCartQuantities writes every line (no prices) in one batch, or none', async () => {
    fakeDb.seed(line, { product_id: 'p1', quantity: 1, note: 'kept' });
    await setCartQuantities(
      'u1',
      [
        { product_id: 'p1', quantity: 4 },
        { product_id: 'p2', quantity: 2 },
      ],
      new Map([['p1', 1]]),
    );
    expect(fakeDb.calls.filter((c) => c.op === 'commit')).toHaveLength(1);
    expect(fakeDb.get(line)).toMatchObject({ product_id: 'p1', quantity: 4, note: 'kept' });
    expect(Object.keys(fakeDb.get('profiles/u1/cart_items/p2') ?? {}).sort()).toEqual([
      'product_id',
      'quantity',
      'updated_at',
    ]);
    fakeDb.fail('commit', 'profiles/u1/cart_items/p3');
    await expect(
      setCartQuantities(
        'u1',
        [
          { product_id: 'p1', quantity: 9 },
          { product_id: 'p3', quantity: 1 },
        ],
        new Map([
          ['p1', 4],
          ['p2', 2],
        ]),
      ),
    ).rejects.toThrow('permission-denied');
    expect(fakeDb.get(line)?.quantity).toBe(4);
  });

  it('setCartQuantities writes more lines than one batch takes in several, undoing them to the cart as read when one fails', async () => {
    // A reorder of 22 products, one of them in the cart already: one batch would have its rules
    // read 23 documents, past the 20 a batch may read.
    fakeDb.seed(line, { product_id: 'p1', quantity: 2 });
    const lines = Array.from({ length: 22 }, (_, i) => ({ product_id: `p${i + 1}`, quantity: 3 }));
    const before = new Map([['p1', 2]]);
    await setCartQuantities('u1', lines, before);
    expect(fakeDb.calls.filter((c) => c.op === 'commit').map((c) => c.writes?.length)).toEqual([
      CART_BATCH_LINES,
      22 - CART_BATCH_LINES,
    ]);
    expect(fakeDb.get(line)?.quantity).toBe(3);
    expect(fakeDb.get('profiles/u1/cart_items/p22')?.quantity).toBe(3);

    // The second batch is refused: the first is undone, the line the cart had back at 2.
    fakeDb.reset();
    fakeDb.seed(line, { product_id: 'p1', quantity: 2 });
    fakeDb.fail('commit', 'profiles/u1/cart_items/p16', new Error('permission-denied'), true);
    await expect(setCartQuantities('u1', lines, before)).rejects.toThrow('permission-denied');
    expect(fakeDb.get(line)?.quantity).toBe(2);
    for (let i = 2; i <= 22; i++) expect(fakeDb.has(`profiles/u1/cart_items/p${i}`)).toBe(false);
  });
});

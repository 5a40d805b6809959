import { describe, expect, it } from 'vitest';
import { mailKeys } from './mail';
import {
  isBackInStock,
  isOutOfStock,
  stockAlertId,
  stockAlertRequest,
  type AlertProduct,
} from './stock-alerts';

const product = (fields: Partial<AlertProduct> = {}): AlertProduct => ({
  is_active: true,
  stock_on_hand: 0,
  stock_reserved: 0,
  backorders_allowed: false,
  case_pack: 1,
  min_quantity: 1,
  ...fields,
});

describe('isOutOfStock', () => {
  it('is out with nothing available (on hand less reserved)', () => {
    expect(isOutOfStock(product({ stock_on_hand: 0 }))).toBe(true);
    expect(isOutOfStock(product({ stock_on_hand: 10, stock_reserved: 10 }))).toBe(true);
    expect(isOutOfStock(product({ stock_on_hand: 3, stock_reserved: 10 }))).toBe(true);
  });

  it('is out with fewer units than one order line needs (minimum rounded to whole cases)', () => {
    expect(isOutOfStock(product({ stock_on_hand: 11, case_pack: 12, min_quantity: 12 }))).toBe(
      true,
    );
    expect(isOutOfStock(product({ stock_on_hand: 12, case_pack: 12, min_quantity: 12 }))).toBe(
      false,
    );
    expect(isOutOfStock(product({ stock_on_hand: 7, case_pack: 4, min_quantity: 5 }))).toBe(true);
    expect(isOutOfStock(product({ stock_on_hand: 8, case_pack: 4, min_quantity: 5 }))).toBe(false);
  });

  it('is never out when stock is not tracked or the product takes backorders', () => {
    expect(isOutOfStock(product({ stock_on_hand: null }))).toBe(false);
    expect(isOutOfStock(product({ stock_on_hand: 0, backorders_allowed: true }))).toBe(false);
    expect(isOutOfStock(product({ stock_on_hand: -4, backorders_allowed: true }))).toBe(false);
  });
});

describe('isBackInStock', () => {
  it('is a write from out of stock to in stock', () => {
    expect(isBackInStock(product({ stock_on_hand: 0 }), product({ stock_on_hand: 50 }))).toBe(true);
    // Low stock is in stock: it can be ordered.
    expect(isBackInStock(product({ stock_on_hand: 0 }), product({ stock_on_hand: 2 }))).toBe(true);
  });

  it('counts reserved units released (an abandoned checkout) as a restock', () => {
    expect(
      isBackInStock(
        product({ stock_on_hand: 10, stock_reserved: 10 }),
        product({ stock_on_hand: 10, stock_reserved: 0 }),
      ),
    ).toBe(true);
  });

  it('is not a restock that still leaves less than one line', () => {
    expect(
      isBackInStock(
        product({ stock_on_hand: 0, case_pack: 6, min_quantity: 6 }),
        product({ stock_on_hand: 5, case_pack: 6, min_quantity: 6 }),
      ),
    ).toBe(false);
  });

  it('is nothing for writes while in stock, or while out of stock', () => {
    expect(isBackInStock(product({ stock_on_hand: 50 }), product({ stock_on_hand: 40 }))).toBe(
      false,
    );
    expect(isBackInStock(product({ stock_on_hand: 50 }), product({ stock_on_hand: 0 }))).toBe(
      false,
    );
    expect(isBackInStock(product({ stock_on_hand: 0 }), product({ stock_on_hand: 0 }))).toBe(false);
  });

  it('is not back while inactive, and is back once made active again with stock', () => {
    const inactive = product({ stock_on_hand: 0, is_active: false });
    expect(isBackInStock(inactive, product({ stock_on_hand: 20, is_active: false }))).toBe(false);
    expect(
      isBackInStock(
        product({ stock_on_hand: 0, is_active: false }),
        product({ stock_on_hand: 20, is_active: true }),
      ),
    ).toBe(true);
  });

  it('is not back when the product only starts taking backorders', () => {
    expect(
      isBackInStock(product({ stock_on_hand: 0 }), product({ backorders_allowed: true })),
    ).toBe(false);
  });

  it('is back when stock arrives for a product that was taking backorders', () => {
    expect(
      isBackInStock(
        product({ stock_on_hand: -4, backorders_allowed: true }),
        product({ stock_on_hand: 40, backorders_allowed: true }),
      ),
    ).toBe(true);
  });

  it('is back when stock stops being tracked (always orderable)', () => {
    expect(isBackInStock(product({ stock_on_hand: 0 }), product({ stock_on_hand: null }))).toBe(
      true,
    );
  });

  it('is nothing for a new or a deleted product', () => {
    expect(isBackInStock(null, product({ stock_on_hand: 50 }))).toBe(false);
    expect(isBackInStock(product({ stock_on_hand: 0 }), null)).toBe(false);
  });
});

describe('alert ids, mail keys and requests', () => {
  it('keys one alert per product and member, and one mail per alert', () => {
    expect(stockAlertId('p1', 'u1')).toBe('p1_u1');
    expect(mailKeys.backInStock('p1_u1', 1_700_000_000_000)).toBe(
      'back-in-stock.p1_u1.1700000000000',
    );
    expect(mailKeys.backInStock('p1_u1', 1)).not.toBe(mailKeys.backInStock('p1_u1', 2));
  });

  it('takes a product id and nothing else', () => {
    expect(stockAlertRequest.safeParse({ productId: 'abc_1-2' }).success).toBe(true);
    expect(stockAlertRequest.safeParse({ productId: '' }).success).toBe(false);
    expect(stockAlertRequest.safeParse({ productId: 'a/b' }).success).toBe(false);
    expect(stockAlertRequest.safeParse({ productId: 'x'.repeat(129) }).success).toBe(false);
    expect(stockAlertRequest.safeParse({ productId: 'p', uid: 'someone' }).success).toBe(false);
    expect(stockAlertRequest.safeParse({}).success).toBe(false);
  });
});

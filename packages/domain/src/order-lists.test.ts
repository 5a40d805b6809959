import { describe, expect, it } from 'vitest';
import { CART_DELIVERY_PARAM, STANDING_ORDER_INTERVALS } from './standing-order-intervals';
import {
  deleteOrderListRequest,
  LIST_STANDING_SEARCH,
  fitsStandingOrder,
  listToCart,
  ORDER_LIST_MESSAGES,
  orderListLinesFrom,
  orderListNameKey,
  saveOrderListRequest,
  STANDING_ORDER_MAX_PRODUCTS,
  type OrderListLine,
  type OrderListProduct,
} from './order-lists';

function product(over: Partial<OrderListProduct> & { id: string }): OrderListProduct {
  return {
    sku: over.id.toUpperCase(),
    name: `Product ${over.id}`,
    case_pack: 1,
    min_quantity: 1,
    stock_on_hand: null,
    stock_reserved: 0,
    ...over,
  };
}

function line(productId: string, quantity: number): OrderListLine {
  return {
    product_id: productId,
    sku: productId.toUpperCase(),
    name: `Listed ${productId}`,
    quantity,
  };
}

const catalog = (...products: OrderListProduct[]) => new Map(products.map((p) => [p.id, p]));

describe('saveOrderListRequest', () => {
  const valid = {
    listId: null,
    name: '  Main St every 2 weeks ',
    lines: [{ productId: 'a', quantity: 6 }],
  };

  it('takes a new list with a trimmed name', () => {
    const parsed = saveOrderListRequest.parse(valid);
    expect(parsed.name).toBe('Main St every 2 weeks');
    expect(parsed.listId).toBeNull();
  });

  it.each([
    [{ ...valid, name: '   ' }, ORDER_LIST_MESSAGES.name],
    [{ ...valid, name: 'x'.repeat(61) }, ORDER_LIST_MESSAGES.name],
    [{ ...valid, name: 'Main\u202eSt' }, ORDER_LIST_MESSAGES.nameCharacters],
    [{ ...valid, lines: [] }, ORDER_LIST_MESSAGES.noLines],
    [{ ...valid, lines: [{ productId: 'a', quantity: 0 }] }, ORDER_LIST_MESSAGES.quantity],
    [{ ...valid, lines: [{ productId: 'a', quantity: 1000 }] }, ORDER_LIST_MESSAGES.quantity],
    [{ ...valid, lines: [{ productId: 'a', quantity: 1.5 }] }, ORDER_LIST_MESSAGES.quantity],
    [
      {
        ...valid,
        lines: [
          { productId: 'a', quantity: 1 },
          { productId: 'a', quantity: 2 },
        ],
      },
      ORDER_LIST_MESSAGES.duplicateProduct,
    ],
    [
      {
        ...valid,
        lines: Array.from({ length: 201 }, (_, i) => ({ productId: `p${i}`, quantity: 1 })),
      },
      ORDER_LIST_MESSAGES.tooManyLines,
    ],
  ])('refuses %j', (input, message) => {
    const result = saveOrderListRequest.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it('takes 200 lines and 60 characters, refuses a bad list id and unknown keys', () => {
    const lines = Array.from({ length: 200 }, (_, i) => ({ productId: `p${i}`, quantity: 999 }));
    expect(saveOrderListRequest.safeParse({ ...valid, name: 'n'.repeat(60), lines }).success).toBe(
      true,
    );
    expect(saveOrderListRequest.safeParse({ ...valid, listId: 'a/b' }).success).toBe(false);
    expect(saveOrderListRequest.safeParse({ ...valid, extra: 1 }).success).toBe(false);
    expect(deleteOrderListRequest.safeParse({ listId: '' }).success).toBe(false);
  });
});

describe('orderListNameKey', () => {
  it('compares names trimmed, case ignored', () => {
    expect(orderListNameKey(' Main St ')).toBe(orderListNameKey('main st'));
    expect(orderListNameKey('Main St')).not.toBe(orderListNameKey('Main St 2'));
  });
});

describe('orderListLinesFrom', () => {
  it('adds up a product twice, caps a line at 999 and says so', () => {
    expect(
      orderListLinesFrom([
        { product_id: 'a', quantity: 6 },
        { product_id: 'b', quantity: 1200 },
        { product_id: 'a', quantity: 6 },
      ]),
    ).toEqual({
      lines: [
        { productId: 'a', quantity: 12 },
        { productId: 'b', quantity: 999 },
      ],
      changed: true,
    });
    expect(orderListLinesFrom([{ product_id: 'a', quantity: 6 }]).changed).toBe(false);
  });

  it('keeps the first 200 products', () => {
    const items = Array.from({ length: 205 }, (_, i) => ({ product_id: `p${i}`, quantity: 1 }));
    const { lines, changed } = orderListLinesFrom(items);
    expect(lines).toHaveLength(200);
    expect(lines.at(-1)?.productId).toBe('p199');
    expect(changed).toBe(true);
  });
});

describe('listToCart', () => {
  it('adds what it can and names each line it could not add with its reason, in list order', () => {
    const result = listToCart(
      [line('cups', 48), line('gone', 2), line('syrup', 5), line('lids', 10), line('off', 1)],
      catalog(
        product({ id: 'cups', name: 'Cups', stock_on_hand: 100 }),
        product({ id: 'syrup', name: 'Syrup', case_pack: 6 }),
        product({ id: 'lids', name: 'Lids', stock_on_hand: 0 }),
        product({ id: 'off', name: 'Old mugs', is_active: false }),
      ),
    );
    expect(result.toAdd).toEqual([
      {
        line: 1,
        productId: 'cups',
        sku: 'CUPS',
        name: 'Cups',
        listed: 48,
        quantity: 48,
        note: null,
      },
      {
        line: 3,
        productId: 'syrup',
        sku: 'SYRUP',
        name: 'Syrup',
        listed: 5,
        quantity: 6,
        note: 'Sold in cases of 6: 5 units became 6.',
      },
    ]);
    expect(result.notAdded).toEqual([
      {
        line: 2,
        productId: 'gone',
        sku: 'GONE',
        name: 'Listed gone',
        listed: 2,
        reason: 'Listed gone is no longer available.',
      },
      {
        line: 4,
        productId: 'lids',
        sku: 'LIDS',
        name: 'Lids',
        listed: 10,
        reason: 'Lids is out of stock.',
      },
      {
        line: 5,
        productId: 'off',
        sku: 'OFF',
        name: 'Old mugs',
        listed: 1,
        reason: 'Old mugs is no longer available.',
      },
    ]);
  });

  it('raises a line to the minimum with a note', () => {
    const { toAdd } = listToCart(
      [line('a', 4)],
      catalog(product({ id: 'a', min_quantity: 12, case_pack: 6 })),
    );
    expect(toAdd[0]).toMatchObject({
      quantity: 12,
      note: 'The minimum order is 12 units: 4 units became 12.',
    });
  });

  it('counts reserved stock and what the cart holds', () => {
    const shelf = catalog(product({ id: 'a', name: 'A', stock_on_hand: 30, stock_reserved: 10 }));
    expect(listToCart([line('a', 20)], shelf).toAdd).toHaveLength(1);
    expect(listToCart([line('a', 21)], shelf).notAdded[0]?.reason).toBe('Only 20 left of A.');
    expect(listToCart([line('a', 12)], shelf, () => 10).notAdded[0]?.reason).toBe(
      'Only 20 left of A.',
    );
    expect(listToCart([line('a', 10)], shelf, () => 10).toAdd[0]?.quantity).toBe(10);
  });

  it('adds past the stock of a product that takes backorders', () => {
    const { toAdd, notAdded } = listToCart(
      [line('a', 24)],
      catalog(product({ id: 'a', stock_on_hand: 0, backorders_allowed: true })),
    );
    expect(notAdded).toEqual([]);
    expect(toAdd[0]?.quantity).toBe(24);
  });

  it('refuses a line the cart already holds the most of', () => {
    const { notAdded } = listToCart(
      [line('a', 5)],
      catalog(product({ id: 'a', name: 'A' })),
      () => 999,
    );
    expect(notAdded[0]?.reason).toBe('Your cart already has the most A one line can take.');
  });
});

describe('fitsStandingOrder', () => {
  const shelf = catalog(product({ id: 'a' }), product({ id: 'b', stock_on_hand: 0 }));

  it('fits when every line can be added and the cart stays within 20 products', () => {
    const result = listToCart([line('a', 1)], shelf);
    expect(fitsStandingOrder(result, [])).toBe(true);
    const full = Array.from({ length: STANDING_ORDER_MAX_PRODUCTS - 1 }, (_, i) => `c${i}`);
    expect(fitsStandingOrder(result, full)).toBe(true);
    expect(fitsStandingOrder(result, [...full, 'c-more'])).toBe(false);
    expect(fitsStandingOrder(result, ['a', ...full])).toBe(true);
  });

  it('does not fit when a line cannot be added', () => {
    expect(fitsStandingOrder(listToCart([line('a', 1), line('b', 1)], shelf), [])).toBe(false);
  });
});

describe('LIST_STANDING_SEARCH', () => {
  it("chooses the cart's shortest standing order interval through the cart's parameter", () => {
    expect(LIST_STANDING_SEARCH).toBe(`?${CART_DELIVERY_PARAM}=${STANDING_ORDER_INTERVALS[0]}`);
  });
});

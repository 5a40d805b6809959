import { MAX_PRICE_BREAKS } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { makeProduct } from '../testing/stubs';
import {
  otherSkus,
  productFormDefaults,
  productFormSchema,
  type ProductFormInput,
} from './product-form';

const valid: ProductFormInput = {
  name: 'Blue Coast Syrup',
  sku: ' syr-blue ',
  category: ' Syrups ',
  description: 'Blue raspberry',
  image_url: '/images/blue.png',
  images: [{ url: '/images/blue-2.png' }],
  price_retailer: '19.50',
  price_breaks: [{ min_quantity: 24, unit_amount: '17.50' }],
  price_wholesaler: '15.25',
  wholesale_breaks: [],
  case_pack: 6,
  min_quantity: 12,
  track_stock: true,
  stock_on_hand: 100,
  backorders_allowed: false,
  restock_date: '',
  is_active: true,
  sort_order: 3,
};

/** The first message of each refused field, by path (what the form shows). */
function problems(input: ProductFormInput, skus: string[] = []): Record<string, string> {
  const result = productFormSchema(new Set(skus)).safeParse(input);
  const found: Record<string, string> = {};
  if (result.success) return found;
  for (const issue of result.error.issues) found[issue.path.join('.')] ??= issue.message;
  return found;
}

describe('productFormSchema', () => {
  it('turns dollars into cents, upper-cases the SKU and lists the extra images', () => {
    expect(productFormSchema().parse(valid)).toEqual({
      name: 'Blue Coast Syrup',
      sku: 'SYR-BLUE',
      category: 'Syrups',
      description: 'Blue raspberry',
      image_url: '/images/blue.png',
      images: ['/images/blue-2.png'],
      price_retailer: 1950,
      price_breaks: [{ min_quantity: 24, unit_amount: 1750 }],
      price_wholesaler: 1525,
      wholesale_breaks: [],
      case_pack: 6,
      min_quantity: 12,
      stock_on_hand: 100,
      backorders_allowed: false,
      restock_date: null,
      is_active: true,
      sort_order: 3,
    });
  });

  it('saves no stock (not tracked) when Track stock is off, whatever the number says', () => {
    expect(
      productFormSchema().parse({ ...valid, track_stock: false, stock_on_hand: 5 }),
    ).toMatchObject({ stock_on_hand: null });
    expect(problems({ ...valid, track_stock: true, stock_on_hand: null })).toEqual({
      stock_on_hand: 'Enter the stock on hand (or turn off Track stock)',
    });
  });

  it('saves backorders and the restock date with tracked stock only', () => {
    const backordered = { ...valid, backorders_allowed: true, restock_date: '2026-12-10' };
    expect(productFormSchema().parse(backordered)).toMatchObject({
      stock_on_hand: 100,
      backorders_allowed: true,
      restock_date: '2026-12-10',
    });
    expect(productFormSchema().parse({ ...backordered, track_stock: false })).toMatchObject({
      stock_on_hand: null,
      backorders_allowed: false,
      restock_date: null,
    });
    expect(problems({ ...backordered, restock_date: '12/10/2026' })).toEqual({
      restock_date: 'Enter the restock date as YYYY-MM-DD.',
    });
  });

  it('keeps a stock count owed to backorders as it is, and refuses a new count below 0', () => {
    const owed = { ...valid, backorders_allowed: true, stock_on_hand: -14 };
    expect(productFormSchema(new Set(), -14).parse(owed)).toMatchObject({ stock_on_hand: -14 });
    expect(productFormSchema(new Set(), -14).parse({ ...owed, stock_on_hand: 6 })).toMatchObject({
      stock_on_hand: 6,
    });
    const refused = productFormSchema(new Set(), -14).safeParse({ ...owed, stock_on_hand: -3 });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('Stock on hand must be from 0 to 1,000,000');
    expect(problems({ ...valid, stock_on_hand: -1 })).toEqual({
      stock_on_hand: 'Stock on hand must be from 0 to 1,000,000',
    });
  });

  it('refuses a SKU another product has, in any case', () => {
    expect(problems(valid, ['SYR-BLUE'])).toEqual({
      sku: 'Another product already has this SKU',
    });
    expect(problems({ ...valid, sku: '' })).toEqual({ sku: 'SKU is required' });
    expect(problems({ ...valid, sku: 'SYR BLUE' })).toEqual({
      sku: 'SKU may use letters, digits, dot, dash and underscore only',
    });
  });

  it('refuses a minimum order that is not a whole number of cases', () => {
    expect(problems({ ...valid, case_pack: 6, min_quantity: 10 })).toEqual({
      min_quantity: 'The minimum order must be a multiple of the case pack (6)',
    });
    expect(problems({ ...valid, case_pack: 0 })).toMatchObject({
      case_pack: 'Case pack must be at least 1',
    });
  });

  it('refuses prices with three decimals, in the base price and in a break', () => {
    expect(
      problems({
        ...valid,
        price_retailer: '12.345',
        price_breaks: [{ min_quantity: 24, unit_amount: '1.999' }],
      }),
    ).toEqual({
      price_retailer: 'Enter an amount in dollars, like 12.50',
      'price_breaks.0.unit_amount': 'Enter an amount in dollars, like 12.50',
    });
  });

  it('refuses breaks that are not a ladder, with the reason', () => {
    expect(
      problems({ ...valid, price_breaks: [{ min_quantity: 24, unit_amount: '19.50' }] }),
    ).toEqual({ price_breaks: 'Each price break must be cheaper than the price before it' });
    expect(
      problems({
        ...valid,
        wholesale_breaks: [
          { min_quantity: 48, unit_amount: '14.00' },
          { min_quantity: 24, unit_amount: '13.00' },
        ],
      }),
    ).toEqual({ wholesale_breaks: 'Price breaks must start at increasing quantities' });
    expect(
      problems({ ...valid, price_breaks: [{ min_quantity: 1, unit_amount: '1.00' }] }),
    ).toEqual({ 'price_breaks.0.min_quantity': 'From quantity must be at least 2' });
    expect(problems({ ...valid, price_breaks: [{ min_quantity: null, unit_amount: '' }] })).toEqual(
      {
        'price_breaks.0.min_quantity': 'From quantity is required',
        'price_breaks.0.unit_amount': 'Unit price is required',
      },
    );
    const many = Array.from({ length: MAX_PRICE_BREAKS + 1 }, (_, i) => ({
      min_quantity: 10 + i,
      unit_amount: `${18 - i}.00`,
    }));
    expect(problems({ ...valid, price_breaks: many })).toEqual({
      price_breaks: `At most ${MAX_PRICE_BREAKS} price breaks`,
    });
  });

  it('asks for an extra image URL or its removal', () => {
    expect(problems({ ...valid, images: [{ url: ' ' }] })).toEqual({
      'images.0.url': 'Enter the image URL or remove the row',
    });
  });
});

describe('productFormDefaults', () => {
  it('shows a product in the form: dollars, breaks, stock switch', () => {
    const product = makeProduct({
      price_breaks: [{ min_quantity: 24, unit_amount: 2799 }],
      wholesale_breaks: [{ min_quantity: 48, unit_amount: 2299 }],
      images: ['/x.png'],
      stock_on_hand: 0,
    });
    expect(productFormDefaults(product, 99)).toMatchObject({
      sku: 'SYR-PURPLE',
      price_retailer: '29.99',
      price_breaks: [{ min_quantity: 24, unit_amount: '27.99' }],
      price_wholesaler: '24.99',
      wholesale_breaks: [{ min_quantity: 48, unit_amount: '22.99' }],
      images: [{ url: '/x.png' }],
      track_stock: true,
      stock_on_hand: 0,
      sort_order: 10,
    });
    expect(productFormDefaults(makeProduct({ stock_on_hand: null }), 1)).toMatchObject({
      track_stock: false,
    });
  });

  it('round-trips: a saved product saves back unchanged', () => {
    const product = makeProduct({
      price_breaks: [{ min_quantity: 24, unit_amount: 2799 }],
      case_pack: 12,
      min_quantity: 24,
      stock_on_hand: 7,
    });
    const { id: _id, stock_reserved: _r, created_at: _c, ...saved } = product;
    expect(productFormSchema().parse(productFormDefaults(product, 1))).toEqual(saved);
  });

  it('round-trips a product owing units to backorders, with its restock date', () => {
    const product = makeProduct({
      stock_on_hand: -14,
      backorders_allowed: true,
      restock_date: '2026-12-10',
    });
    const { id: _id, stock_reserved: _r, created_at: _c, ...saved } = product;
    expect(productFormDefaults(product, 1)).toMatchObject({ restock_date: '2026-12-10' });
    expect(productFormSchema(new Set(), -14).parse(productFormDefaults(product, 1))).toEqual(saved);
  });
});

describe('otherSkus', () => {
  it('is every other product’s SKU, normalized, without blanks', () => {
    const products = [
      makeProduct({ id: 'a', sku: 'syr-1' }),
      makeProduct({ id: 'b', sku: 'SYR-2' }),
      makeProduct({ id: 'c', sku: '' }),
    ];
    expect([...otherSkus(products, 'b')]).toEqual(['SYR-1']);
    expect([...otherSkus(products, undefined)]).toEqual(['SYR-1', 'SYR-2']);
  });
});

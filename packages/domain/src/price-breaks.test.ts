import { describe, expect, it } from 'vitest';
import { OrderPricingError } from './orders';
import { lineUnitPrice, priceBreaksFor, priceOrderLines, unitPriceFor } from './order-pricing';
import {
  formatPriceBreaks,
  MAX_PRICE_BREAKS,
  priceBreaksProblem,
  priceTiers,
  tierLabel,
  unitPriceAt,
  type PriceBreak,
} from './price-breaks';
import { PRODUCT_DEFAULTS, withWholesalePrice, type CatalogProduct, type Product } from './schemas';

const ladder: PriceBreak[] = [
  { min_quantity: 24, unit_amount: 390 },
  { min_quantity: 48, unit_amount: 350 },
];

describe('priceBreaksProblem', () => {
  it('accepts no breaks and a proper ladder', () => {
    expect(priceBreaksProblem(450, [])).toBeNull();
    expect(priceBreaksProblem(450, ladder)).toBeNull();
    expect(
      priceBreaksProblem(
        1000,
        [2, 10, 50, 100, 999].map((min_quantity, i) => ({
          min_quantity,
          unit_amount: 900 - i * 100,
        })),
      ),
    ).toBeNull();
  });

  it('refuses more than the maximum number of breaks', () => {
    const six = Array.from({ length: MAX_PRICE_BREAKS + 1 }, (_, i) => ({
      min_quantity: 10 * (i + 1),
      unit_amount: 900 - i * 10,
    }));
    expect(priceBreaksProblem(1000, six)).toBe('At most 5 price breaks');
  });

  it.each([
    [[{ min_quantity: 1, unit_amount: 300 }], 'starting at 1 unit'],
    [[{ min_quantity: 0, unit_amount: 300 }], 'starting at 0'],
    [[{ min_quantity: 1000, unit_amount: 300 }], 'starting over the line cap'],
    [[{ min_quantity: 12.5, unit_amount: 300 }], 'starting at a fraction'],
  ])('refuses a break %j (%s)', (breaks) => {
    expect(priceBreaksProblem(450, breaks)).toBe(
      'A price break starts at a whole number from 2 to 999',
    );
  });

  it('refuses breaks out of order or repeated', () => {
    expect(
      priceBreaksProblem(450, [
        { min_quantity: 48, unit_amount: 350 },
        { min_quantity: 24, unit_amount: 300 },
      ]),
    ).toBe('Price breaks must start at increasing quantities');
    expect(
      priceBreaksProblem(450, [
        { min_quantity: 24, unit_amount: 390 },
        { min_quantity: 24, unit_amount: 350 },
      ]),
    ).toBe('Price breaks must start at increasing quantities');
  });

  it('refuses a break that is not cheaper than the price before it', () => {
    expect(priceBreaksProblem(450, [{ min_quantity: 24, unit_amount: 450 }])).toBe(
      'Each price break must be cheaper than the price before it',
    );
    expect(priceBreaksProblem(450, [{ min_quantity: 24, unit_amount: 500 }])).toBe(
      'Each price break must be cheaper than the price before it',
    );
    expect(
      priceBreaksProblem(450, [
        { min_quantity: 24, unit_amount: 390 },
        { min_quantity: 48, unit_amount: 390 },
      ]),
    ).toBe('Each price break must be cheaper than the price before it');
    // A free base price leaves no room for a break.
    expect(priceBreaksProblem(0, [{ min_quantity: 2, unit_amount: 0 }])).not.toBeNull();
  });
});

describe('unitPriceAt', () => {
  it.each([
    [1, 450],
    [23, 450],
    [24, 390],
    [47, 390],
    [48, 350],
    [999, 350],
  ])('%i units cost %i each', (quantity, price) => {
    expect(unitPriceAt(450, ladder, quantity)).toBe(price);
  });

  it('is the base price without breaks', () => {
    expect(unitPriceAt(3499, [], 999)).toBe(3499);
  });
});

describe('priceTiers and tierLabel', () => {
  it('turns a ladder into table rows', () => {
    const tiers = priceTiers(450, ladder);
    expect(tiers).toEqual([
      { from: 1, to: 23, unit_amount: 450 },
      { from: 24, to: 47, unit_amount: 390 },
      { from: 48, to: null, unit_amount: 350 },
    ]);
    expect(tiers.map(tierLabel)).toEqual(['1–23', '24–47', '48+']);
  });

  it('is one open row without breaks', () => {
    expect(priceTiers(3499, [])).toEqual([{ from: 1, to: null, unit_amount: 3499 }]);
    expect(tierLabel({ from: 1, to: null, unit_amount: 3499 })).toBe('1+');
  });

  it('labels a one-quantity tier with the quantity alone', () => {
    const tiers = priceTiers(450, [
      { min_quantity: 2, unit_amount: 400 },
      { min_quantity: 3, unit_amount: 350 },
    ]);
    expect(tiers.map(tierLabel)).toEqual(['1', '2', '3+']);
  });

  it('agrees with unitPriceAt at every quantity', () => {
    const tiers = priceTiers(450, ladder);
    for (let quantity = 1; quantity <= 100; quantity += 1) {
      const tier = tiers.find((t) => quantity >= t.from && (t.to === null || quantity <= t.to));
      expect(tier?.unit_amount).toBe(unitPriceAt(450, ladder, quantity));
    }
  });
});

describe('formatPriceBreaks', () => {
  it('writes the CSV form with two decimals', () => {
    expect(formatPriceBreaks(ladder)).toBe('24:3.90|48:3.50');
    expect(formatPriceBreaks([{ min_quantity: 12, unit_amount: 1005 }])).toBe('12:10.05');
    expect(formatPriceBreaks([{ min_quantity: 2, unit_amount: 0 }])).toBe('2:0.00');
    expect(formatPriceBreaks([])).toBe('');
  });
});

const stored = (overrides: Partial<Product> = {}): Product => ({
  ...PRODUCT_DEFAULTS,
  images: [],
  price_breaks: [],
  id: 'cups',
  name: 'Slush Cups',
  description: '',
  image_url: '/products/cups.svg',
  price_retailer: 650,
  is_active: true,
  sort_order: 1,
  ...overrides,
});

const cups: CatalogProduct = withWholesalePrice(
  stored({
    case_pack: 20,
    min_quantity: 20,
    price_breaks: [
      { min_quantity: 60, unit_amount: 590 },
      { min_quantity: 100, unit_amount: 540 },
    ],
  }),
  { price_wholesaler: 520, price_breaks: [{ min_quantity: 60, unit_amount: 470 }] },
);

describe('prices with breaks on the server (order-pricing)', () => {
  it("uses each role's own base price and breaks", () => {
    expect(unitPriceFor(cups, 'retailer')).toBe(650);
    expect(unitPriceFor(cups, 'wholesaler')).toBe(520);
    expect(priceBreaksFor(cups, 'retailer')).toEqual(cups.price_breaks);
    expect(priceBreaksFor(cups, 'manager')).toEqual(cups.price_breaks);
    expect(priceBreaksFor(cups, 'wholesaler')).toEqual(cups.wholesale_breaks);
    expect(lineUnitPrice(cups, 'retailer', 40)).toBe(650);
    expect(lineUnitPrice(cups, 'retailer', 60)).toBe(590);
    expect(lineUnitPrice(cups, 'retailer', 100)).toBe(540);
    expect(lineUnitPrice(cups, 'wholesaler', 100)).toBe(470);
  });

  it('gives a wholesaler no price and no breaks without the wholesale join', () => {
    const product = stored({ price_breaks: [{ min_quantity: 10, unit_amount: 500 }] });
    expect(unitPriceFor(product, 'wholesaler')).toBeNull();
    expect(priceBreaksFor(product, 'wholesaler')).toEqual([]);
    expect(lineUnitPrice(product, 'wholesaler', 10)).toBeNull();
    expect(lineUnitPrice(product, 'retailer', 10)).toBe(500);
  });

  it('prices each line at the break it reaches', () => {
    const catalog = new Map([[cups.id, cups]]);
    const [retail] = priceOrderLines([{ product_id: 'cups', quantity: 60 }], catalog, 'retailer');
    expect(retail).toMatchObject({ unit_amount: 590, quantity: 60, line_total: 35400 });
    const [wholesale] = priceOrderLines(
      [{ product_id: 'cups', quantity: 40 }],
      catalog,
      'wholesaler',
    );
    expect(wholesale).toMatchObject({ unit_amount: 520, quantity: 40, line_total: 20800 });
  });

  it('refuses broken cases and quantities under the minimum with the product name', () => {
    const catalog = new Map([[cups.id, cups]]);
    const attempt = (quantity: number) => () =>
      priceOrderLines([{ product_id: 'cups', quantity }], catalog, 'retailer');
    expect(attempt(48)).toThrow(OrderPricingError);
    expect(attempt(48)).toThrow('Slush Cups is sold in cases of 20: order a multiple of 20');
    const withMinimum = new Map([['cups', { ...cups, min_quantity: 40 }]]);
    expect(() =>
      priceOrderLines([{ product_id: 'cups', quantity: 20 }], withMinimum, 'retailer'),
    ).toThrow('The minimum order for Slush Cups is 40 units');
  });
});

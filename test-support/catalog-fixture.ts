/**
 * A generated catalog for performance tests (the store with 2,000 products): `count` products in
 * eight categories, each a valid joined CatalogProduct (productSchema + catalogProductProblem
 * hold), with SKUs, case packs and minimums, retail and wholesale price breaks, extra images,
 * creation dates (a few missing, as on products saved before the field existed) and stock in
 * every state: in stock, low, out, not tracked, some of it reserved.
 *
 * Deterministic: the same (count, seed) always gives the same products, so a test that fails
 * can be rerun on exactly the same catalog. No I/O and no Node or DOM APIs, so the end-to-end
 * tests (written to Firestore) and the web unit tests (rendered in happy-dom) share it.
 */
import {
  COLLECTIONS,
  LOW_STOCK_UNITS,
  MAX_LINE_QUANTITY,
  splitCatalogProduct,
  type CatalogProduct,
  type PriceBreak,
} from '@portal/domain';

interface CategorySpec {
  name: string;
  /** SKU prefix. */
  prefix: string;
  /** Shown as the card image (files in web/public/products/). */
  images: readonly string[];
  nouns: readonly string[];
  /** Retail price range in cents. */
  price: readonly [min: number, max: number];
  casePacks: readonly number[];
}

const CATEGORIES: readonly CategorySpec[] = [
  {
    name: 'Syrups',
    prefix: 'SYR',
    images: ['/products/purple-dream.svg', '/products/blue-coast.svg', '/products/red-rush.svg'],
    nouns: ['Syrup, 1 gal', 'Syrup, 1/2 gal', 'Sugar-Free Syrup, 1 gal', 'Concentrate, 5 gal'],
    price: [1899, 8999],
    casePacks: [1, 1, 4, 6],
  },
  {
    name: 'Machines',
    prefix: 'MCH',
    images: ['/products/slushie-machine-single.svg', '/products/slushie-machine-double.svg'],
    nouns: ['Slush Machine, Single Bowl', 'Slush Machine, Double Bowl', 'Granita Dispenser'],
    price: [59900, 249900],
    casePacks: [1],
  },
  {
    name: 'Cups & Lids',
    prefix: 'CUP',
    images: ['/products/slush-cups-16oz.svg', '/products/dome-lids-16oz.svg'],
    nouns: ['Cups, 12 oz', 'Cups, 16 oz', 'Cups, 24 oz', 'Dome Lids', 'Flat Lids'],
    price: [299, 1499],
    casePacks: [10, 20, 25],
  },
  {
    name: 'Straws & Spoons',
    prefix: 'STR',
    images: ['/products/spoon-straws.svg'],
    nouns: ['Spoon Straws', 'Jumbo Straws', 'Paper Straws', 'Tasting Spoons'],
    price: [399, 2499],
    casePacks: [6, 12],
  },
  {
    name: 'Bundles',
    prefix: 'BDL',
    images: ['/products/syrup-variety-pack.svg'],
    nouns: ['Variety Pack', 'Starter Kit', 'Party Bundle'],
    price: [4999, 29999],
    casePacks: [1, 2],
  },
  {
    name: 'Parts',
    prefix: 'PRT',
    images: ['/products/slushie-machine-triple.svg'],
    nouns: ['Auger', 'Bowl Gasket', 'Drip Tray', 'Tap Handle', 'LED Lid'],
    price: [899, 19999],
    casePacks: [1, 1, 2, 10],
  },
  {
    name: 'Cleaning',
    prefix: 'CLN',
    images: ['/products/green-machine.svg'],
    nouns: ['Sanitizer Tablets', 'Bowl Brush Set', 'Descaler, 1 qt', 'Lubricant'],
    price: [599, 4999],
    casePacks: [1, 6, 12],
  },
  {
    name: 'Merch',
    prefix: 'MRC',
    images: ['/products/mango-tango.svg'],
    nouns: ['Window Decal', 'Menu Board', 'Staff T-Shirt', 'Counter Mat'],
    price: [499, 5999],
    casePacks: [1, 1, 12],
  },
];

/** The categories a generated catalog draws from (8). */
export const CATALOG_FIXTURE_CATEGORIES: readonly string[] = CATEGORIES.map((c) => c.name);

const ADJECTIVES = [
  'Arctic',
  'Blazing',
  'Classic',
  'Cosmic',
  'Crème',
  'Electric',
  'Frosty',
  'Golden',
  'Midnight',
  'Neon',
  'Polar',
  'Tropical',
  'Velvet',
  'Wild',
] as const;

const FLAVORS = [
  'Blue Raspberry',
  'Cherry',
  'Cola',
  'Grape',
  'Green Apple',
  'Lemonade',
  'Mango',
  'Piña Colada',
  'Strawberry',
  'Watermelon',
] as const;

/** xorshift32: a small, fast, seedable generator (quality is no concern here, repeatability is). */
function generator(seed: number) {
  let state = (seed | 0) ^ 0x5bd1e995 || 1;
  const next = (): number => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x1_0000_0000;
  };
  return {
    /** [0, 1) */
    next,
    /** A whole number from min to max, both included. */
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
  };
}
type Random = ReturnType<typeof generator>;

/** Rounded to a price that ends in 9 (1899, 649), at least 99 cents. */
function retailPrice(random: Random, [min, max]: readonly [number, number]): number {
  return Math.max(99, Math.round(random.int(min, max) / 10) * 10 - 1);
}

/**
 * 1 to `max` breaks above the minimum order, at whole cases, each a few percent cheaper than the
 * one before: a valid ladder (priceBreaksProblem) under `base`.
 */
function ladder(random: Random, base: number, casePack: number, minimum: number, max: number) {
  const breaks: PriceBreak[] = [];
  let quantity = Math.max(minimum, 1);
  let price = base;
  const count = random.int(1, max);
  for (let i = 0; i < count; i += 1) {
    quantity += casePack * random.int(1, 4) * (i + 1);
    price = Math.floor(price * (0.9 + random.next() * 0.06));
    if (quantity > MAX_LINE_QUANTITY || price < 1) break;
    breaks.push({ min_quantity: Math.max(2, quantity), unit_amount: price });
  }
  return breaks;
}

/** Stock in every state: ~10 % untracked, ~8 % out, ~12 % low, the rest plenty. */
function stock(random: Random, minimum: number) {
  const roll = random.next();
  if (roll < 0.1) return { stock_on_hand: null, stock_reserved: 0 };
  if (roll < 0.18) return { stock_on_hand: 0, stock_reserved: 0 };
  if (roll < 0.3 && minimum <= LOW_STOCK_UNITS) {
    return { stock_on_hand: random.int(minimum, LOW_STOCK_UNITS), stock_reserved: 0 };
  }
  const onHand = random.int(Math.max(minimum, LOW_STOCK_UNITS + 1) + 50, 5000);
  // Some units held by open checkouts, never so many the product looks low.
  const reserved = random.chance(0.1) ? random.int(1, 40) : 0;
  return { stock_on_hand: onHand, stock_reserved: reserved };
}

const DAY_MS = 86_400_000;
const FIRST_DAY = Date.UTC(2024, 0, 1);

/**
 * `count` products, the same ones for the same (count, seed). Ids are `fixture-00001`...,
 * SKUs `<category prefix>-00001`... (unique), sort_order 1..count, every product active.
 */
export function generateCatalog(count: number, seed = 1): CatalogProduct[] {
  const random = generator(seed);
  return Array.from({ length: count }, (_, index): CatalogProduct => {
    const number = String(index + 1).padStart(5, '0');
    const category = random.pick(CATEGORIES);
    const noun = random.pick(category.nouns);
    const flavored = category.name === 'Syrups' || category.name === 'Bundles';
    const name = `${random.pick(ADJECTIVES)} ${flavored ? `${random.pick(FLAVORS)} ` : ''}${noun}`;
    const case_pack = random.pick(category.casePacks);
    const min_quantity = case_pack * (random.chance(0.3) ? random.int(2, 3) : 1);
    const price_retailer = retailPrice(random, category.price);
    const price_wholesaler = Math.floor(price_retailer * (0.72 + random.next() * 0.1));
    const price_breaks = random.chance(0.4)
      ? ladder(random, price_retailer, case_pack, min_quantity, 3)
      : [];
    const wholesale_breaks = random.chance(0.5)
      ? ladder(random, price_wholesaler, case_pack, min_quantity, 5)
      : [];
    const extraImages = random.chance(0.3) ? random.int(1, 3) : 0;
    const created_at = random.chance(0.05)
      ? null
      : new Date(FIRST_DAY + random.int(0, 700) * DAY_MS + random.int(0, DAY_MS - 1));
    return {
      id: `fixture-${number}`,
      sku: `${category.prefix}-${number}`,
      name,
      category: category.name,
      description: `${name}. ${category.name} for slush shops; sold ${
        case_pack > 1 ? `in cases of ${case_pack}` : 'by the unit'
      }.`,
      image_url: random.pick(category.images),
      images: Array.from({ length: extraImages }, () => random.pick(category.images)),
      price_retailer,
      price_wholesaler,
      price_breaks,
      wholesale_breaks,
      case_pack,
      min_quantity,
      ...stock(random, min_quantity),
      backorders_allowed: false,
      restock_date: null,
      is_active: true,
      sort_order: index + 1,
      created_at,
    };
  });
}

/**
 * The Firestore documents of a generated catalog, path -> data: products/{id} (with created_at
 * as a Date) and wholesale_prices/{id}, as the catalog editor stores them.
 */
export function catalogFixtureDocuments(
  products: readonly CatalogProduct[],
): Map<string, Record<string, unknown>> {
  const documents = new Map<string, Record<string, unknown>>();
  for (const { id, ...joined } of products) {
    const { product, wholesale } = splitCatalogProduct(joined);
    documents.set(`${COLLECTIONS.products}/${id}`, product);
    documents.set(`${COLLECTIONS.wholesalePrices}/${id}`, wholesale);
  }
  return documents;
}

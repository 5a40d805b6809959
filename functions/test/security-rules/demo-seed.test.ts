import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../../scripts/demo-accounts';
import {
  companySearchFields,
  orderSearchFields,
  profileSearchFields,
} from '../../src/insights/search-fields';
import {
  availableStock,
  buildRollups,
  catalogProductProblem,
  COLLECTIONS,
  minimumOrderQuantity,
  paths,
  productSchema,
  quantityProblem,
  SKU_PATTERN,
  stockState,
  wholesalePriceSchema,
  isBuyerRole,
  ROLLUP_COLLECTIONS,
  ROLLUP_LEVELS,
  withWholesalePrice,
  type CatalogProduct,
  type CompanyRole,
  type SalesOrder,
} from '@portal/domain';

/**
 * The demo data the stack starts with (emulator-data/firestore.json) has the shape the rules
 * enforce: no product document carries a wholesale price (every approved buyer reads them), and
 * each product's wholesale price is its own wholesale_prices document. Its catalog shows every
 * feature (SKUs, categories, case packs, breaks, each stock state), and every past order,
 * checkout and cart line is one checkout would accept.
 */
const seed = JSON.parse(
  await readFile(new URL('../../../emulator-data/firestore.json', import.meta.url), 'utf8'),
) as { documents: Record<string, Record<string, unknown>> };

const inCollection = (collection: string) =>
  Object.entries(seed.documents)
    .filter(([path]) => path.split('/').length === 2 && path.startsWith(`${collection}/`))
    .map(([path, data]) => [path.split('/')[1] as string, data] as const);

/** The seed's `{ $timestamp }` values as Dates, the way the emulator imports them. */
function decode(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(decode);
  if (value !== null && typeof value === 'object') {
    const timestamp = (value as { $timestamp?: unknown }).$timestamp;
    if (typeof timestamp === 'string') return new Date(timestamp);
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, decode(v)]));
  }
  return value;
}

describe('demo seed (emulator-data/firestore.json)', () => {
  const products = inCollection(COLLECTIONS.products);
  const prices = new Map(inCollection(COLLECTIONS.wholesalePrices));
  const catalog = new Map(
    products.map(([id, data]): [string, CatalogProduct] => [
      id,
      withWholesalePrice(
        { ...productSchema.parse(decode(data)), id },
        wholesalePriceSchema.parse(prices.get(id)),
      ),
    ]),
  );

  it('keeps wholesale prices out of every product document', () => {
    expect(products.length).toBeGreaterThan(0);
    for (const [id, data] of products) {
      // Every field but the photo sizes, which only the photo function writes (docs/catalog.md).
      const stored = Object.keys(productSchema.shape).filter((key) => key !== 'image_sizes');
      expect([id, Object.keys(data).sort()]).toEqual([id, stored.sort()]);
      expect(productSchema.safeParse(decode(data)).success).toBe(true);
    }
  });

  it('has exactly one wholesale price document per product, holding only the price and breaks', () => {
    expect([...prices.keys()].sort()).toEqual(products.map(([id]) => id).sort());
    for (const [id, data] of prices) {
      expect([id, Object.keys(data).sort()]).toEqual([id, ['price_breaks', 'price_wholesaler']]);
      expect(wholesalePriceSchema.safeParse(data).success).toBe(true);
    }
  });

  it('gives every product a unique SKU, a category and a valid catalog entry', () => {
    const skus = [...catalog.values()].map((p) => p.sku);
    expect(new Set(skus).size).toBe(skus.length);
    for (const product of catalog.values()) {
      expect([product.id, SKU_PATTERN.test(product.sku)]).toEqual([product.id, true]);
      expect(product.category).not.toBe('');
      expect(product.created_at).toBeInstanceOf(Date);
      expect([product.id, catalogProductProblem(product)]).toEqual([product.id, null]);
      // Only the functions reserve stock, and the demo has no open checkout.
      expect(product.stock_reserved).toBe(0);
    }
  });

  it('shows every stock state, case packs, minimums and breaks for both roles', () => {
    const active = [...catalog.values()].filter((p) => p.is_active);
    const states = active.map((p) =>
      availableStock(p) === null ? 'untracked' : stockState(p, minimumOrderQuantity(p)),
    );
    expect(new Set(states)).toEqual(new Set(['in_stock', 'low', 'out', 'untracked']));
    expect(active.some((p) => p.case_pack > 1)).toBe(true);
    expect(active.some((p) => p.min_quantity > p.case_pack)).toBe(true);
    expect(active.some((p) => p.price_breaks.length > 0)).toBe(true);
    expect(active.some((p) => p.wholesale_breaks.length > 0)).toBe(true);
    expect(active.some((p) => p.images.length > 0)).toBe(true);
    expect(new Set(active.map((p) => p.category)).size).toBeGreaterThanOrEqual(3);
  });

  it('has only orders, checkouts and cart lines whose quantities checkout accepts', () => {
    const lines = [
      ...inCollection(COLLECTIONS.orders),
      ...inCollection(COLLECTIONS.checkouts),
    ].flatMap(([, data]) => data.items as { product_id: string; quantity: number }[]);
    const cartLines = Object.entries(seed.documents)
      .filter(([path]) => path.includes('/cart_items/'))
      .map(([, data]) => data as { product_id: string; quantity: number });
    expect(lines.length).toBeGreaterThan(0);
    expect(cartLines.length).toBeGreaterThan(0);
    for (const { product_id, quantity } of [...lines, ...cartLines]) {
      const product = catalog.get(product_id);
      expect(product, product_id).toBeDefined();
      expect([product_id, quantityProblem(product!.name, quantity, product!)]).toEqual([
        product_id,
        null,
      ]);
    }
  });

  it('gives every profile and order the search fields the triggers would write', () => {
    const accounts = new Map(DEMO_ACCOUNTS.map((a) => [a.uid, a]));
    const profiles = inCollection(COLLECTIONS.profiles);
    expect(profiles.map(([uid]) => uid).sort()).toEqual([...accounts.keys()].sort());
    for (const [uid, data] of profiles) {
      const wanted = profileSearchFields(data, accounts.get(uid)!.email);
      expect([
        uid,
        { search_keys: data.search_keys, store_name_lower: data.store_name_lower },
      ]).toEqual([uid, wanted]);
    }
    const orders = inCollection(COLLECTIONS.orders);
    expect(orders.length).toBeGreaterThan(0);
    for (const [id, data] of orders) {
      const account = accounts.get(data.user_id as string)!;
      const role = account.role === 'manager' ? null : account.role;
      const wanted = orderSearchFields(id, data, { role, email: account.email });
      const { search_keys, buyer_role, buyer_email, store_name_lower } = data;
      expect([id, { search_keys, buyer_role, buyer_email, store_name_lower }]).toEqual([
        id,
        wanted,
      ]);
    }
  });
  it('gives every company the search fields the triggers would write', () => {
    const companies = inCollection(COLLECTIONS.companies);
    expect(companies.length).toBeGreaterThan(0);
    const profiles = inCollection(COLLECTIONS.profiles);
    const emails = new Map(DEMO_ACCOUNTS.map((a) => [a.uid, a.email.toLowerCase()]));
    for (const [id, data] of companies) {
      const members = profiles
        .filter(([, profile]) => profile.company_id === id)
        .map(([uid, profile]) => ({
          uid,
          role: profile.company_role as CompanyRole,
          email: emails.get(uid) ?? null,
        }));
      const locations = Object.entries(seed.documents)
        .filter(([path]) => path.startsWith(`${paths.locations(id)}/`))
        .map(([path, location]) => ({ id: path.split('/').at(-1)!, data: location }));
      const wanted = companySearchFields(data, members, locations);
      const stored = Object.fromEntries(Object.keys(wanted).map((key) => [key, data[key]]));
      expect([id, stored]).toEqual([id, wanted]);
    }
  });

  it('has the sales rollups of its orders and approved buyers (what a rebuild would write)', () => {
    const orders = inCollection(COLLECTIONS.orders).map(([, data]) => decode(data) as SalesOrder);
    const approvals = inCollection(COLLECTIONS.companies)
      .map(
        ([, data]) =>
          decode(data) as { business_type: unknown; status: unknown; reviewed_at?: Date },
      )
      .filter((c) => c.status === 'approved' && isBuyerRole(c.business_type))
      .map((c) => c.reviewed_at!);
    const built = buildRollups(orders, approvals);
    expect(built.some(({ rollup }) => rollup.paid_orders > 0)).toBe(true);
    expect(built.some(({ rollup }) => rollup.approved_buyers > 0)).toBe(true);
    const seeded = ROLLUP_LEVELS.flatMap((level) =>
      inCollection(ROLLUP_COLLECTIONS[level]).map(([id, data]) => [
        `${ROLLUP_COLLECTIONS[level]}/${id}`,
        data,
      ]),
    );
    expect(Object.fromEntries(seeded)).toEqual(
      Object.fromEntries(built.map(({ ref, rollup }) => [ref.path, rollup])),
    );
  });
});

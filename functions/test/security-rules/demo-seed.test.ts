import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { COLLECTIONS, productSchema, wholesalePriceSchema } from '@portal/domain';

/**
 * The demo data the stack starts with (emulator-data/firestore.json) has the shape the rules
 * enforce: no product document carries a wholesale price (every approved buyer reads them), and
 * each product's wholesale price is its own wholesale_prices document.
 */
const seed = JSON.parse(
  await readFile(new URL('../../../emulator-data/firestore.json', import.meta.url), 'utf8'),
) as { documents: Record<string, Record<string, unknown>> };

const inCollection = (collection: string) =>
  Object.entries(seed.documents)
    .filter(([path]) => path.split('/').length === 2 && path.startsWith(`${collection}/`))
    .map(([path, data]) => [path.split('/')[1] as string, data] as const);

describe('demo seed (emulator-data/firestore.json)', () => {
  const products = inCollection(COLLECTIONS.products);
  const prices = new Map(inCollection(COLLECTIONS.wholesalePrices));

  it('keeps wholesale prices out of every product document', () => {
    expect(products.length).toBeGreaterThan(0);
    for (const [id, data] of products) {
      expect([id, Object.keys(data).sort()]).toEqual([id, Object.keys(productSchema.shape).sort()]);
      expect(productSchema.safeParse(data).success).toBe(true);
    }
  });

  it('has exactly one wholesale price document per product, holding only the price', () => {
    expect([...prices.keys()].sort()).toEqual(products.map(([id]) => id).sort());
    for (const [id, data] of prices) {
      expect([id, Object.keys(data)]).toEqual([id, ['price_wholesaler']]);
      expect(wholesalePriceSchema.safeParse(data).success).toBe(true);
    }
  });
});

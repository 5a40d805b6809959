import { fakeDb } from '@/testing/fake-firestore-lite';

/**
 * wholesale_prices/{id} for the demo products of `@/testing/portal-fixtures` (the wholesale price
 * is its own document: product documents carry the retail price only).
 */
export const DEMO_WHOLESALE_PRICES: Readonly<Record<string, number>> = {
  'purple-dream': 1899,
  'blue-coast': 1999,
  'old-flavor': 900,
};

export function seedWholesalePrices(
  prices: Readonly<Record<string, number>> = DEMO_WHOLESALE_PRICES,
): void {
  for (const [id, price_wholesaler] of Object.entries(prices)) {
    fakeDb.seed(`wholesale_prices/${id}`, { price_wholesaler });
  }
}

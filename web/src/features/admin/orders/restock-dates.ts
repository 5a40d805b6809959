import { useMemo } from 'react';
import { useAllProducts } from '@/entities/catalog';

/**
 * The expected restock date of each product (YYYY-MM-DD, or null when unknown), from the
 * managers' catalog: an order's lines do not carry it (the date moves as the brand learns more).
 * Read only when `enabled` (some line waits for stock); undefined until read, so a mark says
 * "Backordered" alone rather than a wrong "Ships when stock arrives".
 */
export function useRestockDates(enabled: boolean): ReadonlyMap<string, string | null> | undefined {
  const products = useAllProducts(enabled);
  return useMemo(
    () =>
      products.data
        ? new Map(products.data.map((product) => [product.id, product.restock_date]))
        : undefined,
    [products.data],
  );
}

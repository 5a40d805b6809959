/**
 * Backorders (docs/catalog.md#backorders): a manager lets a stock-tracked product be ordered
 * beyond its stock, with the day stock is expected. The units of a line that stock cannot cover
 * are the line's `backordered` units: the order takes them from stock all the same (stock on hand
 * goes below 0 by exactly those units, and never otherwise) and they ship, as a shipment of their
 * own, once stock arrives. A product that does not take backorders is refused as out of stock.
 */
import { formatCertificateDate } from './order-tax';

export { restockDateSchema } from './restock-date';

/** What backorders read of a product. */
export interface BackorderTerms {
  stock_on_hand: number | null;
  backorders_allowed?: boolean;
  restock_date?: string | null;
}

/** Whether the product takes backorders: allowed, and its stock is tracked. */
export function takesBackorders(product: BackorderTerms): boolean {
  return product.backorders_allowed === true && product.stock_on_hand !== null;
}

/**
 * Units of a line of `quantity` that `available` units do not cover, when the product takes
 * backorders: those are backordered. 0 when stock covers the line (or the product does not take
 * backorders: the line is refused instead).
 */
export function backorderedUnits(
  product: BackorderTerms,
  available: number | null,
  quantity: number,
): number {
  if (!takesBackorders(product) || available === null) return 0;
  return Math.max(0, quantity - Math.max(0, available));
}

/** "Expected Dec 10, 2026", or "Ships when stock arrives" when no date is known. */
export function restockText(restockDate: string | null | undefined): string {
  return restockDate
    ? `Expected ${formatCertificateDate(restockDate)}`
    : 'Ships when stock arrives';
}

/** A line's mark: "Backordered · Expected Dec 10, 2026" (all of it) or "14 backordered · …". */
export function backorderMark(
  line: { quantity: number; backordered: number },
  restockDate?: string | null,
): string | null {
  if (line.backordered <= 0) return null;
  const what =
    line.backordered >= line.quantity ? 'Backordered' : `${line.backordered} backordered`;
  return restockDate === undefined ? what : `${what} · ${restockText(restockDate)}`;
}

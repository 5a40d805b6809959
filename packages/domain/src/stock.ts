import { minimumOrderQuantity, type QuantityRule } from './quantities';

/**
 * Stock of one product, kept on its product document by the server:
 * - stock_on_hand: units the brand has (null: not tracked, e.g. machines built to order);
 * - stock_reserved: units held by open checkouts (a checkout reserves its lines when it is
 *   created; they are released when it expires, is replaced or fails, and taken from
 *   stock_on_hand when it becomes an order).
 * Managers set stock_on_hand; only the functions change stock_reserved.
 */
export interface StockLevels {
  stock_on_hand: number | null;
  stock_reserved: number;
  /** The product takes orders beyond its stock (backorders.ts). */
  backorders_allowed?: boolean;
}

/** In stock, low, out; or out but taking backorders (they ship when stock arrives). */
export const STOCK_STATES = ['in_stock', 'low', 'out', 'backorder'] as const;
export type StockState = (typeof STOCK_STATES)[number];

export const STOCK_STATE_LABELS: Readonly<Record<StockState, string>> = {
  in_stock: 'In stock',
  low: 'Low stock',
  out: 'Out of stock',
  backorder: 'Backorder',
};

/** At or under this many available units a tracked product shows as low. */
export const LOW_STOCK_UNITS = 24;

/** The most a manager may enter as stock on hand. */
export const MAX_STOCK_UNITS = 1_000_000;

/** Units a buyer may still reserve; null when stock is not tracked (no limit). */
export function availableStock(levels: StockLevels): number | null {
  if (levels.stock_on_hand === null) return null;
  return Math.max(0, levels.stock_on_hand - levels.stock_reserved);
}

/**
 * In stock, low or out, for the store. `minimum` is the smallest orderable quantity: fewer units
 * than that left is out of stock for a buyer, or a backorder when the product takes them.
 * stock_on_hand below 0 is units owed to backorders.
 */
export function stockState(levels: StockLevels, minimum = 1): StockState {
  const available = availableStock(levels);
  if (available === null) return 'in_stock';
  if (available < Math.max(1, minimum)) return levels.backorders_allowed ? 'backorder' : 'out';
  return available <= LOW_STOCK_UNITS ? 'low' : 'in_stock';
}

/** What can be ordered of `available` units: whole cases of the product's case pack. */
export function orderableUnits(available: number, rule: Pick<QuantityRule, 'case_pack'>): number {
  const pack = Math.max(1, rule.case_pack);
  return Math.floor(Math.max(0, available) / pack) * pack;
}

/**
 * The buyer's message when fewer units are available than a line asks for. With the product's
 * case pack and minimum it names what can actually be ordered: 5 left in cases of 4 is "Only 4
 * left"; fewer than the minimum order left is out of stock.
 */
export function stockShortMessage(
  name: string,
  available: number,
  rule: QuantityRule = { case_pack: 1, min_quantity: 1 },
): string {
  const orderable = orderableUnits(available, rule);
  return orderable <= 0 || orderable < minimumOrderQuantity(rule)
    ? `${name} is out of stock`
    : `Only ${orderable} left of ${name}`;
}

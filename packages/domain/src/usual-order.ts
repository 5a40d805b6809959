import { takesBackorders, type BackorderTerms } from './backorders';
import { isFullyRefunded, type OrderSource, type OrderStatus } from './orders';
import { minimumOrderQuantity, roundQuantity, type QuantityRule } from './quantities';
import { availableStock, type StockLevels } from './stock';
import { compareCodes, compareText } from './text-order';

/**
 * "Your usual order" (docs/product.md): the products a company orders most, each with the
 * quantity it usually orders, read from its recent orders. Pure: the store reads the orders and
 * the catalog, this decides.
 *
 * The rules:
 * - Window: the company's USUAL_ORDER_WINDOW newest orders, whatever their status (the store
 *   reads exactly those).
 * - Of those, an order counts when it was placed for real and kept: paid or being fulfilled
 *   (processing, partially shipped, shipped, delivered) or on payment terms awaiting its invoice;
 *   not pending (payment still processing), cancelled, refunded or refunded in full. A claim's
 *   replacement and a standing order's renewal do not count: the buyer did not choose them, and a
 *   standing order already brings its lines.
 * - Fewer than USUAL_ORDER_MIN_ORDERS counting orders: no usual order.
 * - A product is on it when at least USUAL_ORDER_MIN_ORDERS counting orders hold it. The most
 *   ordered first: by the number of orders holding it, then by the units ordered in all, then by
 *   the most recent order holding it, then by name; at most USUAL_ORDER_MAX_LINES products.
 * - Its usual quantity: the quantity it was ordered in most often (one order's lines of the same
 *   product added up); a tie goes to the quantity of the latest of the tied orders.
 */
export const USUAL_ORDER_WINDOW = 20;
export const USUAL_ORDER_MIN_ORDERS = 2;
export const USUAL_ORDER_MAX_LINES = 8;

/** Statuses of an order that counts towards the usual order (see above). */
export const USUAL_ORDER_STATUSES: readonly OrderStatus[] = [
  'awaiting_payment',
  'processing',
  'partially_shipped',
  'shipped',
  'delivered',
];

/** Order sources the buyer did not choose. */
const NOT_CHOSEN: readonly OrderSource[] = ['replacement', 'standing_order'];

/** What the usual order needs of an order. */
export interface UsualOrderSource {
  id: string;
  status: OrderStatus;
  amount: number;
  refunded_amount: number;
  source?: OrderSource;
  created_at: Date;
  items: readonly { product_id: string; name: string; quantity: number }[];
}

export interface UsualOrderLine {
  product_id: string;
  /** Its name on the latest order holding it. */
  name: string;
  /** The usual quantity. */
  quantity: number;
  /** Counting orders that hold it. */
  orders: number;
  /** Units of it over those orders. */
  units: number;
  /** When the latest of them was placed. */
  last_ordered_at: Date;
}

/** Whether an order counts towards the usual order (its status, refunds and source). */
export function countsForUsualOrder(order: UsualOrderSource): boolean {
  return (
    USUAL_ORDER_STATUSES.includes(order.status) &&
    !isFullyRefunded(order) &&
    !NOT_CHOSEN.includes(order.source ?? 'cart')
  );
}

interface Tally {
  product_id: string;
  name: string;
  /** Quantity per counting order, newest order first. */
  quantities: number[];
  units: number;
  last: Date;
}

/** The quantity ordered most often; a tie goes to the one met first (the newest order's). */
function mostOften(newestFirst: readonly number[]): number {
  const counts = new Map<number, number>();
  for (const quantity of newestFirst) counts.set(quantity, (counts.get(quantity) ?? 0) + 1);
  let best = newestFirst[0]!;
  for (const quantity of newestFirst)
    if (counts.get(quantity)! > counts.get(best)!) best = quantity;
  return best;
}

/** The usual order of a company from its orders (any order, any number: see the rules above). */
export function usualOrder(orders: readonly UsualOrderSource[]): UsualOrderLine[] {
  const counting = [...orders]
    .sort((a, b) => b.created_at.getTime() - a.created_at.getTime() || compareCodes(a.id, b.id))
    .slice(0, USUAL_ORDER_WINDOW)
    .filter(countsForUsualOrder);
  if (counting.length < USUAL_ORDER_MIN_ORDERS) return [];
  const tallies = new Map<string, Tally>();
  for (const order of counting) {
    const inOrder = new Map<string, { name: string; quantity: number }>();
    for (const item of order.items) {
      const seen = inOrder.get(item.product_id);
      if (seen) seen.quantity += item.quantity;
      else inOrder.set(item.product_id, { name: item.name, quantity: item.quantity });
    }
    for (const [productId, { name, quantity }] of inOrder) {
      const tally = tallies.get(productId);
      if (tally) {
        tally.quantities.push(quantity);
        tally.units += quantity;
      } else {
        tallies.set(productId, {
          product_id: productId,
          name,
          quantities: [quantity],
          units: quantity,
          last: order.created_at,
        });
      }
    }
  }
  return [...tallies.values()]
    .filter((tally) => tally.quantities.length >= USUAL_ORDER_MIN_ORDERS)
    .sort(
      (a, b) =>
        b.quantities.length - a.quantities.length ||
        b.units - a.units ||
        b.last.getTime() - a.last.getTime() ||
        compareText(a.name, b.name) ||
        compareCodes(a.product_id, b.product_id),
    )
    .slice(0, USUAL_ORDER_MAX_LINES)
    .map((tally) => ({
      product_id: tally.product_id,
      name: tally.name,
      quantity: mostOften(tally.quantities),
      orders: tally.quantities.length,
      units: tally.units,
      last_ordered_at: tally.last,
    }));
}

/** What the store needs of a catalog product to offer it again. */
export interface UsualOrderProduct extends QuantityRule, StockLevels, BackorderTerms {
  id: string;
  name: string;
}

export interface UsualOrderItem<Product extends UsualOrderProduct> {
  product: Product;
  /** The usual quantity made orderable today: the product's minimum, in whole cases. */
  quantity: number;
  /** Why it differs from the usual quantity (today's case pack or minimum), or null. */
  note: string | null;
  /** Out of stock today (and taking no backorders): shown, named, not added. */
  out: boolean;
}

/**
 * The usual order against today's catalog (the active products the buyer can buy, by id): a
 * product no longer sold is left out; each quantity is rounded to today's case pack and minimum;
 * a product with fewer units left than its smallest order (and taking no backorders) is out.
 */
export function usualOrderItems<Product extends UsualOrderProduct>(
  lines: readonly UsualOrderLine[],
  catalog: ReadonlyMap<string, Product>,
): UsualOrderItem<Product>[] {
  return lines.flatMap((line) => {
    const product = catalog.get(line.product_id);
    if (!product) return [];
    const rounded = roundQuantity(line.quantity, product);
    const available = takesBackorders(product) ? null : availableStock(product);
    const out = available !== null && available < minimumOrderQuantity(product);
    return [{ product, quantity: rounded.quantity, note: rounded.note, out }];
  });
}

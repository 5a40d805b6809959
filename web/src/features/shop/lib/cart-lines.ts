import {
  availableStock,
  backorderedUnits,
  maximumOrderQuantity,
  minimumOrderQuantity,
  orderableUnits,
  quantityProblem,
  roundQuantity,
  stockState,
  unitPriceAt,
  type CartItem,
  type Cents,
  type StockState,
} from '@portal/domain';
import type { PricedProduct } from '@/entities/catalog';

/** The next price break, when a few more units would reach it: "Add 4 more for $3.90 each". */
export interface BreakHint {
  /** Units to add. */
  more: number;
  /** The line's quantity then (a whole number of cases). */
  quantity: number;
  unitPrice: Cents;
}

/** Whether the line's stock allows it, and the quantity that fits when it does not. */
export interface LineStock {
  state: StockState;
  /** Units still available; null when the product's stock is not tracked. */
  available: number | null;
  /** "Out of stock" or "Only N left" when the line asks for more than is available; else null. */
  problem: string | null;
  /** The largest orderable quantity within the stock, when the line asks for more; else null. */
  fit: number | null;
  /**
   * Units of the line that stock does not cover, of a product that takes backorders: they are
   * ordered all the same and ship when stock arrives (0 when stock covers the line).
   */
  backordered: number;
}

export interface CartLine {
  productId: string;
  quantity: number;
  /** Null when the product is gone or no longer active: shown as unavailable, not counted. */
  product: PricedProduct | null;
  /** The buyer's unit price at this quantity: the base price or the largest break reached. */
  unitPrice: Cents;
  /** The buyer's base unit price (before breaks); 0 for an unavailable line. */
  basePrice: Cents;
  /** The smallest quantity of the break this line reached, or null at the base price. */
  breakFrom: number | null;
  lineTotal: Cents;
  nextBreak: BreakHint | null;
  /**
   * Why the server would refuse this quantity (case pack, minimum), e.g. after the manager
   * changed the pack of a product already in the cart; null when it is fine.
   */
  quantityProblem: string | null;
  /** The quantity that fixes the problem ("Round to 24"), or null without a problem. */
  roundedQuantity: number | null;
  /** Null for an unavailable line. */
  stock: LineStock | null;
}

export interface CartSummary {
  lines: CartLine[];
  /** Lines that can be bought (their product is active). */
  available: CartLine[];
  unavailable: CartLine[];
  /** At the break prices the quantities reach; the server prices the order at checkout. */
  subtotal: Cents;
  /** Shipping is shown as free (docs/product.md#19-constants-and-limits). */
  shipping: Cents;
  total: Cents;
  itemCount: number;
}

/**
 * The next break as a hint, when it is close: at most a case away, or a quarter of the way to
 * its quantity (4 more of 24, 12 more of 48). Farther breaks are on the product page's table.
 */
export function nextBreakHint(product: PricedProduct, quantity: number): BreakHint | null {
  const next = product.breaks.find((step) => step.min_quantity > quantity);
  if (!next) return null;
  const target = roundQuantity(next.min_quantity, product).quantity;
  if (target < next.min_quantity || target > maximumOrderQuantity(product)) return null;
  const more = target - quantity;
  const close = Math.max(product.case_pack, Math.ceil(next.min_quantity / 4));
  if (more <= 0 || more > close) return null;
  return {
    more,
    quantity: target,
    unitPrice: unitPriceAt(product.unit_price, product.breaks, target),
  };
}

/**
 * The line against the product's stock: out, or more than is left, with the quantity that fits;
 * or, for a product that takes backorders, how many of its units are backordered (never a
 * problem: the server orders them and they ship when stock arrives).
 */
export function lineStock(product: PricedProduct, quantity: number): LineStock {
  const minimum = minimumOrderQuantity(product);
  const state = stockState(product, minimum);
  const available = availableStock(product);
  const backordered = backorderedUnits(product, available, quantity);
  if (backordered > 0) return { state, available, problem: null, fit: null, backordered };
  if (state === 'out') {
    return { state, available, problem: 'Out of stock', fit: null, backordered: 0 };
  }
  if (available !== null && quantity > available) {
    const fit = orderableUnits(available, product);
    if (fit < minimum) {
      return { state: 'out', available, problem: 'Out of stock', fit: null, backordered: 0 };
    }
    return { state, available, problem: `Only ${fit} left`, fit, backordered: 0 };
  }
  return { state, available, problem: null, fit: null, backordered: 0 };
}

function unavailableLine(item: CartItem): CartLine {
  return {
    productId: item.product_id,
    quantity: item.quantity,
    product: null,
    unitPrice: 0,
    basePrice: 0,
    breakFrom: null,
    lineTotal: 0,
    nextBreak: null,
    quantityProblem: null,
    roundedQuantity: null,
    stock: null,
  };
}

/** One cart line priced at the break its quantity reaches, with its problems. */
export function cartLine(item: CartItem, product: PricedProduct): CartLine {
  const { quantity } = item;
  const unitPrice = unitPriceAt(product.unit_price, product.breaks, quantity);
  const reached = product.breaks.filter((step) => quantity >= step.min_quantity).at(-1);
  const problem = quantityProblem(product.name, quantity, product);
  // Rounded up to a whole case and the minimum, as a typed quantity is.
  const rounded = problem ? roundQuantity(quantity, product).quantity : null;
  return {
    productId: item.product_id,
    quantity,
    product,
    unitPrice,
    basePrice: product.unit_price,
    breakFrom: reached?.min_quantity ?? null,
    lineTotal: unitPrice * quantity,
    nextBreak: nextBreakHint(product, quantity),
    quantityProblem: problem,
    roundedQuantity: rounded !== null && rounded !== quantity ? rounded : null,
    stock: lineStock(product, quantity),
  };
}

/** Joins cart lines with the active catalog, already priced for the buyer's role (fetchProducts). */
export function summarizeCart(
  items: readonly CartItem[],
  products: readonly PricedProduct[],
): CartSummary {
  const byId = new Map(products.map((product) => [product.id, product]));
  const lines = items.map((item): CartLine => {
    const product = byId.get(item.product_id);
    return product && product.is_active ? cartLine(item, product) : unavailableLine(item);
  });
  // Catalog order, so the cart reads like the store.
  const order = new Map(products.map((product, index) => [product.id, index]));
  lines.sort((a, b) => (order.get(a.productId) ?? Infinity) - (order.get(b.productId) ?? Infinity));
  const available = lines.filter((line) => line.product !== null);
  const subtotal = available.reduce((sum, line) => sum + line.lineTotal, 0);
  return {
    lines,
    available,
    unavailable: lines.filter((line) => line.product === null),
    subtotal,
    shipping: 0,
    total: subtotal,
    itemCount: available.reduce((sum, line) => sum + line.quantity, 0),
  };
}

import {
  availableStock,
  formatUsd,
  MAX_LINE_QUANTITY,
  maximumOrderQuantity,
  minimumOrderQuantity,
  orderableUnits,
  roundQuantity,
  routePath,
  stockState,
  storeQueryParams,
  takesBackorders,
  unitPriceAt,
  type Cents,
  type QuantityRule,
  type StockLevels,
  type StoreQuery,
} from '@portal/domain';
import { paths } from '@/config/paths';
import type { PricedProduct } from '@/entities/catalog';

/** "?q=blue&sort=price_asc" for a store query ('' for the plain store). */
export function storeSearch(query: StoreQuery): string {
  const search = new URLSearchParams(storeQueryParams(query)).toString();
  return search ? `?${search}` : '';
}

/** The store filtered by `query`. */
export function storeHref(query: StoreQuery): string {
  return `${paths.store}${storeSearch(query)}`;
}

/**
 * A product's page, carrying the store query it was opened from, so its Back to store returns
 * to the same filtered list (after a reload too).
 */
export function productHref(productId: string, query: StoreQuery): string {
  return `${routePath('product', { productId })}${storeSearch(query)}`;
}

/**
 * The units one click of a card's Add to Cart adds to a line of `inCart` units: up to the
 * minimum order on a new line, one more case after that (or up to the next whole case when a
 * line is not one). Null when the line is already at the largest quantity allowed.
 */
export function nextAddition(inCart: number, rule: QuantityRule): number | null {
  const next = roundQuantity(Math.max(0, inCart) + 1, rule).quantity;
  return next > inCart ? next - inCart : null;
}

/** The card's short note of how a product is sold: "Case of 12", "Min. 24", both, or null. */
export function packNote(rule: QuantityRule): string | null {
  const parts: string[] = [];
  if (rule.case_pack > 1) parts.push(`Case of ${rule.case_pack}`);
  if (rule.min_quantity > Math.max(1, rule.case_pack)) parts.push(`Min. ${rule.min_quantity}`);
  return parts.length > 0 ? parts.join(' · ') : null;
}

/** The product page's sentence on case pack and minimum, or null when sold by the unit. */
export function packExplanation(rule: QuantityRule): string | null {
  const pack = Math.max(1, rule.case_pack);
  const minimum = minimumOrderQuantity(rule);
  const sentences: string[] = [];
  if (pack > 1) sentences.push(`Sold in cases of ${pack} units.`);
  if (minimum > pack) {
    const cases = pack > 1 ? ` (${minimum / pack} cases)` : '';
    sentences.push(`The minimum order is ${minimum} units${cases}.`);
  }
  return sentences.length > 0 ? sentences.join(' ') : null;
}

type PricedRule = Pick<PricedProduct, 'unit_price' | 'breaks'> & QuantityRule;

/**
 * The unit price at the smallest quantity that can be ordered: the price the store shows and
 * sorts by (the base price, unless the minimum order already reaches a break).
 */
export function startingPrice(product: PricedRule): Cents {
  return unitPriceAt(product.unit_price, product.breaks, minimumOrderQuantity(product));
}

/**
 * The best price break of a buyer's price above the smallest order, for the card:
 * "$3.50 from 48"; null when there is none.
 */
export function bestBreakHint(product: PricedRule): string | null {
  const minimum = minimumOrderQuantity(product);
  const best = product.breaks.filter((step) => step.min_quantity > minimum).at(-1);
  return best ? `${formatUsd(best.unit_amount)} from ${best.min_quantity}` : null;
}

/**
 * Why `adding` more units of a product cannot go into a cart line of `inCart` units, or null
 * when they can: out of stock, more than is available, or past the per-line cap. A product that
 * takes backorders is never short: the units stock does not cover are backordered.
 */
export function addProblem(
  product: StockLevels & QuantityRule,
  inCart: number,
  adding: number | null,
): string | null {
  if (stockState(product, minimumOrderQuantity(product)) === 'out') {
    return 'Out of stock: it cannot be ordered now.';
  }
  if (adding === null || inCart + adding > MAX_LINE_QUANTITY) {
    return `At most ${maximumOrderQuantity(product)} per order line.`;
  }
  const available = takesBackorders(product) ? null : availableStock(product);
  if (available !== null && inCart + adding > available) {
    const left = orderableUnits(available, product);
    return inCart > 0 ? `Only ${left} left, and ${inCart} are in your cart.` : `Only ${left} left.`;
  }
  return null;
}

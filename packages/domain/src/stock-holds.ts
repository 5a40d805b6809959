import { minimumOrderQuantity, type QuantityRule } from './quantities';
import { orderableUnits } from './stock';
import { formatCount } from './number-text';

/**
 * How much stock one buyer may hold at a time. A checkout holds (reserves) the units of its
 * stock-tracked lines until it is paid, expires or is replaced; a delayed payment (bank transfer)
 * keeps holding them until it settles. Without a cap one account could hold a whole product and
 * every other buyer would be told it is out of stock. The caps count every hold of the buyer:
 * their open checkout and the checkouts whose delayed payment is still settling.
 *
 * - Per line: at most MAX_LINE_QUANTITY units (orders.ts), as before.
 * - Per product: at most HOLD_SHARE_OF_STOCK of the units on hand, in whole cases, but never less
 *   than the product's minimum order, so a small stock can still be bought.
 * - In total: at most MAX_HELD_UNITS_PER_BUYER units of stock-tracked products, all together.
 *
 * How long a hold lasts (an hour from the buyer's first open checkout; a new checkout never
 * extends it) is the functions' concern: functions/src/checkout/checkout-lock.ts.
 */

/** The share of a product's units on hand one buyer may hold at once. */
export const HOLD_SHARE_OF_STOCK = 0.5;

/** The most units of stock-tracked products one buyer may hold at once, all products together. */
export const MAX_HELD_UNITS_PER_BUYER = 2_000;

/**
 * The most units of a product one buyer may hold at once: half of what is on hand, in whole
 * cases, and at least the product's minimum order (so 1 of 1 left can still be bought).
 */
export function maxHeldUnits(onHand: number, rule: QuantityRule): number {
  const share = orderableUnits(Math.floor(Math.max(0, onHand) * HOLD_SHARE_OF_STOCK), rule);
  return Math.max(share, minimumOrderQuantity(rule));
}

/**
 * The buyer's message when a line asks for more of a product than they may hold: `cap` units at
 * most, of which `held` are already held by their other checkouts (a bank transfer settling).
 */
export function holdCapMessage(name: string, cap: number, held: number, rule: QuantityRule) {
  const left = orderableUnits(cap - held, rule);
  if (held > 0 && (left <= 0 || left < minimumOrderQuantity(rule))) {
    return `You already have ${held} of ${name} on order awaiting payment, the most one buyer can order at a time`;
  }
  return held > 0
    ? `You can order at most ${left} more of ${name} while ${held} are awaiting payment`
    : `You can order at most ${cap} of ${name} at a time`;
}

/** The buyer's message when the lines ask for more units in all than one buyer may hold. */
export function heldUnitsCapMessage(asked: number, held: number) {
  const cap = formatCount(MAX_HELD_UNITS_PER_BUYER);
  return held > 0
    ? `You can order at most ${cap} stocked units at a time, and ${formatCount(held)} are awaiting payment; your cart has ${formatCount(asked)}`
    : `You can order at most ${cap} stocked units at a time; your cart has ${formatCount(asked)}`;
}

/**
 * How often a standing order is delivered (standing-orders.ts has the rest): apart, so that the
 * cart's delivery choice and the request schemas load these words and not the standing order's
 * schema, statuses and delivery dates.
 */

/** The delivery intervals offered, in weeks. */
export const STANDING_ORDER_INTERVALS = [2, 4, 8] as const;
export type StandingOrderInterval = (typeof STANDING_ORDER_INTERVALS)[number];

export const INTERVAL_PROBLEM = 'Standing orders are delivered every 2, 4 or 8 weeks.';

export function isStandingOrderInterval(value: unknown): value is StandingOrderInterval {
  return STANDING_ORDER_INTERVALS.some((weeks) => weeks === value);
}

/** "Deliver every 2 weeks" (the cart's choice). */
export function deliveryChoiceLabel(weeks: StandingOrderInterval): string {
  return `Deliver every ${weeks} weeks`;
}

/** "Every 2 weeks" (lists and tables). */
export function intervalLabel(weeks: number): string {
  return `Every ${weeks} weeks`;
}

/**
 * The cart's address parameter that chooses a standing order's delivery (`?delivery=2`: every 2
 * weeks), as an order list's Start standing order opens it (order-lists.ts LIST_STANDING_SEARCH).
 * The cart reads the choice once and drops it from the address; any other value is ignored.
 */
export const CART_DELIVERY_PARAM = 'delivery';

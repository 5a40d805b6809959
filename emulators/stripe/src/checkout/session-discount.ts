import { minimumTotal } from '../core/currencies.js';
import { formatAmount } from '../core/money.js';
import { invalidRequest } from '../core/stripe-error.js';
import type { Coupon } from '../core/types.js';

/**
 * What a coupon takes off each line of a session (cents, in line order), as Stripe spreads a
 * discount: a percentage off each line, rounded half up per line; an amount off (capped at the
 * subtotal) shared in proportion to the lines' amounts, the cents left by rounding down going to
 * the lines with the largest remainders (the first of equals).
 */
export function discountAmounts(amounts: ReadonlyArray<number>, coupon: Coupon): number[] {
  if (coupon.percent_off !== null) {
    const hundredths = Math.round(coupon.percent_off * 100);
    return amounts.map((amount) => Math.floor((amount * hundredths + 5_000) / 10_000));
  }
  const subtotal = amounts.reduce((sum, amount) => sum + amount, 0);
  const total = Math.min(coupon.amount_off ?? 0, subtotal);
  if (subtotal === 0) return amounts.map(() => 0);
  const shares = amounts.map((amount) => {
    const exact = amount * total;
    return { floor: Math.floor(exact / subtotal), remainder: exact % subtotal };
  });
  let left = total - shares.reduce((sum, share) => sum + share.floor, 0);
  const order = shares
    .map((share, index) => ({ index, remainder: share.remainder }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  const result = shares.map((share) => share.floor);
  for (const { index } of order) {
    if (left === 0) break;
    result[index] = (result[index] as number) + 1;
    left -= 1;
  }
  return result;
}

/**
 * A discounted payment must still be a payment Stripe can take: nothing at all (a no-cost order,
 * paid without a payment method) or at least the currency's minimum charge. The discount comes off
 * the lines' `subtotal`; `shipping` (the preselected option's) is due in full.
 */
export function assertDiscountedTotal(
  subtotal: number,
  discount: number,
  currency: string,
  shipping = 0,
): void {
  const due = subtotal - discount + shipping;
  if (due > 0 && due < minimumTotal(currency)) {
    throw invalidRequest(
      `The Checkout Session's total amount due must add up to at least ${formatAmount(minimumTotal(currency), currency)} ${currency} after discounts (it is ${formatAmount(due, currency)}), or to nothing.`,
      'discounts',
    );
  }
}

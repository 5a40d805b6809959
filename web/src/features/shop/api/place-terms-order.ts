import type { QueryClient } from '@tanstack/react-query';
import { needsNewRequest } from '@portal/domain';
import { cartKeys } from '@/entities/cart';
import { companyCreditKeys } from '@/entities/company-credit';
import { callPlaceTermsOrder } from '@/lib/callables';
import type { TermsAttempt } from '../lib/payment-method';
import { endAttempt, requestIdFor } from './request-ids';
import { businessDayFormat } from '@/lib/intl-formats';

/**
 * The root of the orders' query keys (orderKeys in entities/orders, which this chunk does not
 * otherwise load: a test holds them equal).
 */
export const ORDER_QUERIES = ['orders'] as const;

/** An order placed on terms, and the toast that says when its invoice is due. */
export interface PlacedOnTerms {
  orderId: string;
  text: string;
}

/** The toast after an order on terms: when its invoice is due (or will be, while it is issued). */
export function termsOrderPlacedText(dueAt: string | null, netDays: number, now = Date.now()) {
  const due = dueAt ? new Date(dueAt) : new Date(now + netDays * 86_400_000);
  return `Order placed on terms. Invoice due ${businessDayFormat.format(due)}.`;
}

/**
 * Places the cart as an order on the company's payment terms (the server prices it and checks
 * the credit again). Whatever the answer, the cart, the orders and the company's credit are read
 * again: a placed order empties the cart and uses credit; a refusal may mean the credit changed.
 */
export async function placeOrderOnTerms(
  client: QueryClient,
  attempt: TermsAttempt,
): Promise<PlacedOnTerms> {
  const { uid, companyId, netDays, lines, locationId, poNumber } = attempt;
  try {
    const placed = await callPlaceTermsOrder({
      requestId: requestIdFor(JSON.stringify([lines, locationId, poNumber])),
      ...(locationId ? { locationId } : {}),
      ...(poNumber ? { poNumber } : {}),
    });
    endAttempt();
    return { orderId: placed.orderId, text: termsOrderPlacedText(placed.dueAt, netDays) };
  } catch (error) {
    // The invoice could not be issued: that id's order is void, so pressing again is a new one.
    if (needsNewRequest(error)) endAttempt();
    throw error;
  } finally {
    await Promise.all([
      client.invalidateQueries({ queryKey: cartKeys.ofBuyer(uid) }),
      client.invalidateQueries({ queryKey: [...ORDER_QUERIES, companyId] }),
      client.invalidateQueries({ queryKey: companyCreditKeys.of(companyId) }),
    ]);
  }
}

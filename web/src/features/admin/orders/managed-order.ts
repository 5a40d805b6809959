import type { OrderRow, RefundableOrder, TermsInvoiceState } from '@portal/domain';

/**
 * What the order actions need of an order: a row of the searchOrders answer has it all, with how
 * it is paid (card or terms) and its invoice's state.
 */
export type ManagedOrder = Pick<OrderRow, 'id' | 'status' | 'amount' | 'refundedAmount'> & {
  paymentMethod?: 'card' | 'terms';
  /** The invoice's state of an order on terms. */
  termsState?: TermsInvoiceState | null;
};

/** The order as the domain's refund rules read it (one entry for what was refunded so far). */
export function refundableOf(order: ManagedOrder): RefundableOrder {
  return {
    status: order.status,
    amount: order.amount,
    refunds: order.refundedAmount > 0 ? [{ amount: order.refundedAmount }] : [],
    terms: order.paymentMethod === 'terms' ? { state: order.termsState ?? 'open' } : null,
  };
}

/**
 * Whether the order was paid, so that a refund can be offered: a card order by its status; an
 * order on terms once its invoice is paid (an order shipped on terms is not paid by shipping).
 */
export function isOrderPaid(order: ManagedOrder, paidStatus: boolean): boolean {
  if (order.paymentMethod === 'terms') return order.termsState === 'paid';
  return paidStatus;
}

import type { OrderRow, RefundableOrder } from '@portal/domain';

/** What the order actions need of an order: a row of the searchOrders answer has it all. */
export type ManagedOrder = Pick<OrderRow, 'id' | 'status' | 'amount' | 'refundedAmount'>;

/** The order as the domain's refund rules read it (one entry for what was refunded so far). */
export function refundableOf(order: ManagedOrder): RefundableOrder {
  return {
    status: order.status,
    amount: order.amount,
    refunds: order.refundedAmount > 0 ? [{ amount: order.refundedAmount }] : [],
  };
}

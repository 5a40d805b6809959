import { planLineRefund, shortOrderId } from '@portal/domain';
import { PreconditionError } from '../../lib/errors';
import { refundOrder } from '../../orders/refunds';
import type { Remedy, SettleCase } from './remedy';

/**
 * A refund to the card (docs/order-lifecycle.md#settling-a-claim): the claim's lines refunded by
 * lines through the order's refund path (orders/refunds.ts), as shipped units (none of them is
 * taken off what is still to ship), with their share of the tax; the refund entry names the
 * claim. Its request id is the claim's, so however often it is asked, the order gets one refund.
 */

interface RefundEffect {
  refundId: string;
  amount: number;
}

const refundRequestId = (claimId: string) => `claim-${claimId}`;

function linesOf(c: SettleCase) {
  return c.claim.lines.map((line) => ({
    productId: line.product_id,
    quantity: line.quantity,
    restock: c.restock ? line.quantity : 0,
    shipped: true,
  }));
}

export const refundRemedy: Remedy<RefundEffect> = {
  remedy: 'refund',
  async check(c) {
    const priced = planLineRefund(c.order, {
      lines: c.claim.lines.map((line) => ({
        product_id: line.product_id,
        quantity: line.quantity,
        restock: c.restock ? line.quantity : 0,
        shipped: true,
      })),
      shipping: 0,
      goodwill: 0,
    });
    if ('problem' in priced) throw new PreconditionError(priced.problem);
  },
  async apply(c) {
    const refunded = await refundOrder(
      c.managerUid,
      {
        orderId: c.order.id,
        requestId: refundRequestId(c.claim.id),
        lines: linesOf(c),
        internalNote: `Claim ${shortOrderId(c.claim.id)} settled by refund.`,
        customerNote: c.note || `Refund for your claim on order ${shortOrderId(c.order.id)}.`,
        claimId: c.claim.id,
      },
      c.ctx,
    );
    return { refundId: refunded.refundId, amount: refunded.amount };
  },
  async read(_tx, _db, c, effect) {
    return {
      outcome: {
        amount: effect.amount,
        refund_id: effect.refundId,
        // The refund by lines put the units back on hand as it was recorded.
        restocked: c.restock
          ? Object.fromEntries(c.claim.lines.map((line) => [line.product_id, line.quantity]))
          : {},
      },
      write: () => undefined,
    };
  },
};

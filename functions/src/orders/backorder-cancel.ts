import {
  COLLECTIONS,
  companyOfRecord,
  companyRoleCan,
  lineProgress,
  memberCoversLocation,
  VIEW_ONLY,
  type CancelBackorderedLineRequest,
  type Membership,
  type RefundOrderResponse,
} from '@portal/domain';
import type { Context } from '../lib/context';
import { NotAllowedError, NotFoundError, PreconditionError } from '../lib/errors';
import { log } from '../lib/log';
import { readOrderState } from './order-record';
import { refundOrder } from './refunds';

/** What the buyer is told when the line has nothing waiting for stock. */
export const NO_BACKORDER_WAITING = 'This line has no backordered units waiting to ship.';

/**
 * An order on terms whose invoice is not paid has no payment to refund a line from: its invoice
 * would have to change, which is ours to do.
 */
export const TERMS_LINE_NOT_REFUNDABLE =
  'This order is on terms and its invoice is not paid yet, so a line cannot be refunded. Ask us to change the invoice.';

/** The customer note of the refund a buyer's cancellation makes (on the invoice and the mail). */
export const BACKORDER_CANCEL_NOTE = 'Backordered line cancelled by the buyer';

/**
 * cancelBackorderedLine (docs/order-lifecycle.md#refunds-by-line): a member who orders for the
 * order's company (an owner, or a buyer of its location; not a viewer) cancels the units of a
 * backordered line that have not shipped. It is a refund by lines made through refundOrder, so it
 * is priced, sent to Stripe, recorded (webhook first or not), mailed and rolled up exactly like a
 * manager's: the line's units waiting for stock with their share of the tax, all of them back in
 * stock (they were owed to the backorder); its units in stock still ship. The request id is the refund's, so a retry refunds once.
 */
export async function cancelBackorderedLine(
  uid: string,
  /**
   * The caller's membership as their profile records it (null: in no company), read by the
   * caller from the profile, not the token: a role changed or a member removed since sign-in
   * counts at once.
   */
  member: Membership | null,
  input: Required<CancelBackorderedLineRequest>,
  ctx: Pick<Context, 'db' | 'stripe' | 'auth' | 'env'>,
): Promise<RefundOrderResponse> {
  const order = readOrderState(
    await ctx.db.collection(COLLECTIONS.orders).doc(input.orderId).get(),
  );
  // Another company's order (or a location the buyer does not order for) is "not found", like
  // a missing one.
  if (
    !order ||
    !member ||
    member.companyId !== companyOfRecord(order) ||
    (order.location_id !== null && !memberCoversLocation(member, order.location_id))
  ) {
    throw new NotFoundError('Order not found.');
  }
  if (!companyRoleCan(member.role, 'order')) throw new NotAllowedError(VIEW_ONLY);
  const request = {
    orderId: order.id,
    requestId: input.requestId,
    internalNote: '',
    customerNote: BACKORDER_CANCEL_NOTE,
  };
  // A retry of a cancellation already recorded answers what it did (the line waits no more).
  if (order.refunds.some((r) => r.request_id === input.requestId)) {
    return refundOrder(uid, request, ctx);
  }
  if (order.terms && order.terms.state !== 'paid') {
    throw new PreconditionError(TERMS_LINE_NOT_REFUNDABLE);
  }
  const line = lineProgress(order).find((l) => l.product_id === input.productId);
  if (!line || line.waiting === 0) throw new PreconditionError(NO_BACKORDER_WAITING);
  const result = await refundOrder(
    uid,
    {
      ...request,
      // Only the units waiting for stock: the line's units in stock still ship.
      lines: [{ productId: line.product_id, quantity: line.waiting, restock: line.waiting }],
    },
    ctx,
  );
  log.info('backordered_line_cancelled', {
    orderId: order.id,
    productId: line.product_id,
    units: line.waiting,
    by: uid,
  });
  return result;
}

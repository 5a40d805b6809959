import {
  declineQuoteRequest,
  deleteDraftOrderRequest,
  saveDraftOrderRequest,
  sendDraftOrderRequest,
  type QuoteStateResponse,
  type SaveDraftOrderResponse,
  type SendDraftOrderResponse,
} from '@portal/domain';
import { callerIp, parseData, requireApprovedBuyer, requireManager } from '../lib/caller';
import { DRAFT_ORDER_PAYLOAD_LIMITS } from '../lib/payload-limits';
import { limitCallable } from '../lib/rate-limit';
import { declineQuote } from '../quotes/decline-quote';
import { deleteDraftOrder, saveDraftOrder } from '../quotes/draft-orders';
import { quotePayments } from '../quotes/send-payments';
import { sendDraftOrder } from '../quotes/send-draft';
import { callable } from './edge';

/**
 * Draft orders and quotes (docs/order-lifecycle.md#draft-orders-and-quotes): managers save, edit,
 * delete and send drafts for a company; the company's owners and buyers decline a quote (accepting
 * one: handlers/accept-quote.ts). Each is rate limited per caller and per IP.
 */

/**
 * Callable saveDraftOrder({ quoteId?, companyId, locationId, lines, shippingAmount, noteToBuyer,
 * validDays }) (managers): a new draft, or a draft's new contents, priced on the server.
 */
export const saveDraftOrderHandler = callable(
  async (request, ctx): Promise<SaveDraftOrderResponse> => {
    const caller = await requireManager(request, ctx);
    const input = parseData(saveDraftOrderRequest, request.data);
    await limitCallable(ctx.db, 'saveDraftOrder', { uid: caller.uid, ip: callerIp(request) });
    return saveDraftOrder(ctx, caller.uid, input);
  },
  DRAFT_ORDER_PAYLOAD_LIMITS,
);

/** Callable deleteDraftOrder({ quoteId }) (managers): a draft that was never sent. */
export const deleteDraftOrderHandler = callable(
  async (request, ctx): Promise<QuoteStateResponse> => {
    const caller = await requireManager(request, ctx);
    const input = parseData(deleteDraftOrderRequest, request.data);
    await limitCallable(ctx.db, 'deleteDraftOrder', { uid: caller.uid, ip: callerIp(request) });
    return deleteDraftOrder(ctx, caller.uid, input);
  },
);

/**
 * Callable sendDraftOrder({ quoteId, delivery, requestId }) (managers): sends a draft once, as a
 * quote, a payment link or an order on the company's terms; a retry with the same request id
 * answers the same send.
 */
export const sendDraftOrderHandler = callable(
  async (request, ctx): Promise<SendDraftOrderResponse> => {
    const caller = await requireManager(request, ctx);
    const input = parseData(sendDraftOrderRequest, request.data);
    await limitCallable(ctx.db, 'sendDraftOrder', { uid: caller.uid, ip: callerIp(request) });
    return sendDraftOrder(ctx, quotePayments, caller.uid, input);
  },
);

/**
 * Callable declineQuote({ quoteId, reason }) (an approved owner or buyer of the quote's company;
 * viewers are refused): the managers are mailed the reason.
 */
export const declineQuoteHandler = callable(async (request, ctx): Promise<QuoteStateResponse> => {
  const caller = requireApprovedBuyer(request);
  const input = parseData(declineQuoteRequest, request.data);
  await limitCallable(ctx.db, 'declineQuote', { uid: caller.uid, ip: callerIp(request) });
  return declineQuote(ctx, caller.uid, input);
});

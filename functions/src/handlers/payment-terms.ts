import type { Firestore } from 'firebase-admin/firestore';
import {
  closeTermsInvoiceRequest,
  paths,
  getReceivablesRequest,
  placeTermsOrderRequest,
  sendInvoiceReminderRequest,
  setCompanyTermsRequest,
  TERMS_MESSAGES,
  type CloseTermsInvoiceResponse,
  type GetReceivablesResponse,
  type PlaceTermsOrderResponse,
  type SendInvoiceReminderResponse,
  type SetCompanyTermsResponse,
} from '@portal/domain';
import { callerIp, parseData, requireApprovedBuyer, requireManager } from '../lib/caller';
import { NotFoundError, PreconditionError } from '../lib/errors';
import { log } from '../lib/log';
import { limitCallable } from '../lib/rate-limit';
import { readOrder } from '../orders/order-record';
import { stripeFailure } from '../stripe/stripe-errors';
import { setCompanyTerms } from '../terms/company-terms';
import {
  auditInvoiceClosed,
  closeTermsOrder,
  recordTermsReminder,
} from '../terms/invoice-transitions';
import { receivables } from '../terms/receivables';
import { placeTermsOrder } from '../terms/terms-order';
import { callable } from './edge';

/** Payment terms (docs/payment-terms.md): the managers' terms and invoices, the buyers' orders. */

const ORDER_NOT_FOUND = 'Order not found.';

/** Callable setCompanyTerms({ companyId, netDays, creditLimit, reason }) (managers). */
export const setCompanyTermsHandler = callable(
  async (request, ctx): Promise<SetCompanyTermsResponse> => {
    const caller = await requireManager(request, ctx);
    const input = parseData(setCompanyTermsRequest, request.data);
    await limitCallable(ctx.db, 'setCompanyTerms', { uid: caller.uid, ip: callerIp(request) });
    const set = await setCompanyTerms(ctx, caller.uid, input);
    log.info('company_terms_set', { actor: caller.uid, ...set });
    return set;
  },
);

/**
 * Callable placeTermsOrder({ requestId, productId?, locationId?, poNumber? }) (approved members
 * who may order): the cart, or Buy Now of a product, as an order on the company's terms.
 */
export const placeTermsOrderHandler = callable(
  async (request, ctx): Promise<PlaceTermsOrderResponse> => {
    const caller = requireApprovedBuyer(request);
    const input = parseData(placeTermsOrderRequest, request.data);
    await limitCallable(ctx.db, 'placeTermsOrder', { uid: caller.uid, ip: callerIp(request) });
    return placeTermsOrder(ctx, { uid: caller.uid, email: request.auth?.token.email }, input);
  },
);

/** The open invoice of an order on terms, or the refusal a manager sees. */
async function openInvoiceOf(ctx: { db: Firestore }, orderId: string) {
  const order = readOrder(await ctx.db.doc(paths.order(orderId)).get());
  if (!order) throw new NotFoundError(ORDER_NOT_FOUND);
  if (!order.terms) throw new PreconditionError(TERMS_MESSAGES.notOnTerms);
  if (order.terms.state === 'issuing' || !order.terms.invoice_id) {
    throw new PreconditionError(TERMS_MESSAGES.invoicePending);
  }
  return { order, invoiceId: order.terms.invoice_id, state: order.terms.state };
}

/**
 * Callable closeTermsInvoice({ orderId, action: 'void' | 'uncollectible', reason }) (managers):
 * voids the Stripe invoice (the order is cancelled and its stock returns) or marks it
 * uncollectible (written off), records it on the order at once (the webhook's event then finds
 * it done) and in the audit log.
 */
export const closeTermsInvoiceHandler = callable(
  async (request, ctx): Promise<CloseTermsInvoiceResponse> => {
    const caller = await requireManager(request, ctx);
    const { orderId, action, reason } = parseData(closeTermsInvoiceRequest, request.data);
    await limitCallable(ctx.db, 'closeTermsInvoice', { uid: caller.uid, ip: callerIp(request) });
    const { invoiceId, state } = await openInvoiceOf(ctx, orderId);
    const closable = action === 'void' ? ['open', 'uncollectible'] : ['open'];
    if (!closable.includes(state)) throw new PreconditionError(TERMS_MESSAGES.invoiceNotOpen);
    try {
      const key = { idempotencyKey: `terms:${orderId}:${action}` };
      if (action === 'void') await ctx.stripe().invoices.voidInvoice(invoiceId, {}, key);
      else await ctx.stripe().invoices.markUncollectible(invoiceId, {}, key);
    } catch (error) {
      throw stripeFailure('terms_invoice_close_failed', error, { orderId, action });
    }
    await closeTermsOrder(ctx, orderId, { to: action, by: caller.uid, reason, mail: true });
    await auditInvoiceClosed(ctx.db, { actor: caller.uid, orderId, action, reason });
    log.info('terms_invoice_closed', { actor: caller.uid, orderId, action });
    return { orderId, state: action };
  },
);

/**
 * Callable sendInvoiceReminder({ orderId }) (managers): Stripe sends the invoice again and the
 * buyer gets the portal's reminder, now.
 */
export const sendInvoiceReminderHandler = callable(
  async (request, ctx): Promise<SendInvoiceReminderResponse> => {
    const caller = await requireManager(request, ctx);
    const { orderId } = parseData(sendInvoiceReminderRequest, request.data);
    await limitCallable(ctx.db, 'sendInvoiceReminder', { uid: caller.uid, ip: callerIp(request) });
    const { order, invoiceId, state } = await openInvoiceOf(ctx, orderId);
    if (state !== 'open') throw new PreconditionError(TERMS_MESSAGES.invoiceNotOpen);
    const round = `manual-${order.terms!.reminders + 1}`;
    try {
      await ctx.stripe().invoices.sendInvoice(
        invoiceId,
        {},
        {
          idempotencyKey: `terms:${orderId}:${round}`,
        },
      );
    } catch (error) {
      throw stripeFailure('terms_invoice_resend_failed', error, { orderId });
    }
    await recordTermsReminder(ctx, orderId, round);
    return { orderId };
  },
);

/** Callable getReceivables({}) (managers): open balances, aging and open invoices, now. */
export const getReceivablesHandler = callable(
  async (request, ctx): Promise<GetReceivablesResponse> => {
    await requireManager(request, ctx);
    parseData(getReceivablesRequest, request.data);
    return receivables(ctx.db, new Date(ctx.now()));
  },
);

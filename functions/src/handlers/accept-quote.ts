import { acceptQuoteRequest, type AcceptQuoteResponse } from '@portal/domain';
import { callerIp, parseData, requireApprovedBuyer } from '../lib/caller';
import { limitCallable } from '../lib/rate-limit';
import { acceptQuote } from '../quotes/accept-quote';
import { callable } from './edge';

/**
 * Callable acceptQuote({ quoteId, payWith: 'card' | 'terms', requestId, poNumber? }) (an approved
 * owner or buyer of the quote's company; viewers, other companies and managers are refused): a
 * Checkout Session at the quoted prices, or an order on the company's terms
 * (quotes/accept-quote.ts). Nothing of the quote's lines or prices is taken from the caller: the
 * strict schema refuses any other field. Rate limited per member and per IP (each call may
 * create a Stripe session or invoice).
 */
export const acceptQuoteHandler = callable(async (request, ctx): Promise<AcceptQuoteResponse> => {
  const caller = requireApprovedBuyer(request);
  const input = parseData(acceptQuoteRequest, request.data);
  await limitCallable(ctx.db, 'acceptQuote', { uid: caller.uid, ip: callerIp(request) });
  return acceptQuote(ctx, { uid: caller.uid, email: request.auth?.token.email }, input);
});

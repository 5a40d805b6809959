import {
  companyRoleCan,
  isQuoteExpired,
  membershipOf,
  paths,
  QUOTE_MESSAGES,
  readCompanyCredit,
  VIEW_ONLY,
  type AcceptQuoteResponse,
} from '@portal/domain';
import type Stripe from 'stripe';
import { buyerAccountOpen } from '../accounts/current-approval';
import { readCheckout } from '../checkout/checkout-record';
import {
  closeCheckout,
  recordCheckoutCompleted,
  recordCheckoutExpired,
} from '../checkout/checkout-transitions';
import { expireOrRead } from '../checkout/create-checkout';
import { NOT_APPROVED } from '../lib/caller';
import {
  ConcurrentChangeError,
  NotAllowedError,
  NotFoundError,
  PreconditionError,
} from '../lib/errors';
import { log } from '../lib/log';
import { companyNow } from '../stripe/company-clock';
import { isMissingResource, stripeFailure } from '../stripe/stripe-errors';
import { startQuoteCheckout, type QuotePayer } from './quote-checkout';
import {
  openQuoteCheckout,
  quoteClosedMessage,
  readQuoteIn,
  stageQuoteExpired,
} from './quote-payments';
import { quoteRef, readQuote, type QuoteDeps, type QuoteRecord } from './quote-record';
import { placeQuoteOnTerms } from './quote-terms';

/**
 * acceptQuote (docs/order-lifecycle.md#draft-orders-and-quotes): an approved owner or buyer of
 * the quote's company accepts a quote sent to them, paying by card (a Checkout Session at the
 * quoted prices: quote-checkout.ts) or on the company's terms (an order at once: quote-terms.ts).
 * The callable takes the quote's id only: the lines, prices and shipping are the stored quote's,
 * which only the functions write.
 *
 * In order, each refusal changing nothing (but the expiry, which writes it):
 * - a quote that does not exist, or is still a draft: QUOTE_MESSAGES.notFound;
 * - a caller not of its company: notYours; a viewer: VIEW_ONLY;
 * - accepted, declined or expired: their messages; a payment link: paymentLinkOnly;
 * - another member's checkout paying it: beingPaid. The caller's own: its URL again (card), or,
 *   asked for terms instead, that session closed first;
 * - its expiry reached on the company's clock (companyNow): the quote is written 'expired'
 *   (history by 'system') and refused with QUOTE_MESSAGES.expired;
 * - terms without the company having terms: noTerms;
 * - lines the catalog cannot fill now: conflicts, line by line (in the claim or the booking).
 */

export interface AcceptQuoteInput {
  quoteId: string;
  payWith: 'card' | 'terms';
  requestId: string;
  poNumber: string;
}

export async function acceptQuote(
  ctx: QuoteDeps,
  caller: QuotePayer,
  input: AcceptQuoteInput,
): Promise<AcceptQuoteResponse> {
  const { db } = ctx;
  let quote = readQuote(await quoteRef(db, input.quoteId).get());
  // A draft is the managers' alone: to a member it does not exist yet.
  if (!quote || quote.state === 'draft') throw new NotFoundError(QUOTE_MESSAGES.notFound);
  await requireOrderingMember(ctx, caller.uid, quote.company_id);
  requireOpen(quote);

  const open = openQuoteCheckout(quote, ctx.now());
  if (open && open.uid !== caller.uid) throw new PreconditionError(QUOTE_MESSAGES.beingPaid);
  if (open && input.payWith === 'card') {
    // The member's own checkout, begun before any expiry: the same session again.
    return checkoutAnswer(
      await startQuoteCheckout(ctx, quote, caller, 'accept', { poNumber: input.poNumber }),
    );
  }
  if (open) {
    // Terms instead of the card payment the member began: that session is closed first, so the
    // quote cannot be paid twice.
    await closeOwnCheckout(ctx, open.checkout_id);
    quote = readQuote(await quoteRef(db, input.quoteId).get());
    if (!quote) throw new NotFoundError(QUOTE_MESSAGES.notFound);
    requireOpen(quote);
  }

  await refuseIfExpired(ctx, quote);

  if (input.payWith === 'terms') {
    const credit = readCompanyCredit(
      (await db.doc(paths.companyCredit(quote.company_id)).get()).data(),
    );
    if (!credit.net_days) throw new PreconditionError(QUOTE_MESSAGES.noTerms);
    const placed = await placeQuoteOnTerms(ctx, quote, caller, {
      requestId: input.requestId,
      poNumber: input.poNumber,
    });
    log.info('quote_accepted', { quoteId: quote.id, uid: caller.uid, payWith: 'terms' });
    return { kind: 'order', orderId: placed.orderId, invoiceUrl: placed.invoiceUrl };
  }
  const opened = await startQuoteCheckout(ctx, quote, caller, 'accept', {
    poNumber: input.poNumber,
  });
  log.info('quote_accepted', { quoteId: quote.id, uid: caller.uid, payWith: 'card' });
  return checkoutAnswer(opened);
}

function checkoutAnswer(opened: { url: string; checkoutId: string }): AcceptQuoteResponse {
  return { kind: 'checkout', url: opened.url, checkoutId: opened.checkoutId };
}

/** Sent as a quote to accept, and still open. */
function requireOpen(quote: QuoteRecord): void {
  if (quote.state !== 'sent') throw new PreconditionError(quoteClosedMessage(quote.state));
  if (quote.delivery === 'payment_link') {
    throw new PreconditionError(QUOTE_MESSAGES.paymentLinkOnly);
  }
  if (quote.delivery !== 'quote') throw new PreconditionError(QUOTE_MESSAGES.notOpen);
}

/**
 * The caller is an approved member of the quote's company who may order (owner or buyer), as
 * the profile says now (a token lives an hour), with an open account.
 */
async function requireOrderingMember(ctx: QuoteDeps, uid: string, companyId: string) {
  const [profile, accountOpen] = await Promise.all([
    ctx.db.doc(paths.profile(uid)).get(),
    buyerAccountOpen(ctx, uid),
  ]);
  const membership = membershipOf(profile.data());
  if (!profile.exists || profile.get('status') !== 'approved' || !membership || !accountOpen) {
    throw new NotAllowedError(NOT_APPROVED);
  }
  if (membership.companyId !== companyId) throw new NotAllowedError(QUOTE_MESSAGES.notYours);
  if (!companyRoleCan(membership.role, 'order')) throw new NotAllowedError(VIEW_ONLY);
}

/**
 * The quote's expiry, on the company's clock (its Stripe test clock on the local stack): reached,
 * the quote is written 'expired' (by 'system') and the acceptance refused. A checkout that
 * another member opened meanwhile is left to be paid (beingPaid).
 */
async function refuseIfExpired(ctx: QuoteDeps, quote: QuoteRecord): Promise<void> {
  const now = await companyNow(ctx, quote.company_id);
  if (!isQuoteExpired(quote.expires_at?.toDate() ?? null, now)) return;
  const { db } = ctx;
  const outcome = await db.runTransaction(async (tx) => {
    const current = await readQuoteIn(tx, db, quote.id);
    if (!current || current.state !== 'sent') return current?.state ?? 'gone';
    if (openQuoteCheckout(current, ctx.now())) return 'being-paid';
    stageQuoteExpired(tx, db, current);
    return 'expired';
  });
  if (outcome === 'being-paid') throw new PreconditionError(QUOTE_MESSAGES.beingPaid);
  if (outcome === 'expired') log.info('quote_expired', { quoteId: quote.id });
  throw new PreconditionError(QUOTE_MESSAGES.expired);
}

/**
 * Closes the member's own open checkout of the quote before it is placed on terms: its session
 * expired at Stripe and the checkout closed (its stock released, the quote's checkout cleared);
 * one paid meanwhile is recorded, which accepts the quote (the terms order is then refused).
 */
async function closeOwnCheckout(ctx: QuoteDeps, checkoutId: string): Promise<void> {
  const { db, stripe } = ctx;
  const checkout = readCheckout(await db.doc(paths.checkout(checkoutId)).get());
  if (!checkout || checkout.state !== 'open') return;
  const sessionId = checkout.stripe_session_id;
  if (!sessionId) {
    throw new ConcurrentChangeError(
      'Your card payment of this quote is still being prepared. Try again in a moment.',
    );
  }
  let session: Stripe.Checkout.Session;
  try {
    session = await expireOrRead(stripe, sessionId);
  } catch (error) {
    if (!isMissingResource(error)) throw stripeFailure('checkout_session_close_failed', error);
    // Stripe no longer knows the session (a restarted local sandbox): nobody can pay it.
    await closeCheckout(db, checkoutId, 'expired', { withSession: true, stripe });
    return;
  }
  if (session.status === 'complete') await recordCheckoutCompleted(ctx, session);
  else await recordCheckoutExpired(db, session, undefined, stripe);
}

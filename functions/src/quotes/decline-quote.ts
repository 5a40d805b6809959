import { Timestamp } from 'firebase-admin/firestore';
import {
  companyRoleCan,
  isQuoteExpired,
  memberCoversLocation,
  QUOTE_MESSAGES,
  VIEW_ONLY,
  type DeclineQuoteRequest,
  type QuoteStateResponse,
} from '@portal/domain';
import { LOCATION_NOT_YOURS } from '../companies/locations';
import { NotAllowedError, NotFoundError, PreconditionError } from '../lib/errors';
import { log } from '../lib/log';
import { stageMails } from '../mail/outbox';
import { quoteDeclinedMails } from '../mail/quote-mails';
import { companyNow } from '../stripe/company-clock';
import { quoteMemberOf } from './quote-parties';
import { quoteRef, readQuote, type QuoteDeps, type QuoteRecord } from './quote-record';

/**
 * declineQuote (an owner or buyer of the quote's company; docs/order-lifecycle.md#draft-orders-
 * and-quotes): a sent quote, not yet expired on the company's clock, becomes declined with the
 * member's reason, and every manager is mailed it. Refused: another company's quote (and any
 * draft: members never see one), a viewer, a quote no longer open (accepted, declined, expired),
 * a payment link (it is paid or left to expire), and a quote someone at the company is paying
 * right now. A quote found past its expiry is written expired (by 'system') and refused.
 */

/** Why a sent quote cannot be declined now, or null (expiry is decided apart: it is written). */
function declineProblem(quote: QuoteRecord, now: number): string | null {
  switch (quote.state) {
    case 'accepted':
      return QUOTE_MESSAGES.accepted;
    case 'declined':
      return QUOTE_MESSAGES.declined;
    case 'expired':
      return QUOTE_MESSAGES.expired;
    case 'draft':
      return QUOTE_MESSAGES.notOpen;
    case 'sent':
      break;
  }
  if (quote.delivery === 'payment_link') return QUOTE_MESSAGES.paymentLinkOnly;
  // A Checkout Session of an acceptance, still open: its payment would make the order.
  if (quote.checkout && quote.checkout.expires_at.toMillis() > now) {
    return QUOTE_MESSAGES.beingPaid;
  }
  return null;
}

export async function declineQuote(
  ctx: QuoteDeps,
  uid: string,
  input: DeclineQuoteRequest,
): Promise<QuoteStateResponse> {
  const { db } = ctx;
  const member = await quoteMemberOf(db, uid);
  const ref = quoteRef(db, input.quoteId);
  const found = readQuote(await ref.get());
  // A draft is the managers' alone: to a member it does not exist.
  if (!found || found.state === 'draft') throw new NotFoundError(QUOTE_MESSAGES.notFound);
  if (found.company_id !== member.companyId) throw new NotAllowedError(QUOTE_MESSAGES.notYours);
  if (!companyRoleCan(member.role, 'order')) throw new NotAllowedError(VIEW_ONLY);
  // As accepting it: a buyer answers only for the locations the owner assigned them.
  if (found.location_id !== null && !memberCoversLocation(member, found.location_id)) {
    throw new NotAllowedError(LOCATION_NOT_YOURS);
  }
  const now = await companyNow(ctx, found.company_id);
  const reason = input.reason.trim();

  const outcome = await db.runTransaction(async (tx) => {
    const quote = readQuote(await tx.get(ref));
    if (!quote) throw new NotFoundError(QUOTE_MESSAGES.notFound);
    const problem = declineProblem(quote, ctx.now());
    if (problem) throw new PreconditionError(problem);
    const at = Timestamp.fromMillis(now);
    if (isQuoteExpired(quote.expires_at?.toMillis() ?? null, now)) {
      tx.update(ref, {
        state: 'expired',
        history: [...quote.history, { state: 'expired', at, by: 'system', by_name: '', text: '' }],
        updated_at: Timestamp.fromMillis(ctx.now()),
      });
      return 'expired' as const;
    }
    const writeMails = await stageMails(
      tx,
      db,
      await quoteDeclinedMails(
        ctx,
        { ...quote, number: quote.number ?? '' },
        { reason, by_name: member.name },
      ),
    );
    tx.update(ref, {
      state: 'declined',
      decline_reason: reason,
      history: [
        ...quote.history,
        { state: 'declined', at, by: uid, by_name: member.name, text: reason },
      ],
      updated_at: Timestamp.fromMillis(ctx.now()),
    });
    writeMails();
    return 'declined' as const;
  });
  log.info('quote_declined', { quoteId: input.quoteId, outcome, by: uid });
  if (outcome === 'expired') throw new PreconditionError(QUOTE_MESSAGES.expired);
  return { quoteId: input.quoteId, state: 'declined' };
}

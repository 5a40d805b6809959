import { mailKeys } from '@portal/domain';
import { companyMembersMail, managersMail, type MailDeps } from './notifications';
import type { QueuedMail } from './outbox';
import * as messages from './templates/quote-messages';

/**
 * The mails of a draft order once sent (docs/order-lifecycle.md#draft-orders-and-quotes), one key
 * per event, staged by the transaction that sends or declines the quote. A quote and a payment
 * link go to the company's members who may order (its owners and buyers), the decline to every
 * manager.
 */

/** What the mails read of a quote (the stored quote has all of it). */
export interface QuoteMailFacts {
  id: string;
  number: string;
  company_id: string;
  company_name: string;
  location_name: string;
  lines: ReadonlyArray<{ name: string; quantity: number; line_total: number }>;
  shipping_amount: number;
  amount: number;
  note_to_buyer: string;
}

/** Who a company's quote is for: the members who may order (companyRoleCan 'order'). */
const ORDERING_ROLES = ['owner', 'buyer'] as const;

function factsOf(quote: QuoteMailFacts): messages.QuoteFacts {
  return {
    number: quote.number,
    companyName: quote.company_name,
    locationName: quote.location_name,
    lines: quote.lines,
    shippingAmount: quote.shipping_amount,
    amount: quote.amount,
    noteToBuyer: quote.note_to_buyer,
  };
}

/** A quote sent: to accept in My Account's Quotes tab before `expiresAt`, or decline. */
export function quoteSentMail(
  deps: MailDeps,
  quote: QuoteMailFacts & { expires_at: Date; net_days: number | null },
): Promise<QueuedMail[]> {
  return companyMembersMail(
    deps,
    quote.company_id,
    ORDERING_ROLES,
    'quote-sent',
    mailKeys.quoteSent(quote.id),
    (links) =>
      messages.quoteSent({
        ...factsOf(quote),
        expiresAt: quote.expires_at,
        netDays: quote.net_days,
        url: links.accountQuote(quote.id),
      }),
  );
}

/** A payment link: Stripe Checkout's URL for the quote's lines, until it expires. */
export function quotePaymentLinkMail(
  deps: MailDeps,
  quote: QuoteMailFacts & { pay_url: string; link_expires_at: Date },
): Promise<QueuedMail[]> {
  return companyMembersMail(
    deps,
    quote.company_id,
    ORDERING_ROLES,
    'quote-payment-link',
    mailKeys.quotePaymentLink(quote.id),
    (links) =>
      messages.quotePaymentLink({
        ...factsOf(quote),
        expiresAt: quote.link_expires_at,
        payUrl: quote.pay_url,
        quoteUrl: links.accountQuote(quote.id),
      }),
  );
}

/** A quote declined by a member, with their reason, to every manager. */
export function quoteDeclinedMails(
  deps: MailDeps,
  quote: QuoteMailFacts,
  decline: { reason: string; by_name: string },
): Promise<QueuedMail[]> {
  return managersMail(
    deps,
    'quote-declined',
    (managerUid) => mailKeys.quoteDeclined(quote.id, managerUid),
    (links) =>
      messages.quoteDeclined({
        ...factsOf(quote),
        reason: decline.reason,
        declinedBy: decline.by_name,
        url: links.adminQuote(quote.id),
      }),
    { quoteId: quote.id },
  );
}

import { businessDayText, formatUsd, quoteTermsText } from '@portal/domain';
import type { Block, MailContent } from './layout';

/**
 * The mails of draft orders sent to a company (docs/order-lifecycle.md#draft-orders-and-quotes):
 * a quote to accept or decline, and a payment link, to the company's owners and buyers; and a
 * quote declined, with the buyer's reason, to every manager. Each names the quote's number, its
 * lines at the prices quoted (an override shows as the final price), the shipping charge and the
 * total before sales tax, which Checkout or the invoice adds.
 */

/** Dec 4, 2026, 10:00 AM PST: a payment link lives hours, not days. */
const momentFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'America/Los_Angeles',
  timeZoneName: 'short',
});

export interface QuoteFacts {
  /** Q-000123. */
  number: string;
  /** The company's store name. */
  companyName: string;
  /** The location it ships to ('' when the company has none yet). */
  locationName: string;
  lines: ReadonlyArray<{ name: string; quantity: number; line_total: number }>;
  /** Cents. */
  shippingAmount: number;
  /** Cents: goods and shipping, before sales tax. */
  amount: number;
  noteToBuyer: string;
}

function linesBlock(p: QuoteFacts): Block {
  return {
    kind: 'lines',
    items: p.lines.map((line) => ({
      name: line.name,
      quantity: line.quantity,
      total: formatUsd(line.line_total),
    })),
    summary: [
      ['Subtotal', formatUsd(p.amount - p.shippingAmount)],
      ['Shipping', formatUsd(p.shippingAmount)],
      ['Sales tax', 'Calculated at payment'],
    ],
    total: formatUsd(p.amount),
  };
}

function noteBlocks(p: QuoteFacts): Block[] {
  return p.noteToBuyer ? [{ kind: 'text', text: `Our note: ${p.noteToBuyer}` }] : [];
}

function shipsTo(p: QuoteFacts): Array<readonly [string, string]> {
  return p.locationName ? [['Ships to', p.locationName]] : [];
}

/** To the company's owners and buyers: a quote to accept (by card, or on terms) or decline. */
export function quoteSent(
  p: QuoteFacts & { expiresAt: Date; netDays: number | null; url: string },
): MailContent {
  const until = businessDayText(p.expiresAt);
  return {
    subject: `Quote ${p.number}: ${formatUsd(p.amount)}, valid until ${until}`,
    preview: `Your quote of ${formatUsd(p.amount)} is valid until ${until}. Accept it in My Account.`,
    heading: `Your quote ${p.number}`,
    greetingName: p.companyName,
    blocks: [
      {
        kind: 'text',
        text: `We prepared a quote for ${p.companyName}. Accept it in My Account before it expires and we will ship it at these prices, or decline it and tell us why.`,
      },
      {
        kind: 'facts',
        rows: [
          ['Quote', p.number],
          ...shipsTo(p),
          ['Valid until', until],
          ['Payment', quoteTermsText(p.netDays)],
        ],
      },
      linesBlock(p),
      ...noteBlocks(p),
      { kind: 'button', label: 'View the quote', url: p.url },
    ],
  };
}

/** To the company's owners and buyers: a Stripe Checkout link for exactly the quote's lines. */
export function quotePaymentLink(
  p: QuoteFacts & { expiresAt: Date; payUrl: string; quoteUrl: string },
): MailContent {
  const until = momentFormat.format(p.expiresAt);
  return {
    subject: `Pay your order ${p.number}: ${formatUsd(p.amount)}`,
    preview: `Pay ${formatUsd(p.amount)} by card before ${until} and we ship your order.`,
    heading: 'Your order is ready to pay',
    greetingName: p.companyName,
    blocks: [
      {
        kind: 'text',
        text: `We wrote up this order for ${p.companyName}. Pay it by card through the secure link below and we ship it. The link works until ${until}; after that, ask us for a new one.`,
      },
      {
        kind: 'facts',
        rows: [['Order', p.number], ...shipsTo(p), ['Pay by', until]],
      },
      linesBlock(p),
      ...noteBlocks(p),
      { kind: 'button', label: 'Pay now', url: p.payUrl },
      { kind: 'link', label: 'View it in My Account', url: p.quoteUrl },
    ],
  };
}

/** To every manager: the buyer declined a quote, and why. */
export function quoteDeclined(
  p: QuoteFacts & { reason: string; declinedBy: string; url: string },
): MailContent {
  return {
    subject: `${p.companyName} declined quote ${p.number}`,
    preview: p.reason,
    heading: 'A quote was declined',
    blocks: [
      {
        kind: 'text',
        text: `${p.declinedBy || 'A buyer'} at ${p.companyName} declined quote ${p.number} (${formatUsd(p.amount)}).`,
      },
      { kind: 'text', text: `Their reason: ${p.reason}` },
      linesBlock(p),
      { kind: 'button', label: 'Open the quote', url: p.url },
    ],
  };
}

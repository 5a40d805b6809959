import {
  documentQuantity,
  documentShipToLines,
  formatUsd,
  QUOTE_STATE_LABELS,
  quoteTermsText,
  type Quote,
} from '@portal/domain';
import type { Seller } from '@/config/seller';
import { businessDayLongFormat } from '@/lib/intl-formats';
import { sellerLines, type DocumentContent } from './document-content';

/** What a draft shows where a sent quote has its number. */
export const DRAFT_NOT_SENT = 'Draft — not sent';

/** Sales tax is not on a quote: Checkout (or the invoice, on terms) adds it for the ship-to. */
export const QUOTE_TAX_TEXT = 'Added at checkout';

/**
 * The terms a quote is paid on: Net N when the company had terms when it was sent; a payment
 * link is paid by card whatever the terms.
 */
export function quoteTerms(quote: Pick<Quote, 'delivery' | 'net_days'>): string {
  return quoteTermsText(quote.delivery === 'payment_link' ? null : quote.net_days);
}

/**
 * Everything a quote's document says (docs/order-lifecycle.md#draft-orders-and-quotes), as the
 * page and the PDF print it: the number (or "Draft — not sent"), when it was sent and until when
 * it is valid, the company and its ship-to, the lines at the prices quoted, shipping and the
 * total before sales tax, the note to the buyer and the terms. A line overridden by the manager
 * shows only its final price: the catalog's price and the reason stay with the managers.
 */
export function quoteContent(quote: Quote, seller: Seller): DocumentContent {
  const sent = quote.number !== null && quote.state !== 'draft';
  const facts: [string, string][] = [
    ['Quote number', sent ? (quote.number ?? '') : DRAFT_NOT_SENT],
  ];
  if (sent && quote.sent_at) facts.push(['Date', businessDayLongFormat.format(quote.sent_at)]);
  else facts.push(['Created', businessDayLongFormat.format(quote.created_at)]);
  if (sent && quote.expires_at)
    facts.push(['Valid until', businessDayLongFormat.format(quote.expires_at)]);
  else facts.push(['Valid for', `${quote.valid_days} days once sent`]);
  if (sent) facts.push(['Status', QUOTE_STATE_LABELS[quote.state]]);
  if (quote.created_by_name) facts.push(['Prepared by', quote.created_by_name]);

  const validity =
    sent && quote.expires_at
      ? `Prices are valid until ${businessDayLongFormat.format(quote.expires_at)}.`
      : `Prices are valid for ${quote.valid_days} days once the quote is sent.`;
  return {
    title: sent ? `Quote ${quote.number ?? ''}` : DRAFT_NOT_SENT,
    fileName: sent ? `${quote.number ?? 'quote'}.pdf` : `draft-quote-${quote.id}.pdf`,
    seller: sellerLines(seller),
    facts,
    parties: [
      {
        title: 'Quote for',
        lines: [quote.company_name, ...(quote.location_name ? [quote.location_name] : [])],
      },
      {
        title: 'Ship to',
        address: true,
        lines: quote.ship_to
          ? documentShipToLines(quote.company_name, quote.ship_to)
          : ['Your ship-to address is confirmed at checkout.'],
      },
    ],
    lines: quote.lines.map((line) => ({
      sku: line.sku || '—',
      name: line.name,
      quantity: documentQuantity(line),
      unit: formatUsd(line.unit_amount),
      total: formatUsd(line.line_total),
      notes: [],
    })),
    totals: [
      ['Subtotal', formatUsd(quote.goods_amount)],
      ['Shipping', quote.shipping_amount > 0 ? formatUsd(quote.shipping_amount) : 'Free'],
      ['Sales tax', QUOTE_TAX_TEXT],
      ['Total', formatUsd(quote.amount), 'strong'],
    ],
    remarks: [
      ...(quote.note_to_buyer.trim() ? [{ title: 'Note', text: quote.note_to_buyer.trim() }] : []),
      { title: 'Terms', text: `${quoteTerms(quote)} ${validity} Sales tax is added at checkout.` },
    ],
  };
}

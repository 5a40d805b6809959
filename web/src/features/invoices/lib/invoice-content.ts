import {
  documentQuantity,
  documentShipToLines,
  exemptionText,
  formatUsd,
  invoicePaymentStatus,
  invoiceTotals,
  shortOrderId,
  type Order,
} from '@portal/domain';
import type { Seller } from '@/config/seller';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

/**
 * Everything an invoice says, as text: one home for the page and the PDF, so both print the
 * same. Amounts are formatted here. Each refund is one line, with only the note to the customer
 * (the internal note is not on the order at all; a refund from before the split shows none), and
 * the total refunded is not repeated under them: Net paid follows.
 */
export function invoiceContent(order: Order, seller: Seller) {
  const totals = invoiceTotals(order);
  return {
    title: `Invoice ${order.invoice_number ?? ''}`.trim(),
    fileName: `${order.invoice_number ?? `order-${order.id}`}.pdf`,
    seller: [seller.name, ...seller.addressLines, seller.email],
    facts: [
      ['Invoice number', order.invoice_number ?? '—'],
      [
        'Invoice date',
        dateFormat.format(order.terms ? order.created_at : (order.paid_at ?? order.created_at)),
      ],
      ['Order', shortOrderId(order.id)],
      ['Payment status', invoicePaymentStatus(order)],
      ...termsFacts(order),
    ] as [string, string][],
    billTo: [
      order.store_name,
      `Seller permit: ${order.seller_permit_id || '—'}`,
    ],
    shipTo: order.ship_to
      ? documentShipToLines(order.store_name, order.ship_to)
      : ['No ship-to address on this order.'],
    lines: order.items.map((line) => ({
      sku: line.sku || '—',
      name: line.name,
      quantity: documentQuantity(line),
      unit: formatUsd(line.unit_amount),
      total: formatUsd(line.line_total),
    })),
    totals: [
      ['Subtotal', formatUsd(totals.subtotal)],
      ['Shipping', 'Free'],
      ...taxRow(order),
      ['Total', formatUsd(totals.total)],
      ...order.refunds.map(
        (refund): [string, string] => [
          `Refund ${dateFormat.format(refund.at)}${refund.customer_note ? ` (${refund.customer_note})` : ''}`,
          `-${formatUsd(refund.amount)}`,
        ],
      ),
      ...(totals.refunded > 0 ? ([['Net paid', formatUsd(totals.net)]] as [string, string][]) : []),
    ] as [string, string][],
  };
}
export type InvoiceContent = ReturnType<typeof invoiceContent>;

/** The PO number, and for an order on payment terms its terms and due date. */
function termsFacts(order: Order): [string, string][] {
  const facts: [string, string][] = [];
  if (order.po_number) facts.push(['PO number', order.po_number]);
  if (order.terms) {
    facts.push(['Terms', `Net ${order.terms.net_days}`]);
    if (order.terms.due_at) facts.push(['Due date', dateFormat.format(order.terms.due_at)]);
  }
  return facts;
}

/** The sales tax line (docs/tax.md): the amount for the state, or the exemption; none before tax. */
function taxRow(order: Order): [string, string][] {
  const { tax } = order;
  if (!tax) return [];
  if (tax.exemption) return [['Sales tax', exemptionText(tax.exemption)]];
  return [[tax.state ? `Sales tax (${tax.state})` : 'Sales tax', formatUsd(tax.amount)]];
}

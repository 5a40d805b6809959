import {
  backorderMark,
  documentQuantity,
  documentShipToLines,
  exemptionText,
  formatUsd,
  invoicePaymentStatus,
  invoiceTotals,
  refundedByLine,
  shortOrderId,
  STORE_CREDIT_ROW,
  type Order,
  type RefundEntry,
} from '@portal/domain';
import type { Seller } from '@/config/seller';
import { businessDayLongFormat } from '@/lib/intl-formats';
import { sellerLines, type DocumentContent, type TotalsRow } from './document-content';

/**
 * Everything an invoice says, as text: one home for the page and the PDF, so both print the
 * same. Amounts are formatted here. Each refund is one line, with only the note to the customer
 * (the internal note is not on the order at all; a refund from before the split shows none), and
 * the total refunded is not repeated under them: Net paid follows. A refund by lines is followed
 * by its parts (the lines' goods, their sales tax, shipping, goodwill); each line says what of it
 * was backordered and refunded.
 */
export function invoiceContent(order: Order, seller: Seller): DocumentContent {
  const totals = invoiceTotals(order);
  const refunded = refundedByLine(order);
  return {
    title: `Invoice ${order.invoice_number ?? ''}`.trim(),
    fileName: `${order.invoice_number ?? `order-${order.id}`}.pdf`,
    seller: sellerLines(seller),
    facts: [
      ['Invoice number', order.invoice_number ?? '—'],
      [
        'Invoice date',
        businessDayLongFormat.format(
          order.terms ? order.created_at : (order.paid_at ?? order.created_at),
        ),
      ],
      ['Order', shortOrderId(order.id)],
      ['Payment status', invoicePaymentStatus(order)],
      ...termsFacts(order),
    ] as [string, string][],
    parties: [
      {
        title: 'Bill to',
        lines: [order.store_name, `Seller permit: ${order.seller_permit_id || '—'}`],
      },
      {
        title: 'Ship to',
        address: true,
        lines: order.ship_to
          ? documentShipToLines(order.store_name, order.ship_to)
          : ['No ship-to address on this order.'],
      },
    ],
    lines: order.items.map((line) => ({
      sku: line.sku || '—',
      name: line.name,
      quantity: documentQuantity(line),
      unit: formatUsd(line.unit_amount),
      total: formatUsd(line.line_total),
      notes: lineNotes(line, refunded.get(line.product_id)?.units ?? 0),
    })),
    totals: [
      ['Subtotal', formatUsd(totals.subtotal)],
      ['Shipping', totals.shipping > 0 ? formatUsd(totals.shipping) : 'Free'],
      ...taxRow(order),
      ...(totals.storeCredit > 0
        ? ([[STORE_CREDIT_ROW, `-${formatUsd(totals.storeCredit)}`]] as TotalsRow[])
        : []),
      ['Total', formatUsd(totals.total), 'strong'],
      ...order.refunds.flatMap((refund): TotalsRow[] => [
        [
          `Refund ${businessDayLongFormat.format(refund.at)}${refund.customer_note ? ` (${refund.customer_note})` : ''}`,
          `-${formatUsd(refund.amount)}`,
        ],
        ...refundParts(order, refund),
      ]),
      ...(order.store_credit_returned > 0
        ? ([
            [`${STORE_CREDIT_ROW} returned`, formatUsd(order.store_credit_returned)],
          ] as TotalsRow[])
        : []),
      ...(totals.refunded > 0
        ? ([['Net paid', formatUsd(totals.net), 'strong']] as TotalsRow[])
        : []),
    ] as TotalsRow[],
    remarks: [],
  };
}

/** Under a line's name: "14 backordered" (or "Backordered"), and "Refunded 2 × $25.00". */
function lineNotes(line: Order['items'][number], refundedUnits: number): string[] {
  const notes: string[] = [];
  const mark = backorderMark(line);
  if (mark) notes.push(mark);
  if (refundedUnits > 0) notes.push(`Refunded ${refundedUnits} × ${formatUsd(line.unit_amount)}`);
  return notes;
}

/**
 * The parts of a refund by lines, under its row: the goods of its lines ("Items: 2 × Dome
 * Lids"), their sales tax, shipping and goodwill, each when there is one. A refund of an amount
 * (and one from before refunds by line) has none.
 */
function refundParts(order: Order, refund: RefundEntry): TotalsRow[] {
  const names = new Map(order.items.map((item) => [item.product_id, item.name]));
  const parts: TotalsRow[] = [];
  if (refund.lines.length > 0) {
    const what = refund.lines
      .map((line) => `${line.quantity} × ${names.get(line.product_id) ?? line.product_id}`)
      .join(', ');
    const goods = refund.lines.reduce((sum, line) => sum + line.amount, 0);
    parts.push([`Items: ${what}`, formatUsd(goods), 'detail']);
  }
  if (refund.tax > 0) parts.push(['Sales tax', formatUsd(refund.tax), 'detail']);
  if (refund.shipping > 0) parts.push(['Shipping', formatUsd(refund.shipping), 'detail']);
  if (refund.goodwill > 0) parts.push(['Goodwill', formatUsd(refund.goodwill), 'detail']);
  return parts;
}

/** The PO number, and for an order on payment terms its terms and due date. */
function termsFacts(order: Order): [string, string][] {
  const facts: [string, string][] = [];
  if (order.po_number) facts.push(['PO number', order.po_number]);
  if (order.terms) {
    facts.push(['Terms', `Net ${order.terms.net_days}`]);
    if (order.terms.due_at)
      facts.push(['Due date', businessDayLongFormat.format(order.terms.due_at)]);
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

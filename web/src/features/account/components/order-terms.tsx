import type { Order, OrderTerms } from '@portal/domain';
import { businessDayFormat } from '@/lib/intl-formats';

/** Whether the buyer can pay the invoice now, on Stripe's hosted page (open, overdue too). */
export function isPayable(terms: OrderTerms | null): terms is OrderTerms & {
  hosted_invoice_url: string;
} {
  return terms?.state === 'open' && Boolean(terms.hosted_invoice_url);
}

/** Past due and unpaid, as Stripe said. */
export function isOverdue(terms: OrderTerms | null): boolean {
  return Boolean(terms?.overdue) && terms?.state !== 'paid';
}

/** "Pay invoice" / "Pay now": Stripe's hosted invoice page in a new tab. */
export function PayInvoiceLink({
  url,
  label,
  invoice,
}: {
  url: string;
  label: string;
  /** The invoice it pays, for the accessible name. */
  invoice: string;
}) {
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`${label} ${invoice} (opens in a new tab)`}
    >
      {label}
    </a>
  );
}

/**
 * An order's PO number and, on terms, when its invoice is due with a link to pay it while open:
 * the order card's facts (docs/payment-terms.md).
 */
export function OrderTermsFacts({ order, invoice }: { order: Order; invoice: string }) {
  const { terms } = order;
  return (
    <>
      {order.po_number && <span>PO number: {order.po_number}</span>}
      {terms?.due_at && terms.state !== 'paid' && terms.state !== 'void' && (
        <span className={isOverdue(terms) ? 'order-card__overdue' : undefined}>
          Invoice due {businessDayFormat.format(terms.due_at)}
          {isOverdue(terms) && ' (overdue)'}
        </span>
      )}
      {isPayable(terms) && (
        <PayInvoiceLink url={terms.hosted_invoice_url} label="Pay invoice" invoice={invoice} />
      )}
    </>
  );
}

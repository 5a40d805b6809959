import {
  backorderMark,
  disputeStatusLabel,
  type Carrier,
  formatUsd,
  isOpenDisputeStatus,
  lineProgress,
  orderShipments,
  orderTaxPhrase,
  routePath,
  shipmentSummary,
  shortOrderId,
  TERMS_INVOICE_STATE_LABELS,
  termsLabel,
  type LineProgress,
  type Order,
  type OrderDispute,
  type OrderNotes,
  type RefundEntry,
} from '@portal/domain';
import { useMemo, useState } from 'react';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Tag } from '@/components/tag';
import { TextSkeleton } from '@/components/skeleton';
import { RefundedTag, ShipToAddress, TrackingLink } from '@/components/order-fulfilment';
import { useOrder, useOrderNotes } from '@/entities/orders';
import { DataTable, type DataColumn } from '@/components/table/data-table';
import { useRestockDates } from './restock-dates';
import '../common/admin-tables.css';
import { businessDayFormat } from '@/lib/intl-formats';

/** A line of the order with where it stands: shipped, refunded, still to ship. */
type ProgressLine = LineProgress & { unit_amount: number; line_total: number };

function itemColumns(
  restockDates: ReadonlyMap<string, string | null> | undefined,
): readonly DataColumn<ProgressLine>[] {
  return [
    {
      title: 'Product',
      key: 'name',
      render: (line) => {
        // The mark of the units still waiting for stock (a backorder shipped is no longer one).
        const mark = backorderMark(
          { quantity: line.remaining, backordered: line.waiting },
          restockDates ? (restockDates.get(line.product_id) ?? null) : undefined,
        );
        return (
          <>
            {line.name}
            {mark && <div className="admin-muted">{mark}</div>}
          </>
        );
      },
    },
    {
      title: 'Unit price',
      key: 'unit',
      align: 'right',
      render: (line) => formatUsd(line.unit_amount),
    },
    { title: 'Qty', key: 'quantity', align: 'right', render: (line) => line.quantity },
    { title: 'Shipped', key: 'shipped', align: 'right', render: (line) => line.shipped },
    { title: 'Refunded', key: 'refunded', align: 'right', render: (line) => line.refunded },
    { title: 'To ship', key: 'remaining', align: 'right', render: (line) => line.remaining },
    {
      title: 'Line total',
      key: 'total',
      align: 'right',
      className: 'admin-cell--nowrap',
      render: (line) => formatUsd(line.line_total),
    },
  ];
}

/**
 * The order's payment dispute: while open, a warning that it cannot ship (updateOrderStatus
 * refuses too); once closed, its outcome. Answering it happens in the Stripe dashboard.
 */
function DisputeNotice({ dispute }: { dispute: OrderDispute }) {
  const status = disputeStatusLabel(dispute.status);
  const facts = `${formatUsd(dispute.amount)} disputed on ${businessDayFormat.format(dispute.opened_at)} (${disputeStatusLabel(dispute.reason)})`;
  return isOpenDisputeStatus(dispute.status) ? (
    <Alert
      type="warning"
      title={`Payment disputed: ${status}`}
      description={`${facts}. Do not ship until the dispute is resolved in Stripe.`}
    />
  ) : (
    <Alert
      type="info"
      role="status"
      title={`Payment dispute closed: ${status}`}
      description={`${facts}${dispute.closed_at ? `; closed on ${businessDayFormat.format(dispute.closed_at)}` : ''}.`}
    />
  );
}

/**
 * The manager's internal note of a refund: from order_notes (read only when the order has
 * refunds), or the one `reason` of a refund recorded before the notes were split ("for the
 * books"). The buyer never sees either: this is the managers' dashboard.
 */
function internalNoteOf(refund: RefundEntry, notes: OrderNotes | undefined): string | undefined {
  return notes?.refunds[refund.refund_id]?.internal_note || refund.reason || undefined;
}

/**
 * How the order is paid: its PO number, and for an order on terms its invoice (state, due date,
 * an Overdue tag while past due and unpaid, and Stripe's hosted page).
 */
export function OrderPayment({
  order,
}: {
  order: Pick<Order, 'po_number' | 'terms'> & Partial<Pick<Order, 'tax'>>;
}) {
  const { terms } = order;
  const tax = order.tax ?? null;
  // "Now" is when the details opened (a render reads no clock).
  const [now] = useState(() => Date.now());
  if (!order.po_number && !terms && !tax) return null;
  const overdue =
    terms !== null &&
    (terms.state === 'open' || terms.state === 'issuing') &&
    (terms.overdue || (terms.due_at !== null && terms.due_at.getTime() < now));
  return (
    <div>
      <strong>Payment</strong>
      <dl className="admin-order-payment">
        {tax && (
          <div>
            <dt>Sales tax</dt>
            <dd>{orderTaxPhrase(tax, formatUsd)}</dd>
          </div>
        )}
        {order.po_number && (
          <div>
            <dt>PO number</dt>
            <dd>{order.po_number}</dd>
          </div>
        )}
        {terms && (
          <>
            <div>
              <dt>Terms</dt>
              <dd>{termsLabel(terms.net_days)}</dd>
            </div>
            <div>
              <dt>Invoice</dt>
              <dd>
                <span className="admin-tags">
                  <Tag color={terms.state === 'paid' ? 'success' : 'blue'}>
                    {TERMS_INVOICE_STATE_LABELS[terms.state]}
                  </Tag>
                  {overdue && <Tag color="red">Overdue</Tag>}
                </span>
              </dd>
            </div>
            <div>
              <dt>Due</dt>
              <dd>{terms.due_at ? businessDayFormat.format(terms.due_at) : '—'}</dd>
            </div>
            {terms.hosted_invoice_url && (
              <div>
                <dt>Stripe</dt>
                <dd>
                  <a
                    href={terms.hosted_invoice_url}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`Invoice page${terms.invoice_number ? ` of ${terms.invoice_number}` : ''} (opens in a new tab)`}
                  >
                    Invoice page
                  </a>
                </dd>
              </div>
            )}
          </>
        )}
      </dl>
    </div>
  );
}

/**
 * What a refund by lines was made of: "2 × Dome Lids ($10.00, 1 not shipped, 1 restocked); tax
 * $0.83; shipping $5.00; goodwill $2.00". Null for a refund of an amount (no parts).
 */
function refundParts(order: Order, refund: RefundEntry): string | null {
  const names = new Map(order.items.map((item) => [item.product_id, item.name]));
  const parts = refund.lines.map((line) => {
    const notes = [
      formatUsd(line.amount),
      line.unshipped > 0 ? `${line.unshipped} not shipped` : null,
      line.restocked > 0 ? `${line.restocked} restocked` : null,
    ].filter(Boolean);
    return `${line.quantity} × ${names.get(line.product_id) ?? line.product_id} (${notes.join(', ')})`;
  });
  if (refund.tax > 0) parts.push(`tax ${formatUsd(refund.tax)}`);
  if (refund.shipping > 0) parts.push(`shipping ${formatUsd(refund.shipping)}`);
  if (refund.goodwill > 0) parts.push(`goodwill ${formatUsd(refund.goodwill)}`);
  return parts.length > 0 ? parts.join('; ') : null;
}

/**
 * The order's shipments, oldest first (an order shipped whole before shipments reads as one):
 * each with its number, day, what it carried, its tracking link and its own packing slip.
 */
function Shipments({ order }: { order: Order }) {
  const shipments = orderShipments(order);
  const label = shortOrderId(order.id);
  if (shipments.length === 0) {
    return (
      <>
        <strong>Shipments</strong>
        <p>
          <span className="admin-muted">Not shipped yet</span>
        </p>
      </>
    );
  }
  return (
    <>
      <strong>Shipments</strong>
      <ol className="admin-shipments" aria-label={`Shipments of order ${label}`}>
        {shipments.map((shipment) => (
          <li key={shipment.id}>
            <div>
              Shipment {shipment.number} · {businessDayFormat.format(shipment.shipped_at)}
            </div>
            <div className="admin-muted">{shipmentSummary(order, shipment.lines)}</div>
            <div>
              {/* The order schema stores carriers of CARRIERS only; the domain reads them as text. */}
              <TrackingLink shipment={{ ...shipment, carrier: shipment.carrier as Carrier }} />
            </div>
            <a
              href={`${routePath('packingSlip', { orderId: order.id })}?shipment=${encodeURIComponent(shipment.id)}`}
              target="_blank"
              rel="noopener"
              aria-label={`Packing slip of shipment ${shipment.number} of order ${label} (opens in a new tab)`}
            >
              Packing slip
            </a>
          </li>
        ))}
      </ol>
    </>
  );
}

/** Ship-to, shipments, refunds, a payment dispute and the print pages of one order. */
function OrderFulfilment({ order }: { order: Order }) {
  const label = shortOrderId(order.id);
  const notes = useOrderNotes(order.id, order.refunds.length > 0);
  return (
    <div className="admin-fulfilment" aria-label={`Fulfilment of order ${label}`} role="group">
      {order.dispute && <DisputeNotice dispute={order.dispute} />}
      <OrderPayment order={order} />
      <div>
        <strong>Ship to</strong>
        {order.ship_to ? (
          <ShipToAddress shipTo={order.ship_to} />
        ) : (
          <p className="admin-muted">No ship-to address on this order.</p>
        )}
      </div>
      <div>
        <Shipments order={order} />
        {order.refunds.length > 0 && (
          <>
            <strong>Refunds</strong> <RefundedTag cents={order.refunded_amount} />
            <ul className="admin-refunds">
              {order.refunds.map((refund) => {
                const internal = internalNoteOf(refund, notes.data);
                const parts = refundParts(order, refund);
                return (
                  <li key={refund.refund_id}>
                    {formatUsd(refund.amount)} on {businessDayFormat.format(refund.at)}
                    {refund.customer_note ? ` (${refund.customer_note})` : ''}
                    {parts && <div className="admin-muted">{parts}</div>}
                    {internal && <div className="admin-muted">Internal note: {internal}</div>}
                  </li>
                );
              })}
            </ul>
          </>
        )}
      </div>
      <div className="admin-fulfilment__links">
        {order.invoice_number && (
          <a
            href={routePath('adminInvoice', { orderId: order.id })}
            target="_blank"
            rel="noopener"
            aria-label={`Invoice ${order.invoice_number} of order ${label} (opens in a new tab)`}
          >
            Invoice {order.invoice_number}
          </a>
        )}
        <a
          href={routePath('packingSlip', { orderId: order.id })}
          target="_blank"
          rel="noopener"
          aria-label={`Packing slip of order ${label} (opens in a new tab)`}
        >
          Packing slip
        </a>
      </div>
    </div>
  );
}

/**
 * One order in full (its expanded row or phone card): a search row carries no ship-to, shipment,
 * refunds or lines, so the order is read when it is opened.
 */
export function OrderDetails({ orderId }: { orderId: string }) {
  const order = useOrder(orderId);
  const label = shortOrderId(orderId);
  if (order.isPending) {
    return (
      <div role="status" aria-label={`Loading order ${label}`}>
        <TextSkeleton rows={3} />
      </div>
    );
  }
  if (order.isError || !order.data) {
    return (
      <Alert
        type="error"
        title={order.isError ? `Could not load order ${label}.` : `Order ${label} was not found.`}
        action={
          order.isError ? (
            <Button size="small" onClick={() => void order.refetch()}>
              Retry
            </Button>
          ) : undefined
        }
      />
    );
  }
  return <LoadedOrderDetails order={order.data} />;
}

function LoadedOrderDetails({ order }: { order: Order }) {
  const label = shortOrderId(order.id);
  const lines = useMemo(() => {
    const items = new Map(order.items.map((item) => [item.product_id, item]));
    return lineProgress(order).map((line): ProgressLine => ({
      ...line,
      unit_amount: items.get(line.product_id)?.unit_amount ?? 0,
      line_total: items.get(line.product_id)?.line_total ?? 0,
    }));
  }, [order]);
  const restockDates = useRestockDates(lines.some((line) => line.waiting > 0));
  const columns = useMemo(() => itemColumns(restockDates), [restockDates]);
  return (
    <div className="admin-order-details">
      <OrderFulfilment order={order} />
      <DataTable<ProgressLine>
        size="small"
        label={`Items of order ${label}`}
        rowKey={(line) => line.product_id}
        rows={lines}
        columns={columns}
      />
    </div>
  );
}

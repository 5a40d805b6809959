import {
  disputeStatusLabel,
  formatUsd,
  isOpenDisputeStatus,
  orderTaxPhrase,
  routePath,
  shortOrderId,
  TERMS_INVOICE_STATE_LABELS,
  termsLabel,
  type Order,
  type OrderDispute,
  type OrderLine,
  type OrderNotes,
  type RefundEntry,
} from '@portal/domain';
import { useState } from 'react';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Tag } from '@/components/tag';
import { TextSkeleton } from '@/components/skeleton';
import { RefundedTag, ShipToAddress, TrackingLink } from '@/components/order-fulfilment';
import { useOrder, useOrderNotes } from '@/entities/orders';
import { DataTable, type DataColumn } from '@/components/table/data-table';
import '../common/admin-tables.css';

const dayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

const ITEM_COLUMNS: readonly DataColumn<OrderLine>[] = [
  { title: 'Product', key: 'name', render: (line) => line.name },
  {
    title: 'Unit price',
    key: 'unit',
    align: 'right',
    render: (line) => formatUsd(line.unit_amount),
  },
  { title: 'Qty', key: 'quantity', align: 'right', render: (line) => line.quantity },
  {
    title: 'Line total',
    key: 'total',
    align: 'right',
    className: 'admin-cell--nowrap',
    render: (line) => formatUsd(line.line_total),
  },
];

/**
 * The order's payment dispute: while open, a warning that it cannot ship (updateOrderStatus
 * refuses too); once closed, its outcome. Answering it happens in the Stripe dashboard.
 */
function DisputeNotice({ dispute }: { dispute: OrderDispute }) {
  const status = disputeStatusLabel(dispute.status);
  const facts = `${formatUsd(dispute.amount)} disputed on ${dayFormat.format(dispute.opened_at)} (${disputeStatusLabel(dispute.reason)})`;
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
      description={`${facts}${dispute.closed_at ? `; closed on ${dayFormat.format(dispute.closed_at)}` : ''}.`}
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
              <dd>{terms.due_at ? dayFormat.format(terms.due_at) : '—'}</dd>
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

/** Ship-to, shipment, refunds, a payment dispute and the print pages of one order. */
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
        <strong>Shipment</strong>
        <p>
          {order.shipment ? (
            <TrackingLink shipment={order.shipment} />
          ) : (
            <span className="admin-muted">Not shipped yet</span>
          )}
        </p>
        {order.refunds.length > 0 && (
          <>
            <strong>Refunds</strong> <RefundedTag cents={order.refunded_amount} />
            <ul className="admin-refunds">
              {order.refunds.map((refund) => {
                const internal = internalNoteOf(refund, notes.data);
                return (
                  <li key={refund.refund_id}>
                    {formatUsd(refund.amount)} on {dayFormat.format(refund.at)}
                    {refund.customer_note ? ` (${refund.customer_note})` : ''}
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
  const full = order.data;
  return (
    <div className="admin-order-details">
      <OrderFulfilment order={full} />
      <DataTable<OrderLine>
        size="small"
        label={`Items of order ${label}`}
        rowKey={(line) => line.product_id}
        rows={full.items}
        columns={ITEM_COLUMNS}
      />
    </div>
  );
}

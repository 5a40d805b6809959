import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import {
  backorderMark,
  formatUsd,
  lineProgress,
  orderShipments,
  planLineRefund,
  shipmentSummary,
  type LineProgress,
  type Order,
  type ShipmentEntry,
  type ShipmentLike,
} from '@portal/domain';
import { Button } from '@/components/button';
import { ConfirmPopover } from '@/components/confirm-popover';
import { TrackingLink } from '@/components/order-fulfilment';
import { SaveListDialog } from '@/entities/order-lists/save-list';
import { orderKeys } from '@/entities/orders';
import { callCancelBackorderedLine } from '@/lib/callables';
import { errorMessage, useNotify } from '@/lib/notify';
import OrderSummaryRows from './order-summary-rows';
import { OrderClaims } from './order-claims';
import './order-details.css';
import { businessDayFormat } from '@/lib/intl-formats';

/** The words of a buyer's cancellation of a backordered line. */
export const CANCEL_BACKORDER_TEXTS = {
  button: 'Cancel backordered items',
  title: (line: Pick<LineProgress, 'name' | 'waiting'>, refund: number | null) =>
    `Cancel the ${line.waiting} backordered ${line.name}${refund === null ? '' : ` and refund ${formatUsd(refund)}`}?`,
  description:
    'The refund goes back to how the order was paid. Units already shipped stay shipped.',
  ok: 'Cancel items',
  keep: 'Keep them',
  done: (line: Pick<LineProgress, 'name' | 'waiting'>) =>
    `The ${line.waiting} backordered ${line.name} are cancelled and refunded.`,
} as const;

/**
 * An opened order on My Account: its lines (with what is backordered of each and what was
 * refunded of it), the subtotal and sales tax, the shipments with their tracking, and for a
 * member who orders (an owner or a buyer: not a viewer) the cancellation of the backordered units
 * still waiting for stock; its claims, and Report a problem while the claim window is open (an
 * owner or a buyer). A lazy part of the order card: opening an order loads it.
 */
export default function OrderDetails({
  order,
  id,
  label,
  canOrder,
  orderHref,
}: {
  order: Order;
  /** The list's id, which the card's Show items button controls. */
  id: string;
  /** "#abc12345". */
  label: string;
  canOrder: boolean;
  /** My Account with another order open (a replacement order). */
  orderHref: (orderId: string) => string;
}) {
  const progress = new Map(lineProgress(order).map((line) => [line.product_id, line]));
  // The rules read a carrier as any string; the order's are the schema's carriers.
  const shipments = orderShipments(order) as (ShipmentLike<Date> &
    Pick<ShipmentEntry, 'carrier'>)[];
  return (
    <>
      <ul id={id} className="order-card__lines" aria-label={`Items of order ${label}`}>
        {order.items.map((line) => {
          const state = progress.get(line.product_id);
          // Marked while units still wait for stock: once they shipped (or were cancelled), the
          // line is an ordinary line again.
          const mark =
            state && state.waiting > 0
              ? backorderMark({ quantity: line.quantity, backordered: state.waiting })
              : null;
          return (
            <li key={line.product_id} className="order-line">
              <img
                src={line.image_url}
                alt=""
                loading="lazy"
                width={48}
                height={48}
                className="order-line__image"
              />
              <span className="order-line__name">{line.name}</span>
              <span className="order-line__qty">
                {line.quantity} × {formatUsd(line.unit_amount)}
              </span>
              <span className="order-line__total">{formatUsd(line.line_total)}</span>
              {(mark || (state && state.refunded > 0)) && (
                <span className="order-line__notes">
                  {mark && <span className="order-line__backorder">{mark}</span>}
                  {state && state.refunded > 0 && <span>{state.refunded} refunded</span>}
                </span>
              )}
              {canOrder && state && state.waiting > 0 && (
                <CancelBackorder order={order} line={state} />
              )}
            </li>
          );
        })}
        <OrderSummaryRows order={order} />
      </ul>
      {shipments.length > 0 && (
        <section className="order-shipments" aria-label={`Shipments of order ${label}`}>
          <h3 className="order-shipments__title">Shipments</h3>
          <ol className="order-shipments__list">
            {shipments.map((shipment) => (
              <li key={shipment.id} className="order-shipment">
                <span className="order-shipment__head">
                  <strong>Shipment {shipment.number}</strong>
                  <span>{businessDayFormat.format(shipment.shipped_at)}</span>
                </span>
                <span className="order-shipment__lines">
                  {shipmentSummary(order, shipment.lines)}
                </span>
                <TrackingLink shipment={shipment} />
              </li>
            ))}
          </ol>
        </section>
      )}
      {canOrder && <SaveAsList order={order} label={label} />}
      <OrderClaims order={order} label={label} canOrder={canOrder} orderHref={orderHref} />
    </>
  );
}

/**
 * Save as list (docs/product.md, Order lists): the order's products and quantities as a new list
 * of the company's, named in a lazy dialog.
 */
function SaveAsList({ order, label }: { order: Order; label: string }) {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  return (
    <div className="order-details__save">
      <Button
        size="small"
        aria-label={`Save as list: order ${label}`}
        onMouseEnter={() => void SaveListDialog.preload()}
        onClick={() => setOpen(true)}
      >
        Save as list
      </Button>
      {open && <SaveListDialog items={order.items} onClose={close} />}
    </div>
  );
}

/**
 * Cancel backordered items, with a confirmation naming the units and the refund they would bring
 * (their price and share of the tax, as the manager's refund by lines prices them; the server
 * prices the real refund). No refund is named when none can be priced here (an unpaid invoice).
 */
function CancelBackorder({ order, line }: { order: Order; line: LineProgress }) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: () =>
      callCancelBackorderedLine({
        orderId: order.id,
        productId: line.product_id,
        requestId: crypto.randomUUID(),
      }),
    onSuccess: () => {
      notify.success('Backorder cancelled', CANCEL_BACKORDER_TEXTS.done(line));
      return queryClient.invalidateQueries({ queryKey: orderKeys.ofCompany(order.company_id) });
    },
  });
  const priced = planLineRefund(order, {
    lines: [{ product_id: line.product_id, quantity: line.waiting, restock: line.waiting }],
    shipping: 0,
    goodwill: 0,
  });
  const refund = 'plan' in priced ? priced.plan.amount : null;
  return (
    <div className="order-line__cancel">
      <ConfirmPopover
        title={CANCEL_BACKORDER_TEXTS.title(line, refund)}
        description={CANCEL_BACKORDER_TEXTS.description}
        okText={CANCEL_BACKORDER_TEXTS.ok}
        cancelText={CANCEL_BACKORDER_TEXTS.keep}
        okDanger
        onConfirm={() => cancel.mutate()}
      >
        {(trigger) => (
          <Button
            {...trigger}
            size="small"
            danger
            loading={cancel.isPending}
            aria-label={`${CANCEL_BACKORDER_TEXTS.button}: ${line.name}`}
          >
            {CANCEL_BACKORDER_TEXTS.button}
          </Button>
        )}
      </ConfirmPopover>
      {cancel.isError && (
        <p className="order-line__error" role="alert">
          {errorMessage(cancel.error)}
        </p>
      )}
    </div>
  );
}

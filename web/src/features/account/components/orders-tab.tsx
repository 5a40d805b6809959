import { DownOutlined, RedoOutlined, ReloadOutlined, UpOutlined } from '@/components/icons';
import { Button } from '@/components/button';
import type { UseQueryResult } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '@/components/alert';
import { compareText, formatUsd, routePath, shortOrderId, type Order } from '@portal/domain';
import { RefundedTag, TrackingLink } from '@/components/order-fulfilment';
import { OrderStatusTag } from '@/components/order-status-tag';
import { paths } from '@/config/paths';
import { useNotify } from '@/lib/notify';
import { useReorder } from '../api/use-reorder';
import { ACCOUNT_TOASTS } from './account-toasts';
import { OrderTermsFacts } from './order-terms';
import { TextSkeleton } from '@/components/skeleton';
import { businessDayFormat } from '@/lib/intl-formats';

const OrderDetails = lazy(() => import('./order-details'));
const LocationFilter = lazy(() =>
  import('./location-filter').then((module) => ({ default: module.LocationFilter })),
);

/** The URL parameter of the order a link opens (the confirmation mail's "Open the order"). */
export const LINKED_ORDER_PARAM = 'order';

/** The address of My Account with an order open (a claim's order, a replacement order). */
export function linkedOrderPath(orderId: string): string {
  return `${paths.account}?${LINKED_ORDER_PARAM}=${encodeURIComponent(orderId)}`;
}
/** Order ids: checkout ids, and a replacement order's `${claimId}-replacement`. */
const ORDER_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The words of the notice above the list when a link names an order (docs/order-lifecycle.md). */
export const LINKED_ORDER_TEXTS = {
  found: (label: string) => `Order ${label} from your email is open below.`,
  missing: (label: string) => `Order ${label} isn't among this account's orders.`,
  missingText:
    'It may have been placed with another account: sign in with that account to see it. The orders of this account are listed below.',
} as const;

function LinkedOrderNotice({ orderId, found }: { orderId: string; found: boolean }) {
  const label = shortOrderId(orderId);
  return found ? (
    <Alert
      className="account-notice"
      type="info"
      role="status"
      title={LINKED_ORDER_TEXTS.found(label)}
    />
  ) : (
    <Alert
      className="account-notice"
      type="warning"
      title={LINKED_ORDER_TEXTS.missing(label)}
      description={LINKED_ORDER_TEXTS.missingText}
    />
  );
}

export function OrdersTab({
  uid,
  orders,
  canOrder,
}: {
  uid: string;
  orders: UseQueryResult<Order[]>;
  /** False for a viewer: no Reorder. */
  canOrder: boolean;
}) {
  const notify = useNotify();
  const navigate = useNavigate();
  const reorder = useReorder(uid);
  const [params] = useSearchParams();
  // The company's orders can be narrowed to one of its locations ('' = every location).
  const [locationFilter, setLocationFilter] = useState('');
  const raw = params.get(LINKED_ORDER_PARAM);
  // A buyer reads only their own orders: an order of another account is simply not in the list.
  const linked = raw && ORDER_ID.test(raw) ? raw : null;

  function reorderOrder(order: Order) {
    reorder.mutate(order.items, {
      onSuccess: ({ added, skipped }) => {
        if (added.length === 0) {
          notify.info('Reorder', 'None of the products in this order are available anymore.');
          return;
        }
        if (skipped.length > 0) {
          notify.info('Reorder', `No longer available, not added: ${skipped.join(', ')}.`);
        }
        navigate(paths.cart);
      },
      onError: () => notify.error(...ACCOUNT_TOASTS.unexpected),
    });
  }

  // The empty state only for a list that has been read: while a read is on its way (the first,
  // or a cached empty list refreshed after a payment) the loading state shows, never both.
  const reading =
    orders.isPending || (!orders.isError && orders.isFetching && (orders.data?.length ?? 0) === 0);
  if (reading) {
    return (
      <div role="status" aria-busy="true" aria-label="Loading orders" className="account-list">
        {[0, 1, 2].map((index) => (
          <div key={index} className="account-card">
            <TextSkeleton rows={1} />
          </div>
        ))}
      </div>
    );
  }
  if (orders.isError) {
    return (
      <div className="account-state" role="alert">
        <h2>{ACCOUNT_TOASTS.load[1]}</h2>
        <Button icon={<ReloadOutlined />} onClick={() => void orders.refetch()}>
          Try Again
        </Button>
      </div>
    );
  }
  const notice = linked ? (
    <LinkedOrderNotice orderId={linked} found={orders.data.some((o) => o.id === linked)} />
  ) : null;
  if (orders.data.length === 0) {
    return (
      <div className="account-state">
        {notice}
        <h2>No orders yet</h2>
        <p>Your orders will show up here once you check out.</p>
        <Link to={paths.store} className="account-link-button">
          Start Shopping
        </Link>
      </div>
    );
  }
  const locations = locationsOf(orders.data);
  const shown = locationFilter
    ? orders.data.filter((order) => order.location_id === locationFilter)
    : orders.data;
  return (
    <>
      {notice}
      {locations.length > 1 && (
        <Suspense fallback={null}>
          <LocationFilter
            locations={locations}
            value={locationFilter}
            onChange={setLocationFilter}
          />
        </Suspense>
      )}
      <ul className="account-list" aria-label="Order history">
        {shown.map((order) => (
          <OrderCard
            key={order.id}
            order={order}
            linked={order.id === linked}
            reordering={reorder.isPending && reorder.variables === order.items}
            onReorder={canOrder ? () => reorderOrder(order) : undefined}
            canOrder={canOrder}
          />
        ))}
      </ul>
    </>
  );
}

/** The locations the orders went to, as [id, name] by name (the name of its latest order). */
function locationsOf(orders: readonly Order[]): [string, string][] {
  const names = new Map<string, string>();
  for (const order of orders) {
    if (order.location_id && !names.has(order.location_id)) {
      names.set(order.location_id, order.location_name || 'Unnamed location');
    }
  }
  return [...names].sort((a, b) => compareText(a[1], b[1]));
}

function OrderCard({
  order,
  linked,
  reordering,
  onReorder,
  canOrder,
}: {
  order: Order;
  /** The order a link points at: it starts open, marked, and is scrolled to once. */
  linked: boolean;
  reordering: boolean;
  /** Absent for a member who may not order. */
  onReorder: (() => void) | undefined;
  /** False for a viewer: no cancelling of backordered items. */
  canOrder: boolean;
}) {
  const [open, setOpen] = useState(linked);
  const ref = useRef<HTMLLIElement | null>(null);
  const scrolled = useRef(false);
  useEffect(() => {
    if (!linked || scrolled.current || !ref.current) return;
    scrolled.current = true;
    ref.current.scrollIntoView?.({ block: 'center' });
  }, [linked]);
  const itemsId = `order-${order.id}-items`;
  const count = order.items.reduce((sum, line) => sum + line.quantity, 0);
  const label = shortOrderId(order.id);
  return (
    <li
      ref={ref}
      className={linked ? 'account-card order-card order-card--linked' : 'account-card order-card'}
      aria-label={`Order ${label}`}
    >
      <div className="order-card__summary">
        <div className="order-card__id">
          <strong>{label}</strong>
          <span className="order-card__date">{businessDayFormat.format(order.created_at)}</span>
        </div>
        <span className="order-card__status">
          <OrderStatusTag status={order.status} />
          <RefundedTag cents={order.refunded_amount} />
        </span>
        <span className="order-card__amount">{formatUsd(order.amount)}</span>
      </div>
      {order.replacement_for && (
        <p className="order-card__who">
          <span>
            Replacement for order {shortOrderId(order.replacement_for.order_id)}, at no charge
          </span>
        </p>
      )}
      {(order.location_name || order.placed_by_name) && (
        <p className="order-card__who">
          {order.location_name && <span>For {order.location_name}</span>}
          {order.placed_by_name && <span>Placed by {order.placed_by_name}</span>}
        </p>
      )}
      {(order.status === 'pending' ||
        order.shipment ||
        order.invoice_number ||
        order.po_number ||
        order.terms) && (
        <div className="order-card__fulfilment">
          {order.status === 'pending' && (
            <span className="order-card__hint">Payment processing</span>
          )}
          <OrderTermsFacts order={order} invoice={`of order ${label}`} />
          {order.shipments.length > 1 ? (
            <span>{order.shipments.length} shipments</span>
          ) : (
            order.shipment && <TrackingLink shipment={order.shipment} />
          )}
          {order.invoice_number && (
            <Link
              to={routePath('invoice', { orderId: order.id })}
              aria-label={`Invoice ${order.invoice_number} of order ${label}`}
            >
              Invoice {order.invoice_number}
            </Link>
          )}
        </div>
      )}
      <div className="order-card__actions">
        <Button
          type="link"
          onClick={() => setOpen((value) => !value)}
          aria-expanded={open}
          aria-controls={itemsId}
          icon={open ? <UpOutlined /> : <DownOutlined />}
          iconPlacement="end"
        >
          {open ? 'Hide items' : `Show ${count} ${count === 1 ? 'item' : 'items'}`}
        </Button>
        {onReorder && (
          <Button
            icon={<RedoOutlined />}
            onClick={onReorder}
            loading={reordering}
            aria-label={`Reorder ${label}`}
          >
            Reorder
          </Button>
        )}
      </div>
      {open && (
        <Suspense fallback={<TextSkeleton rows={2} />}>
          <OrderDetails
            order={order}
            id={itemsId}
            label={label}
            canOrder={canOrder}
            orderHref={linkedOrderPath}
          />
        </Suspense>
      )}
    </li>
  );
}

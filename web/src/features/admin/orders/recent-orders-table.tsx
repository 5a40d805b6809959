import {
  formatCount,
  formatUsd,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  ROLE_LABELS,
  routePath,
  shortOrderId,
  TABLE_EXPORT_MAX,
  type OrderRow,
  type OrderSortField,
  type OrderStatus,
} from '@portal/domain';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { RefundedTag } from '@/components/order-fulfilment';
import { useExportSearchOrders, useSearchOrders } from '../common/search';
import { useTableParams } from '@/components/table/use-table-params';
import { buildOrdersCsv } from './orders-csv';
import type { TableSpec, TableState } from '@/components/table/table-params';
import { useScrollIntoViewOnce, type DataColumn } from '@/components/table/data-table';
import { OrderDetails } from './order-details';
import { OrderStatusActions } from './order-status-actions';
import { AdminOrderStatusTag } from '../common/order-status-tag';
import {
  ServerTable,
  sortableColumn,
  type PhoneSort,
  type ServerTableTexts,
} from '@/components/table/server-table';
import '../common/admin-tables.css';
import { dateFormatter } from '@/lib/intl-formats';

/** What the Orders tab reads from its URL (sort names: date, amount, store). */
export const ORDERS_TABLE: TableSpec<OrderStatus, OrderSortField> = {
  statuses: ORDER_STATUSES,
  sorts: { date: 'created_at', amount: 'amount', store: 'store_name' },
  defaultSort: 'created_at',
};
type OrdersState = TableState<OrderStatus, OrderSortField>;

export const ORDERS_TRUNCATED_TEXT = `Only the first ${formatCount(TABLE_EXPORT_MAX)} orders were exported; narrow the filter.`;

const PAYMENT_TYPE_LABEL: Readonly<Record<string, string>> = {
  one_time: 'One-time',
  subscription: 'Subscription',
};
const paymentTypeLabel = (type: string) => PAYMENT_TYPE_LABEL[type] ?? type;

const dateFormat = dateFormatter({ dateStyle: 'medium', timeStyle: 'short' });
const formatDate = (iso: string) => dateFormat.format(new Date(iso));

/** The store, linked to its company's page, with the buyer's email and role below. */
function StoreCell({ row }: { row: OrderRow }) {
  const below = [row.email, row.role ? ROLE_LABELS[row.role] : null].filter(Boolean).join(' · ');
  return (
    <div className="admin-store-cell">
      <Link to={routePath('adminCompany', { companyId: row.companyId })}>{row.storeName}</Link>
      {below && <div className="admin-muted">{below}</div>}
    </div>
  );
}

function InvoiceLink({ row }: { row: OrderRow }) {
  if (!row.invoiceNumber) return <span className="admin-muted">—</span>;
  return (
    <a
      href={routePath('adminInvoice', { orderId: row.id })}
      target="_blank"
      rel="noopener"
      aria-label={`Invoice ${row.invoiceNumber} of order ${shortOrderId(row.id)} (opens in a new tab)`}
    >
      {row.invoiceNumber}
    </a>
  );
}

function StatusCell({ row }: { row: OrderRow }) {
  return (
    <span className="admin-tags">
      <AdminOrderStatusTag status={row.status} />
      <RefundedTag cents={row.refundedAmount} />
    </span>
  );
}

function columnsOf(state: OrdersState): DataColumn<OrderRow>[] {
  return [
    {
      title: 'Order',
      key: 'id',
      className: 'admin-cell--nowrap',
      render: (row) => <code className="admin-code">{shortOrderId(row.id)}</code>,
    },
    {
      title: 'Date',
      key: 'date',
      ...sortableColumn(state, 'created_at', 'descend'),
      render: (row) => formatDate(row.createdAt),
    },
    {
      title: 'Store',
      key: 'store',
      ...sortableColumn(state, 'store_name', 'ascend'),
      render: (row) => <StoreCell row={row} />,
    },
    {
      title: 'Amount',
      key: 'amount',
      align: 'right',
      className: 'admin-cell--nowrap',
      ...sortableColumn(state, 'amount', 'descend'),
      render: (row) => formatUsd(row.amount),
    },
    {
      title: 'Type',
      key: 'type',
      className: 'admin-cell--nowrap',
      render: (row) => paymentTypeLabel(row.paymentType),
    },
    { title: 'Status', key: 'status', render: (row) => <StatusCell row={row} /> },
    {
      title: 'Invoice',
      key: 'invoice',
      className: 'admin-cell--nowrap',
      render: (row) => <InvoiceLink row={row} />,
    },
    {
      title: 'Actions',
      key: 'actions',
      // A set width lets the buttons wrap instead of pushing the table past the screen.
      width: 240,
      render: (row) => <OrderStatusActions order={row} />,
    },
  ];
}

/** An order on a phone: a card instead of a table row that would need sideways scrolling. */
function OrderCard({ row, focused = false }: { row: OrderRow; focused?: boolean }) {
  // The order a link points at starts open, marked, and scrolled to.
  const [open, setOpen] = useState(focused);
  const ref = useScrollIntoViewOnce<HTMLElement>(focused);
  return (
    <article
      ref={ref}
      className={focused ? 'admin-card admin-card--focus' : 'admin-card'}
      aria-label={`Order ${shortOrderId(row.id)}`}
    >
      <div className="admin-card__top">
        <StoreCell row={row} />
        <span>
          <StatusCell row={row} />
        </span>
      </div>
      <div className="admin-card__meta">
        <span>{formatDate(row.createdAt)}</span>
        <span>{shortOrderId(row.id)}</span>
        <span>{paymentTypeLabel(row.paymentType)}</span>
        <span>
          {row.itemCount} item{row.itemCount === 1 ? '' : 's'}
        </span>
        <InvoiceLink row={row} />
      </div>
      <div className="admin-card__amount">{formatUsd(row.amount)}</div>
      <div className="admin-card__details">
        <Button type="link" size="small" onClick={() => setOpen(!open)} aria-expanded={open}>
          {open ? 'Hide details' : 'Show details'}
        </Button>
        {open && <OrderDetails orderId={row.id} />}
      </div>
      <OrderStatusActions order={row} />
    </article>
  );
}

/** The sort on phones, where there are no column headers to click. */
const PHONE_SORTS: PhoneSort<OrderSortField>[] = [
  { value: 'created_at:desc', label: 'Newest first' },
  { value: 'created_at:asc', label: 'Oldest first' },
  { value: 'amount:desc', label: 'Amount, high to low' },
  { value: 'amount:asc', label: 'Amount, low to high' },
  { value: 'store_name:asc', label: 'Store, A to Z' },
  { value: 'store_name:desc', label: 'Store, Z to A' },
];

const statusOptions = ORDER_STATUSES.map((status) => ({
  value: status,
  label: ORDER_STATUS_LABELS[status],
}));

const TEXTS: ServerTableTexts = {
  searchPlaceholder: 'Search store, email, order or invoice number',
  rangeLabel: 'Order dates',
  none: 'No orders yet',
  noMatch: 'No orders match these filters.',
  loadError: 'Could not load orders',
  truncated: ORDERS_TRUNCATED_TEXT,
  exportEmptyTitle: 'No Orders',
  exported: (count) => `Exported ${count} order${count === 1 ? '' : 's'}.`,
  exportFailed: 'Failed to export orders',
};

/** The URL parameter of the order a link opens (the new-order mail's "Open the order"). */
export const LINKED_ORDER_PARAM = 'order';

/**
 * An order id as a link may carry it: Firestore's ids are letters and digits; a claim's
 * replacement order is `<claimId>-replacement` (the Claims tab's "Open replacement order").
 */
const ORDER_ID = /^[A-Za-z0-9_-]{1,80}$/;

/**
 * The order a link points at (?order=<id>): the table searches for it (its id is one of its
 * search keys), so it is found whatever page it would be on; the row starts expanded and is
 * scrolled to, and a notice says what happened, or that no such order exists.
 */
function useLinkedOrder(
  q: string,
  update: (change: { q: string }, o: { replace: boolean }) => void,
) {
  const [params, setParams] = useSearchParams();
  const raw = params.get(LINKED_ORDER_PARAM);
  const linked = raw && ORDER_ID.test(raw) ? raw : null;
  // The search follows the link once, when the table opens on it with no search of its own.
  useEffect(() => {
    if (linked && q === '') update({ q: linked }, { replace: true });
    // Only when the link changes: a search the manager types afterwards is theirs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [linked]);
  const showing = linked !== null && q.toLowerCase() === linked.toLowerCase();
  const showAll = () =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      next.delete(LINKED_ORDER_PARAM);
      next.delete('q');
      next.delete('page');
      return next;
    });
  return { linked: showing ? linked : null, showAll };
}

function LinkedOrderNotice({
  orderId,
  found,
  onShowAll,
}: {
  orderId: string;
  found: boolean;
  onShowAll: () => void;
}) {
  const label = shortOrderId(orderId);
  const action = (
    <Button size="small" onClick={onShowAll}>
      Show all orders
    </Button>
  );
  return found ? (
    <Alert
      className="table-alert"
      type="info"
      role="status"
      title={`Order ${label} from your link is open below.`}
      action={action}
    />
  ) : (
    <Alert
      className="table-alert"
      type="warning"
      title={`No order ${label} was found.`}
      description="The link may be incomplete, or the order was removed. Search by store, email, order or invoice number."
      action={action}
    />
  );
}

/**
 * Every order, searched, filtered, sorted and paged by the searchOrders function; all of it in
 * the URL (?q=&status=&role=&from=&to=&sort=&dir=&page=&size=), so a link or Back shows the same
 * table. Export CSV downloads every order of the filter. `after` follows it once the first page
 * has been read. ?order=<id> (the new-order mail's link) opens that order (useLinkedOrder).
 */
export function RecentOrdersTable({ after }: { after?: ReactNode }) {
  const params = useTableParams(ORDERS_TABLE);
  const search = useSearchOrders(params.request);
  const exporter = useExportSearchOrders();
  const { linked, showAll } = useLinkedOrder(params.state.q, params.update);
  const rows = search.data?.rows;
  const found = linked !== null && (rows ?? []).some((row) => row.id === linked);
  const notice =
    linked !== null && rows && !search.isFetching ? (
      <LinkedOrderNotice orderId={linked} found={found} onShowAll={showAll} />
    ) : null;
  return (
    <ServerTable
      title="Recent Orders"
      titleId="recent-orders-title"
      texts={TEXTS}
      params={params}
      query={search}
      statusOptions={statusOptions}
      phoneSorts={PHONE_SORTS}
      columns={columnsOf(params.state)}
      rowKey="id"
      card={OrderCard}
      focusKey={linked}
      notice={notice}
      tableProps={{
        size: 'middle',
        expandable: {
          // The expand buttons' column is named for screen readers (it shows no heading).
          columnTitle: <span className="visually-hidden">Details</span>,
          render: (row) => <OrderDetails orderId={row.id} />,
          label: (row) => `Details of order ${shortOrderId(row.id)}`,
        },
      }}
      csv={{ mutation: exporter, kind: 'orders', buildCsv: buildOrdersCsv }}
      after={after}
    />
  );
}

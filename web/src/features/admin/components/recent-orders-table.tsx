import {
  BUYER_ROLES,
  formatUsd,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  ROLE_LABELS,
  routePath,
  shortOrderId,
  TABLE_EXPORT_MAX,
  TABLE_PAGE_SIZES,
  type OrderRow,
  type OrderSortField,
  type OrderStatus,
  type SearchOrdersRequest,
} from '@portal/domain';
import {
  Alert,
  Button,
  Card,
  Grid,
  Pagination,
  Select,
  Skeleton,
  Table,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { RefundedTag } from '@/components/order-fulfilment';
import { useNotify } from '@/lib/notify';
import { useExportSearchOrders, useSearchOrders } from '../api/search';
import { useTableParams } from '../hooks/use-table-params';
import { exportFileName } from '../utils/csv';
import { downloadTextFile } from '../utils/download-file';
import { buildOrdersCsv } from '../utils/orders-csv';
import { isFiltered, type TableSpec, type TableState } from '../utils/table-params';
import { OrderDetails } from './order-details';
import { OrderStatusActions } from './order-status-actions';
import { AdminOrderStatusTag } from './order-status-tag';
import { TableEmpty, TableError } from './table-states';
import { IgnoredParamsAlert, TableToolbar } from './table-toolbar';
import { useFetchErrorToast } from './use-fetch-error-toast';

/** What the Orders tab reads from its URL (sort names: date, amount, store). */
export const ORDERS_TABLE: TableSpec<OrderStatus, OrderSortField> = {
  statuses: ORDER_STATUSES,
  sorts: { date: 'created_at', amount: 'amount', store: 'store_name' },
  defaultSort: 'created_at',
};
type OrdersState = TableState<OrderStatus, OrderSortField>;

export const ORDERS_TRUNCATED_TEXT = `Only the first ${TABLE_EXPORT_MAX.toLocaleString('en-US')} orders were exported; narrow the filter.`;

const PAYMENT_TYPE_LABEL: Readonly<Record<string, string>> = {
  one_time: 'One-time',
  subscription: 'Subscription',
};
const paymentTypeLabel = (type: string) => PAYMENT_TYPE_LABEL[type] ?? type;

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const formatDate = (iso: string) => dateFormat.format(new Date(iso));

/** The filter of the table (what the export sends too). */
function filterOf(state: OrdersState): SearchOrdersRequest {
  return {
    q: state.q,
    status: state.status,
    role: state.role,
    range: state.range,
    sort: state.sort,
    direction: state.direction,
  };
}

/** The store, linked to its store page, with the buyer's email and role below. */
function StoreCell({ row }: { row: OrderRow }) {
  const below = [row.email, row.role ? ROLE_LABELS[row.role] : null].filter(Boolean).join(' · ');
  return (
    <div className="admin-store-cell">
      <Link to={routePath('adminStore', { uid: row.userId })}>{row.storeName}</Link>
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
    <>
      <AdminOrderStatusTag status={row.status} />
      <RefundedTag cents={row.refundedAmount} />
    </>
  );
}

const antOrder = (state: OrdersState, field: OrderSortField) =>
  state.sort === field ? (state.direction === 'asc' ? 'ascend' : 'descend') : null;

function columnsOf(state: OrdersState): TableColumnsType<OrderRow> {
  return [
    {
      title: 'Order',
      key: 'id',
      render: (_, row) => <Typography.Text code>{shortOrderId(row.id)}</Typography.Text>,
    },
    {
      title: 'Date',
      key: 'date',
      sorter: true,
      sortOrder: antOrder(state, 'created_at'),
      sortDirections: ['descend', 'ascend'],
      render: (_, row) => formatDate(row.createdAt),
    },
    {
      title: 'Store',
      key: 'store',
      sorter: true,
      sortOrder: antOrder(state, 'store_name'),
      sortDirections: ['ascend', 'descend'],
      render: (_, row) => <StoreCell row={row} />,
    },
    {
      title: 'Amount',
      key: 'amount',
      align: 'right',
      sorter: true,
      sortOrder: antOrder(state, 'amount'),
      sortDirections: ['descend', 'ascend'],
      render: (_, row) => formatUsd(row.amount),
    },
    { title: 'Type', key: 'type', render: (_, row) => paymentTypeLabel(row.paymentType) },
    { title: 'Status', key: 'status', render: (_, row) => <StatusCell row={row} /> },
    { title: 'Invoice', key: 'invoice', render: (_, row) => <InvoiceLink row={row} /> },
    {
      title: 'Actions',
      key: 'actions',
      // A set width lets the buttons wrap instead of pushing the table past the screen.
      width: 240,
      render: (_, row) => <OrderStatusActions order={row} />,
    },
  ];
}

/** An order on a phone: a card instead of a table row that would need sideways scrolling. */
function OrderCard({ row }: { row: OrderRow }) {
  const [open, setOpen] = useState(false);
  return (
    <Card
      size="small"
      className="admin-card"
      aria-label={`Order ${shortOrderId(row.id)}`}
      role="article"
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
    </Card>
  );
}

/** The sort on phones, where there are no column headers to click. */
const PHONE_SORTS = [
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
const roleOptions = BUYER_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

/**
 * Every order, searched, filtered, sorted and paged by the searchOrders function; all of it in
 * the URL (?q=&status=&role=&from=&to=&sort=&dir=&page=&size=), so a link or Back shows the same
 * table. Export CSV downloads every order of the filter.
 */
export function RecentOrdersTable() {
  const notify = useNotify();
  const phone = Grid.useBreakpoint().xs === true;
  const { state, ignored, update, clear, onPageChange, onTableChange } =
    useTableParams(ORDERS_TABLE);
  const request = useMemo(
    () => ({ ...filterOf(state), page: state.page, pageSize: state.pageSize }),
    [state],
  );
  const search = useSearchOrders(request);
  const exporter = useExportSearchOrders();
  const [truncated, setTruncated] = useState(false);
  useFetchErrorToast(search.isError);

  const rows = search.data?.rows ?? [];
  const total = search.data?.total ?? 0;
  const filtered = isFiltered(state);

  const exportCsv = async () => {
    try {
      const result = await exporter.mutateAsync(filterOf(state));
      setTruncated(result.truncated);
      if (result.rows.length === 0) {
        notify.info('No Orders', 'No orders match these filters.');
        return;
      }
      downloadTextFile(exportFileName('orders', state), buildOrdersCsv(result.rows));
      const count = result.rows.length;
      notify.success('Export Ready', `Exported ${count} order${count === 1 ? '' : 's'}.`);
    } catch {
      notify.error('Error', 'Failed to export orders');
    }
  };

  const empty = (
    <TableEmpty
      filtered={filtered}
      total={total}
      noneText="No orders yet"
      noMatchText="No orders match these filters."
      onClear={clear}
      onFirstPage={() => update({ page: 1 })}
    />
  );

  return (
    <section aria-labelledby="recent-orders-title">
      <div className="admin-section-header">
        <Typography.Title level={2} id="recent-orders-title" style={{ fontSize: 20 }}>
          Recent Orders
        </Typography.Title>
      </div>
      <TableToolbar
        search={{
          value: state.q,
          placeholder: 'Search store, email, order or invoice number',
          onSearch: (q) => update({ q }, { replace: true }),
        }}
        selects={[
          {
            label: 'Status',
            value: state.status,
            options: statusOptions,
            onChange: (status) => update({ status: status as OrderStatus | null }),
          },
          {
            label: 'Role',
            value: state.role,
            options: roleOptions,
            onChange: (role) => update({ role: role as OrdersState['role'] }),
          },
        ]}
        range={{ value: state.range, label: 'Order dates', onChange: (range) => update({ range }) }}
        extra={
          phone && (
            <Select
              aria-label="Sort"
              className="admin-toolbar__select"
              prefix="Sort:"
              value={`${state.sort}:${state.direction}`}
              options={PHONE_SORTS}
              onChange={(value: string) => {
                const [sort, direction] = value.split(':') as [OrderSortField, 'asc' | 'desc'];
                update({ sort, direction });
              }}
            />
          )
        }
        onExport={() => void exportCsv()}
        exporting={exporter.isPending}
      />
      <IgnoredParamsAlert ignored={ignored} />
      {truncated && (
        <Alert
          className="admin-table-alert"
          type="warning"
          showIcon
          closable={{ onClose: () => setTruncated(false) }}
          title={ORDERS_TRUNCATED_TEXT}
        />
      )}
      {search.isError ? (
        <TableError text="Could not load orders" onRetry={() => void search.refetch()} />
      ) : phone ? (
        <div className="admin-cards" aria-busy={search.isFetching}>
          {search.isPending && <Skeleton active />}
          {rows.map((row) => (
            <OrderCard key={row.id} row={row} />
          ))}
          {!search.isPending && rows.length === 0 && empty}
          {total > 0 && (
            <Pagination
              className="admin-pagination"
              size="small"
              current={state.page}
              pageSize={state.pageSize}
              total={total}
              pageSizeOptions={TABLE_PAGE_SIZES.map(String)}
              onChange={onPageChange}
            />
          )}
        </div>
      ) : (
        <Table<OrderRow>
          rowKey="id"
          size="middle"
          columns={columnsOf(state)}
          dataSource={rows}
          loading={search.isFetching}
          showSorterTooltip={false}
          onChange={onTableChange}
          pagination={{
            current: state.page,
            pageSize: state.pageSize,
            total,
            showSizeChanger: true,
            pageSizeOptions: TABLE_PAGE_SIZES.map(String),
            showTotal: (all, [first, last]) => `${first}–${last} of ${all}`,
          }}
          scroll={{ x: 'max-content' }}
          expandable={{ expandedRowRender: (row) => <OrderDetails orderId={row.id} /> }}
          locale={{ emptyText: search.isPending ? ' ' : empty }}
        />
      )}
    </section>
  );
}

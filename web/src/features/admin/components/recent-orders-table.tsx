import { formatUsd, routePath, shortOrderId, type PaymentType } from '@portal/domain';
import { Button, Card, Grid, Skeleton, Table, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { RefundedTag, ShipToAddress, TrackingLink } from '@/components/order-fulfilment';
import { useRecentOrders, type OrderSummary } from '@/entities/orders';
import { OrderStatusActions } from './order-status-actions';
import { AdminOrderStatusTag } from './order-status-tag';
import { useFetchErrorToast } from './use-fetch-error-toast';

const PAYMENT_TYPE_LABEL: Readonly<Record<PaymentType, string>> = {
  one_time: 'One-time',
  subscription: 'Subscription',
};

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

const columns: TableColumnsType<OrderSummary> = [
  {
    title: 'Order',
    dataIndex: 'id',
    render: (id: string) => <Typography.Text code>{shortOrderId(id)}</Typography.Text>,
  },
  { title: 'Date', dataIndex: 'created_at', render: (date: Date) => dateFormat.format(date) },
  { title: 'Store', dataIndex: 'store_name' },
  {
    title: 'Amount',
    dataIndex: 'amount',
    align: 'right',
    render: (cents: number) => formatUsd(cents),
  },
  {
    title: 'Type',
    dataIndex: 'payment_type',
    render: (type: PaymentType) => PAYMENT_TYPE_LABEL[type],
  },
  {
    title: 'Status',
    dataIndex: 'status',
    render: (_, order) => (
      <>
        <AdminOrderStatusTag status={order.status} />
        <RefundedTag cents={order.refunded_amount} />
      </>
    ),
  },
  {
    title: 'Actions',
    key: 'actions',
    // A set width lets the buttons wrap instead of pushing the table past the screen.
    width: 240,
    render: (_, order) => <OrderStatusActions order={order} />,
  },
];

const dayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** Ship-to, shipment, refunds and the print pages of one order (its expanded row or card). */
function OrderFulfilment({ order }: { order: OrderSummary }) {
  const label = shortOrderId(order.id);
  return (
    <div className="admin-fulfilment" aria-label={`Fulfilment of order ${label}`} role="group">
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
            <strong>Refunds</strong>
            <ul className="admin-refunds">
              {order.refunds.map((refund) => (
                <li key={refund.refund_id}>
                  {formatUsd(refund.amount)} on {dayFormat.format(refund.at)}
                  {refund.reason ? ` (${refund.reason})` : ''}
                </li>
              ))}
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

function OrderLines({ order }: { order: OrderSummary }) {
  return (
    <div className="admin-order-details">
      <OrderFulfilment order={order} />
      <Table
        size="small"
        rowKey={(line) => line.product_id}
        pagination={false}
        dataSource={order.items}
        aria-label={`Items of order ${shortOrderId(order.id)}`}
        columns={[
          { title: 'Product', dataIndex: 'name' },
          {
            title: 'Unit price',
            dataIndex: 'unit_amount',
            align: 'right',
            render: (c: number) => formatUsd(c),
          },
          { title: 'Qty', dataIndex: 'quantity', align: 'right' },
          {
            title: 'Line total',
            dataIndex: 'line_total',
            align: 'right',
            render: (c: number) => formatUsd(c),
          },
        ]}
      />
    </div>
  );
}

/** An order on a phone: a card instead of a table row that would need sideways scrolling. */
function OrderCard({ order }: { order: OrderSummary }) {
  return (
    <Card
      size="small"
      className="admin-card"
      aria-label={`Order ${shortOrderId(order.id)}`}
      role="article"
    >
      <div className="admin-card__top">
        <strong>{order.store_name}</strong>
        <span>
          <AdminOrderStatusTag status={order.status} />
          <RefundedTag cents={order.refunded_amount} />
        </span>
      </div>
      <div className="admin-card__meta">
        <span>{dateFormat.format(order.created_at)}</span>
        <span>{shortOrderId(order.id)}</span>
        <span>{PAYMENT_TYPE_LABEL[order.payment_type]}</span>
      </div>
      <div className="admin-card__amount">{formatUsd(order.amount)}</div>
      <details className="admin-card__details">
        <summary>
          {order.items.length} item{order.items.length === 1 ? '' : 's'}
        </summary>
        <ul>
          {order.items.map((line) => (
            <li key={line.product_id}>
              {line.name} x {line.quantity} · {formatUsd(line.line_total)}
            </li>
          ))}
        </ul>
        <OrderFulfilment order={order} />
      </details>
      <OrderStatusActions order={order} />
    </Card>
  );
}

/**
 * All orders, newest first, 20 a page. Pages are fetched with a Firestore cursor (startAfter
 * the previous page's last document) as the manager moves forward; pages already seen stay in
 * the query cache, so Previous costs nothing.
 */
export function RecentOrdersTable() {
  const orders = useRecentOrders();
  const phone = Grid.useBreakpoint().xs === true;
  const [pageIndex, setPageIndex] = useState(0);
  useFetchErrorToast(orders.isError);

  const pages = orders.data?.pages ?? [];
  const page = Math.min(pageIndex, Math.max(pages.length - 1, 0));
  const rows = pages[page]?.orders ?? [];
  const canGoNext = page + 1 < pages.length || orders.hasNextPage;

  const next = async () => {
    if (page + 1 >= pages.length) {
      const result = await orders.fetchNextPage();
      if (result.isError) return;
    }
    setPageIndex(page + 1);
  };

  return (
    <section aria-labelledby="recent-orders-title">
      <div className="admin-section-header">
        <Typography.Title level={2} id="recent-orders-title" style={{ fontSize: 20 }}>
          Recent Orders
        </Typography.Title>
      </div>
      {phone ? (
        <div className="admin-cards" aria-busy={orders.isPending}>
          {orders.isPending && <Skeleton active />}
          {rows.map((order) => (
            <OrderCard key={order.id} order={order} />
          ))}
          {!orders.isPending && rows.length === 0 && (
            <Typography.Text type="secondary">
              {orders.isError ? 'Could not load orders' : 'No orders yet'}
            </Typography.Text>
          )}
        </div>
      ) : (
        <Table<OrderSummary>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={rows}
          loading={orders.isPending || orders.isFetchingNextPage}
          pagination={false}
          scroll={{ x: 'max-content' }}
          expandable={{ expandedRowRender: (order) => <OrderLines order={order} /> }}
          locale={{ emptyText: orders.isError ? 'Could not load orders' : 'No orders yet' }}
        />
      )}
      <nav className="admin-pager" aria-label="Recent orders pages">
        <Button onClick={() => setPageIndex(page - 1)} disabled={page === 0}>
          Previous
        </Button>
        <span>Page {page + 1}</span>
        <Button onClick={next} disabled={!canGoNext} loading={orders.isFetchingNextPage}>
          Next
        </Button>
      </nav>
    </section>
  );
}

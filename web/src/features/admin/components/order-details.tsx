import { formatUsd, routePath, shortOrderId, type Order } from '@portal/domain';
import { Alert, Button, Skeleton, Table } from 'antd';
import { RefundedTag, ShipToAddress, TrackingLink } from '@/components/order-fulfilment';
import { useOrder } from '@/entities/orders';

const dayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** Ship-to, shipment, refunds and the print pages of one order. */
function OrderFulfilment({ order }: { order: Order }) {
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
            <strong>Refunds</strong> <RefundedTag cents={order.refunded_amount} />
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

/**
 * One order in full (its expanded row or phone card): a search row carries no ship-to, shipment,
 * refunds or lines, so the order is read when it is opened.
 */
export function OrderDetails({ orderId }: { orderId: string }) {
  const order = useOrder(orderId);
  const label = shortOrderId(orderId);
  if (order.isPending) {
    return <Skeleton active paragraph={{ rows: 3 }} aria-label={`Loading order ${label}`} />;
  }
  if (order.isError || !order.data) {
    return (
      <Alert
        type="error"
        showIcon
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
      <Table
        size="small"
        rowKey={(line) => line.product_id}
        pagination={false}
        dataSource={full.items}
        scroll={{ x: 'max-content' }}
        aria-label={`Items of order ${label}`}
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

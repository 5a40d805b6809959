import {
  lineProgress,
  restockText,
  shortOrderId,
  type LineProgress,
  type Order,
} from '@portal/domain';
import { useMemo, useState } from 'react';
import { Button } from '@/components/button';
import { useBackorderedOrders } from '@/entities/orders';
import { DataTable, type DataColumn } from '@/components/table/data-table';
import { useFetchErrorToast } from '@/components/table/use-fetch-error-toast';
import { ShipOrderModal } from './order-dialogs';
import { useRestockDates } from './restock-dates';
import '../common/admin-tables.css';
import { businessDayFormat } from '@/lib/intl-formats';

/** One backordered line still waiting to ship, with its order. */
interface WaitingLine {
  order: Order;
  line: LineProgress;
}

/** Every line of these orders with units waiting for stock, in the orders' order (oldest first). */
export function waitingLines(orders: readonly Order[]): WaitingLine[] {
  return orders.flatMap((order) =>
    lineProgress(order)
      .filter((line) => line.waiting > 0)
      .map((line) => ({ order, line })),
  );
}

/**
 * The backorder queue (docs/catalog.md#backorders): the lines of orders whose backordered
 * units still wait for stock, oldest order first, with the restock the catalog expects; "Ship"
 * opens the order's ship dialog, to send what has arrived as a shipment of its own.
 */
export default function BackordersSection() {
  const orders = useBackorderedOrders();
  useFetchErrorToast(orders.isError);
  const rows = useMemo(() => waitingLines(orders.data ?? []), [orders.data]);
  const restockDates = useRestockDates(rows.length > 0);
  const [shipping, setShipping] = useState<Order | null>(null);

  const columns: readonly DataColumn<WaitingLine>[] = [
    { title: 'Order', key: 'order', render: ({ order }) => shortOrderId(order.id) },
    { title: 'Store', key: 'store', render: ({ order }) => order.store_name },
    {
      title: 'Ordered',
      key: 'ordered',
      render: ({ order }) => businessDayFormat.format(order.created_at),
    },
    { title: 'Product', key: 'product', render: ({ line }) => line.name },
    { title: 'Waiting', key: 'waiting', align: 'right', render: ({ line }) => line.waiting },
    {
      title: 'Expected',
      key: 'expected',
      render: ({ line }) =>
        restockDates ? restockText(restockDates.get(line.product_id) ?? null) : '…',
    },
    {
      title: 'Actions',
      key: 'actions',
      render: ({ order, line }) => (
        <Button
          size="small"
          type="primary"
          ghost
          aria-label={`Ship order ${shortOrderId(order.id)} (${line.name})`}
          onClick={() => setShipping(order)}
        >
          Ship
        </Button>
      ),
    },
  ];

  return (
    <section aria-labelledby="backorders-title">
      <div className="admin-section-header">
        <h2 id="backorders-title" className="admin-section-title">
          Backorders
        </h2>
      </div>
      <p className="admin-secondary admin-paragraph">
        Backordered units waiting for stock, oldest order first. Once stock arrives, ship them as a
        shipment of their own.
      </p>
      <DataTable<WaitingLine>
        label="Backorders waiting"
        size="small"
        rowKey={({ order, line }) => `${order.id}/${line.product_id}`}
        columns={columns}
        rows={rows}
        loading={orders.isPending}
        empty={orders.isError ? 'Could not load backorders' : 'No backorders waiting.'}
        oneLine
      />
      {shipping && <ShipOrderModal order={shipping} onClose={() => setShipping(null)} />}
    </section>
  );
}

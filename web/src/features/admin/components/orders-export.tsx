import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Input, Typography } from 'antd';
import { useState } from 'react';
import { useNotify } from '@/lib/notify';
import { EXPORT_MAX_ORDERS, useExportOrders } from '@/entities/orders';
import { dayRange, toDayString } from '../utils/date-range';
import { downloadTextFile } from '../utils/download-file';
import { buildOrdersCsv } from '../utils/orders-csv';

function startOfMonth(today: Date): Date {
  return new Date(today.getFullYear(), today.getMonth(), 1);
}

/** Orders of a date range (whole local days, both ends included) as a CSV file. */
export function OrdersExport() {
  const notify = useNotify();
  const exportOrders = useExportOrders();
  const [from, setFrom] = useState(() => toDayString(startOfMonth(new Date())));
  const [to, setTo] = useState(() => toDayString(new Date()));
  const range = dayRange(from, to);

  const run = async () => {
    if (!range) return;
    try {
      const { orders, truncated } = await exportOrders.mutateAsync(range);
      if (orders.length === 0) {
        notify.info('No Orders', 'No orders were placed in this date range.');
        return;
      }
      downloadTextFile(`orders-${from}-to-${to}.csv`, buildOrdersCsv(orders));
      notify.success(
        'Export Ready',
        truncated
          ? `Exported the first ${EXPORT_MAX_ORDERS} orders. Choose a shorter range for the rest.`
          : `Exported ${orders.length} order${orders.length === 1 ? '' : 's'}.`,
      );
    } catch {
      notify.error('Error', 'Failed to export orders');
    }
  };

  return (
    <Card size="small" title={<h2 style={{ fontSize: 16, margin: 0 }}>Export Orders (CSV)</h2>}>
      <div className="admin-export-form">
        <label htmlFor="export-from">
          From
          <Input
            id="export-from"
            type="date"
            value={from}
            max={to}
            onChange={(e) => setFrom(e.target.value)}
          />
        </label>
        <label htmlFor="export-to">
          To
          <Input
            id="export-to"
            type="date"
            value={to}
            min={from}
            onChange={(e) => setTo(e.target.value)}
          />
        </label>
        <Button
          type="primary"
          icon={<DownloadOutlined />}
          onClick={run}
          disabled={!range}
          loading={exportOrders.isPending}
        >
          Export CSV
        </Button>
      </div>
      {!range && (
        <Typography.Text type="danger" role="alert">
          Choose a start date on or before the end date.
        </Typography.Text>
      )}
    </Card>
  );
}

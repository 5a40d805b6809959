import {
  formatUsd,
  intervalLabel,
  nextChargedDelivery,
  STANDING_ORDER_STATUS_LABELS,
  STANDING_ORDER_STATUSES,
  standingOrderCycleAmount,
  upcomingDeliveries,
  UPCOMING_DELIVERY_DAYS,
  type StandingOrder,
  type StandingOrderStatus,
} from '@portal/domain';
import { Button, Popconfirm, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { ChoiceSegmented } from '@/components/choice-segmented';
import { useMemo, useState } from 'react';
import { useAllStandingOrders, useManageStandingOrder } from '@/entities/standing-orders';
import { useConfirmFocus } from '@/lib/focus-return';
import { errorMessage, useNotify } from '@/lib/notify';
import { useFetchErrorToast } from './use-fetch-error-toast';

type Filter = 'all' | StandingOrderStatus;
type Upcoming = ReturnType<typeof upcomingDeliveries>[number];

const STATUS_COLORS: Readonly<Record<StandingOrderStatus, string>> = {
  active: 'success',
  paused: 'warning',
  payment_failed: 'error',
  cancelled: 'default',
};

const dayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

function StandingOrderStatusTag({ status }: { status: StandingOrderStatus }) {
  return <Tag color={STATUS_COLORS[status]}>{STANDING_ORDER_STATUS_LABELS[status]}</Tag>;
}

/** "3 products, 84 units": what one delivery holds (paused lines are not delivered). */
export function itemsSummary(order: StandingOrder): string {
  const delivered = order.lines.filter((line) => !line.paused_reason);
  const units = delivered.reduce((sum, line) => sum + line.quantity, 0);
  const products = delivered.length;
  return `${products} ${products === 1 ? 'product' : 'products'}, ${units} ${units === 1 ? 'unit' : 'units'}`;
}

/** Pause or resume (a manager's pause only a manager lifts) and cancel; nothing once cancelled. */
function StandingOrderActions({ order }: { order: StandingOrder }) {
  const notify = useNotify();
  const manage = useManageStandingOrder();
  const confirmFocus = useConfirmFocus();
  if (order.status === 'cancelled') return <span className="admin-muted">—</span>;
  const busy = manage.isPending;
  const running = (action: string) => busy && manage.variables?.action === action;
  const store = order.store_name;

  const run = async (action: 'pause' | 'resume' | 'cancel') => {
    const done = { pause: 'paused', resume: 'resumed', cancel: 'cancelled' }[action];
    try {
      await manage.mutateAsync({ standingOrderId: order.id, action });
      notify.success('Success', `Standing order of ${store} ${done}`);
    } catch (error) {
      notify.error('Error', `Failed to update standing order: ${errorMessage(error)}`);
    }
  };

  const toggle: 'pause' | 'resume' = order.paused_by_manager ? 'resume' : 'pause';
  return (
    <Space wrap size={8}>
      <Button
        size="small"
        type="primary"
        ghost
        loading={running(toggle)}
        disabled={busy && !running(toggle)}
        onClick={() => void run(toggle)}
        aria-label={`${toggle === 'pause' ? 'Pause' : 'Resume'} standing order of ${store}`}
      >
        {toggle === 'pause' ? 'Pause' : 'Resume'}
      </Button>
      <Popconfirm
        {...confirmFocus}
        title="Cancel this standing order?"
        description="No further deliveries will be made or charged."
        okText="Yes, cancel"
        okButtonProps={{ danger: true }}
        cancelText="Keep it"
        onConfirm={() => run('cancel')}
      >
        <Button
          size="small"
          danger
          loading={running('cancel')}
          disabled={busy && !running('cancel')}
          aria-label={`Cancel standing order of ${store}`}
        >
          Cancel
        </Button>
      </Popconfirm>
    </Space>
  );
}

const upcomingColumns: TableColumnsType<Upcoming> = [
  { title: 'Date', key: 'at', render: (_, { at }) => dayFormat.format(at) },
  { title: 'Store', key: 'store', render: (_, { order }) => order.store_name },
  {
    title: 'Interval',
    key: 'interval',
    render: (_, { order }) => intervalLabel(order.interval_weeks),
  },
  { title: 'Items', key: 'items', render: (_, { order }) => itemsSummary(order) },
  {
    title: 'Cycle total',
    key: 'total',
    align: 'right',
    render: (_, { order }) => formatUsd(standingOrderCycleAmount(order.lines)),
  },
];

const columns: TableColumnsType<StandingOrder> = [
  { title: 'Store', dataIndex: 'store_name' },
  {
    title: 'Interval',
    dataIndex: 'interval_weeks',
    render: (weeks: number) => intervalLabel(weeks),
  },
  {
    title: 'Status',
    dataIndex: 'status',
    render: (_, order) => (
      <Space size={4} wrap>
        <StandingOrderStatusTag status={order.status} />
        {order.paused_by_manager && order.status !== 'cancelled' && (
          <span className="admin-muted">by a manager</span>
        )}
      </Space>
    ),
  },
  {
    title: 'Next delivery',
    key: 'next',
    render: (_, order) => {
      if (order.status === 'cancelled' || order.status === 'paused') return '—';
      const next = nextChargedDelivery(order);
      return next ? dayFormat.format(next) : '—';
    },
  },
  {
    title: 'Cycle total',
    key: 'total',
    align: 'right',
    render: (_, order) => formatUsd(standingOrderCycleAmount(order.lines)),
  },
  { title: 'Deliveries so far', dataIndex: 'orders_count', align: 'right' },
  { title: 'Created', dataIndex: 'created_at', render: (date: Date) => dayFormat.format(date) },
  {
    title: 'Actions',
    key: 'actions',
    width: 200,
    render: (_, order) => <StandingOrderActions order={order} />,
  },
];

/**
 * The manager's Standing orders tab: the deliveries due in the next 14 days (one row per cycle,
 * skipped ones left out), then every standing order with its status, filterable, with Pause /
 * Resume and Cancel.
 */
export function StandingOrdersPanel() {
  const standingOrders = useAllStandingOrders();
  const [filter, setFilter] = useState<Filter>('all');
  // "Now" is when the tab opened: the list of the next 14 days does not shift under the manager.
  const [now] = useState(() => new Date());
  useFetchErrorToast(standingOrders.isError);

  const all = useMemo(() => standingOrders.data ?? [], [standingOrders.data]);
  const upcoming = useMemo(() => upcomingDeliveries(all, now), [all, now]);
  const counts = useMemo(() => {
    const byStatus: Record<Filter, number> = {
      all: all.length,
      active: 0,
      paused: 0,
      payment_failed: 0,
      cancelled: 0,
    };
    for (const order of all) byStatus[order.status] += 1;
    return byStatus;
  }, [all]);
  const rows = useMemo(
    () => all.filter((order) => filter === 'all' || order.status === filter),
    [all, filter],
  );
  const failedText = 'Could not load standing orders';

  return (
    <div className="admin-stack">
      <section aria-labelledby="upcoming-deliveries-title">
        <div className="admin-section-header">
          <Typography.Title level={2} id="upcoming-deliveries-title" style={{ fontSize: 20 }}>
            {`Upcoming deliveries (next ${UPCOMING_DELIVERY_DAYS} days)`}
          </Typography.Title>
        </div>
        <Table<Upcoming>
          rowKey={({ order, at }) => `${order.id}-${at.getTime()}`}
          size="small"
          columns={upcomingColumns}
          dataSource={upcoming}
          loading={standingOrders.isPending}
          pagination={false}
          scroll={{ x: 'max-content' }}
          aria-label="Upcoming deliveries"
          locale={{
            emptyText: standingOrders.isPending
              ? ' '
              : standingOrders.isError
                ? failedText
                : `No deliveries in the next ${UPCOMING_DELIVERY_DAYS} days.`,
          }}
        />
      </section>
      <section aria-labelledby="all-standing-orders-title">
        <div className="admin-section-header">
          <Typography.Title level={2} id="all-standing-orders-title" style={{ fontSize: 20 }}>
            All standing orders
          </Typography.Title>
          <div className="admin-filter">
            <ChoiceSegmented<Filter>
              aria-label="Filter by status"
              options={(['all', ...STANDING_ORDER_STATUSES] as const).map((value) => ({
                value,
                label: `${value === 'all' ? 'All' : STANDING_ORDER_STATUS_LABELS[value]} (${counts[value]})`,
              }))}
              value={filter}
              onChange={setFilter}
            />
          </div>
        </div>
        <Table<StandingOrder>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={rows}
          loading={standingOrders.isPending}
          scroll={{ x: 'max-content' }}
          pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
          aria-label="All standing orders"
          locale={{
            emptyText: standingOrders.isPending
              ? ' '
              : standingOrders.isError
                ? failedText
                : 'No standing orders here',
          }}
        />
      </section>
    </div>
  );
}

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
import { useMemo, useState } from 'react';
import { Button } from '@/components/button';
import { ChoiceSegmented } from '@/components/choice-segmented';
import { Tag, type TagColor } from '@/components/tag';
import { useAllStandingOrders, useManageStandingOrder } from '@/entities/standing-orders';
import { errorMessage, useNotify } from '@/lib/notify';
import { ConfirmPopover } from '@/components/confirm-popover';
import { DataTable, type DataColumn } from '@/components/table/data-table';
import { pageOf, TablePager } from '@/components/table/table-pager';
import { useFetchErrorToast } from '@/components/table/use-fetch-error-toast';
import '../common/admin-tables.css';
import { businessDayFormat } from '@/lib/intl-formats';

type Filter = 'all' | StandingOrderStatus;
type Upcoming = ReturnType<typeof upcomingDeliveries>[number];

const STATUS_COLORS: Readonly<Record<StandingOrderStatus, TagColor>> = {
  active: 'success',
  paused: 'warning',
  payment_failed: 'error',
  cancelled: 'default',
};

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
    <div className="admin-actions">
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
      <ConfirmPopover
        title="Cancel this standing order?"
        description="No further deliveries will be made or charged."
        okText="Yes, cancel"
        okDanger
        cancelText="Keep it"
        onConfirm={() => run('cancel')}
      >
        {(trigger) => (
          <Button
            {...trigger}
            size="small"
            danger
            loading={running('cancel')}
            disabled={busy && !running('cancel')}
            aria-label={`Cancel standing order of ${store}`}
          >
            Cancel
          </Button>
        )}
      </ConfirmPopover>
    </div>
  );
}

const upcomingColumns: readonly DataColumn<Upcoming>[] = [
  {
    title: 'Date',
    key: 'at',
    className: 'admin-cell--nowrap',
    render: ({ at }) => businessDayFormat.format(at),
  },
  {
    title: 'Store',
    key: 'store',
    className: 'admin-store-cell',
    render: ({ order }) => order.store_name,
  },
  {
    title: 'Interval',
    key: 'interval',
    className: 'admin-cell--nowrap',
    render: ({ order }) => intervalLabel(order.interval_weeks),
  },
  {
    title: 'Items',
    key: 'items',
    className: 'admin-cell--nowrap',
    render: ({ order }) => itemsSummary(order),
  },
  {
    title: 'Cycle total',
    key: 'total',
    align: 'right',
    className: 'admin-cell--nowrap',
    render: ({ order }) => formatUsd(standingOrderCycleAmount(order.lines)),
  },
];

const columns: readonly DataColumn<StandingOrder>[] = [
  {
    title: 'Store',
    key: 'store',
    className: 'admin-store-cell',
    render: (order) => order.store_name,
  },
  {
    title: 'Interval',
    key: 'interval',
    className: 'admin-cell--nowrap',
    render: (order) => intervalLabel(order.interval_weeks),
  },
  {
    title: 'Status',
    key: 'status',
    render: (order) => (
      <span className="admin-tags">
        <StandingOrderStatusTag status={order.status} />
        {order.paused_by_manager && order.status !== 'cancelled' && (
          <span className="admin-muted">by a manager</span>
        )}
      </span>
    ),
  },
  {
    title: 'Next delivery',
    key: 'next',
    className: 'admin-cell--nowrap',
    render: (order) => {
      if (order.status === 'cancelled' || order.status === 'paused') return '—';
      const next = nextChargedDelivery(order);
      return next ? businessDayFormat.format(next) : '—';
    },
  },
  {
    title: 'Cycle total',
    key: 'total',
    align: 'right',
    className: 'admin-cell--nowrap',
    render: (order) => formatUsd(standingOrderCycleAmount(order.lines)),
  },
  {
    title: 'Deliveries so far',
    key: 'deliveries',
    align: 'right',
    render: (order) => order.orders_count,
  },
  {
    title: 'Created',
    key: 'created',
    className: 'admin-cell--nowrap',
    render: (order) => businessDayFormat.format(order.created_at),
  },
  {
    title: 'Actions',
    key: 'actions',
    width: 200,
    render: (order) => <StandingOrderActions order={order} />,
  },
];

/** Twenty standing orders a page once there are more. */
const PAGE_SIZE = 20;

/**
 * The manager's Standing orders tab: the deliveries due in the next 14 days (one row per cycle,
 * skipped ones left out), then every standing order with its status, filterable, with Pause /
 * Resume and Cancel.
 */
export function StandingOrdersPanel() {
  const standingOrders = useAllStandingOrders();
  const [filter, setFilter] = useState<Filter>('all');
  const [page, setPage] = useState(1);
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
  const { page: shown, rows: pageRows } = pageOf(rows, page, PAGE_SIZE);
  const choose = (next: Filter) => {
    setFilter(next);
    setPage(1);
  };

  return (
    <div className="admin-stack">
      <section aria-labelledby="upcoming-deliveries-title">
        <div className="admin-section-header">
          <h2 id="upcoming-deliveries-title" className="admin-section-title">
            {`Upcoming deliveries (next ${UPCOMING_DELIVERY_DAYS} days)`}
          </h2>
        </div>
        <DataTable<Upcoming>
          label="Upcoming deliveries"
          rowKey={({ order, at }) => `${order.id}-${at.getTime()}`}
          size="small"
          columns={upcomingColumns}
          rows={upcoming}
          loading={standingOrders.isPending}
          empty={
            standingOrders.isError
              ? failedText
              : `No deliveries in the next ${UPCOMING_DELIVERY_DAYS} days.`
          }
        />
      </section>
      <section aria-labelledby="all-standing-orders-title">
        <div className="admin-section-header">
          <h2 id="all-standing-orders-title" className="admin-section-title">
            All standing orders
          </h2>
          <div className="admin-filter">
            <ChoiceSegmented<Filter>
              aria-label="Filter by status"
              options={(['all', ...STANDING_ORDER_STATUSES] as const).map((value) => ({
                value,
                label: `${value === 'all' ? 'All' : STANDING_ORDER_STATUS_LABELS[value]} (${counts[value]})`,
              }))}
              value={filter}
              onChange={choose}
            />
          </div>
        </div>
        <DataTable<StandingOrder>
          label="All standing orders"
          rowKey={(order) => order.id}
          size="middle"
          columns={columns}
          rows={pageRows}
          loading={standingOrders.isPending}
          empty={standingOrders.isError ? failedText : 'No standing orders here'}
        />
        {rows.length > PAGE_SIZE && (
          <TablePager
            label="All standing orders"
            page={shown}
            pageSize={PAGE_SIZE}
            total={rows.length}
            pageSizes={[PAGE_SIZE]}
            onChange={(next) => setPage(next)}
          />
        )}
      </section>
    </div>
  );
}

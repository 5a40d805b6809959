import { Alert, Button, Tag } from 'antd';
import { lazy, Suspense, useState } from 'react';
import {
  businessDayText,
  formatUsd,
  intervalLabel,
  isStandingOrderOpen,
  linePauseNotice,
  nextChargeAt,
  nextChargedDelivery,
  STANDING_ORDER_STATUS_LABELS,
  standingOrderCycleAmount,
  type ManageStandingOrderRequest,
  type StandingOrder,
  type StandingOrderLine,
  type StandingOrderStatus,
} from '@portal/domain';
import { ConfirmPopover } from '@/components/confirm-popover';
import { brand } from '@/config/brand';
import { useManageStandingOrder } from '@/entities/standing-orders';
import { errorMessage, useNotify } from '@/lib/notify';
import { STANDING_ORDER_TOASTS } from './standing-order-toasts';

// The change dialogs load when opened: My Account's first load carries none of them.
const StandingOrderProductsModal = lazy(() =>
  import('./standing-order-products-modal').then((m) => ({
    default: m.StandingOrderProductsModal,
  })),
);
const StandingOrderScheduleModal = lazy(() =>
  import('./standing-order-schedule-modal').then((m) => ({
    default: m.StandingOrderScheduleModal,
  })),
);
const StandingOrderPauseModal = lazy(() =>
  import('./standing-order-pause-modal').then((m) => ({ default: m.StandingOrderPauseModal })),
);

/** The end of a buyer's pause while it runs, else null. */
export function buyerPausedUntil(order: Pick<StandingOrder, 'paused_until'>): Date | null {
  const until = order.paused_until;
  return until && until.getTime() > Date.now() ? until : null;
}

const STATUS_COLORS: Readonly<Record<StandingOrderStatus, string>> = {
  active: 'green',
  paused: 'gold',
  payment_failed: 'red',
  cancelled: 'default',
};

export const PAYMENT_FAILED_TEXT =
  'We could not charge your card for your last delivery. We retry automatically; if your card changed, contact us';

/** The note on a standing order a manager paused (only a manager resumes it). */
export function pausedByManagerText(): string {
  // "Electric Slush Co." ends its own sentence.
  const by = brand.name.endsWith('.') ? brand.name : `${brand.name}.`;
  return `Paused by ${by} No deliveries are made or charged until we resume it.`;
}

export const CANCEL_TITLE = 'Cancel this standing order?';
export const CANCEL_TEXT = 'No further deliveries will be made or charged.';

/** Whether the buyer skipped the delivery that is next in line. */
export function isNextDeliverySkipped(
  order: Pick<StandingOrder, 'next_delivery_at' | 'skipped_delivery_at'>,
): boolean {
  const next = order.next_delivery_at;
  const skipped = order.skipped_delivery_at;
  return next !== null && skipped !== null && skipped.getTime() === next.getTime();
}

/**
 * "Next delivery: May 2, 2025", "May 2, 2025 skipped · next delivery May 16, 2025", or why none.
 * Days are the business's (Pacific), as the reminder and skip mails name them.
 */
function nextDeliveryText(order: StandingOrder): string | null {
  if (order.status === 'cancelled') {
    return order.cancelled_at ? `Cancelled on ${businessDayText(order.cancelled_at)}` : null;
  }
  if (order.status === 'paused') return 'No deliveries while paused.';
  const until = buyerPausedUntil(order);
  if (until) {
    const after = nextChargeAt(order);
    return `Paused until ${businessDayText(until)}${after ? ` · next delivery ${businessDayText(after)}` : ''}`;
  }
  const next = nextChargedDelivery(order);
  if (!next || !order.next_delivery_at) return null;
  if (isNextDeliverySkipped(order)) {
    return `${businessDayText(order.next_delivery_at)} skipped · next delivery ${businessDayText(next)}`;
  }
  return `Next delivery: ${businessDayText(next)}`;
}

function deliveriesSoFar(count: number): string {
  return `${count} ${count === 1 ? 'delivery' : 'deliveries'} so far`;
}

type Action = ManageStandingOrderRequest['action'];

/**
 * One standing order on My Account: its state, the next delivery, what each delivery holds and
 * costs, and what the buyer can do (skip or unskip the next delivery, change quantities, cancel).
 * A cancelled one is shown greyed, without actions.
 */
export function StandingOrderCard({ order }: { order: StandingOrder }) {
  const notify = useNotify();
  const manage = useManageStandingOrder();
  const [editing, setEditing] = useState<'products' | 'schedule' | 'pause' | null>(null);
  const open = isStandingOrderOpen(order.status);
  const skipped = isNextDeliverySkipped(order);
  const busy = manage.isPending;
  const running = (action: Action) => busy && manage.variables?.action === action;
  const lockedByManager = order.paused_by_manager;
  // A paused standing order has no delivery to skip (the server refuses skip and unskip then).
  const pausedUntil = buyerPausedUntil(order);
  const noSkipping = lockedByManager || order.status === 'paused' || pausedUntil !== null;
  const since = businessDayText(order.created_at);
  const next = nextDeliveryText(order);

  const run = async (action: 'skip' | 'unskip' | 'cancel' | 'resume') => {
    try {
      await manage.mutateAsync({ standingOrderId: order.id, action });
      const [title, text] = {
        skip: STANDING_ORDER_TOASTS.skipped,
        unskip: STANDING_ORDER_TOASTS.unskipped,
        cancel: STANDING_ORDER_TOASTS.cancelled,
        resume: STANDING_ORDER_TOASTS.resumed,
      }[action];
      notify.success(title, text);
    } catch (error) {
      notify.error('Error', errorMessage(error));
    }
  };

  return (
    <li
      className={`account-card standing-order${open ? '' : ' standing-order--cancelled'}`}
      aria-label={`Standing order ${intervalLabel(order.interval_weeks).toLowerCase()}, since ${since}`}
    >
      <div className="standing-order__head">
        <div className="standing-order__title">
          <strong>{intervalLabel(order.interval_weeks)}</strong>
          <span className="standing-order__since">Since {since}</span>
        </div>
        <Tag color={STATUS_COLORS[order.status]} className="standing-order__status">
          {STANDING_ORDER_STATUS_LABELS[order.status]}
        </Tag>
      </div>
      {next && <p className="standing-order__next">{next}</p>}
      {order.status === 'payment_failed' && (
        <Alert
          type="error"
          showIcon
          className="standing-order__alert"
          title={
            <>
              {PAYMENT_FAILED_TEXT} at{' '}
              <a href={`mailto:${brand.supportEmail}`}>{brand.supportEmail}</a>.
            </>
          }
        />
      )}
      {open && lockedByManager && (
        <Alert
          type="info"
          showIcon
          className="standing-order__alert"
          title={pausedByManagerText()}
        />
      )}
      <ul
        className="standing-order__lines"
        aria-label={`Products every ${order.interval_weeks} weeks`}
      >
        {order.lines.map((line) => (
          <StandingOrderLineRow key={line.product_id} line={line} />
        ))}
      </ul>
      <div className="standing-order__summary">
        <p className="standing-order__meta">
          {order.ship_to && (
            <span>
              Ship to {order.ship_to.name}, {order.ship_to.address.city}
            </span>
          )}
          <span>{deliveriesSoFar(order.orders_count)}</span>
        </p>
        <p className="standing-order__total">
          <span>Each delivery</span>{' '}
          <strong>{formatUsd(standingOrderCycleAmount(order.lines))}</strong>
        </p>
      </div>
      {open && (
        <div className="standing-order__actions">
          {skipped ? (
            <Button
              onClick={() => void run('unskip')}
              loading={running('unskip')}
              disabled={(busy && !running('unskip')) || noSkipping}
            >
              Undo skip
            </Button>
          ) : (
            <Button
              onClick={() => void run('skip')}
              loading={running('skip')}
              disabled={(busy && !running('skip')) || noSkipping || !order.next_delivery_at}
            >
              Skip next delivery
            </Button>
          )}
          <Button onClick={() => setEditing('products')} disabled={busy || lockedByManager}>
            Change products
          </Button>
          <Button
            onClick={() => setEditing('schedule')}
            disabled={busy || lockedByManager || !order.next_delivery_at}
          >
            Change schedule
          </Button>
          {pausedUntil ? (
            <Button
              onClick={() => void run('resume')}
              loading={running('resume')}
              disabled={(busy && !running('resume')) || lockedByManager}
            >
              Resume
            </Button>
          ) : (
            <Button
              onClick={() => setEditing('pause')}
              disabled={busy || lockedByManager || order.status === 'paused'}
            >
              Pause
            </Button>
          )}
          <ConfirmPopover
            title={CANCEL_TITLE}
            description={CANCEL_TEXT}
            okText="Yes, cancel"
            okDanger
            cancelText="Keep it"
            onConfirm={() => run('cancel')}
          >
            {(trigger) => (
              <Button
                {...trigger}
                danger
                loading={running('cancel')}
                disabled={busy && !running('cancel')}
              >
                Cancel standing order
              </Button>
            )}
          </ConfirmPopover>
        </div>
      )}
      <Suspense fallback={null}>
        {editing === 'products' && (
          <StandingOrderProductsModal
            order={order}
            manage={manage}
            onClose={() => setEditing(null)}
          />
        )}
        {editing === 'schedule' && (
          <StandingOrderScheduleModal
            order={order}
            manage={manage}
            onClose={() => setEditing(null)}
          />
        )}
        {editing === 'pause' && (
          <StandingOrderPauseModal order={order} manage={manage} onClose={() => setEditing(null)} />
        )}
      </Suspense>
    </li>
  );
}

function StandingOrderLineRow({ line }: { line: StandingOrderLine }) {
  const paused = line.paused_reason !== null;
  return (
    <li className={`standing-line${paused ? ' standing-line--paused' : ''}`}>
      <span className="standing-line__name">{line.name}</span>
      {line.sku && <span className="standing-line__sku">SKU {line.sku}</span>}
      <span className="standing-line__qty">
        {line.quantity} × {formatUsd(line.unit_amount)}
      </span>
      <span className="standing-line__total">
        {paused ? 'Not included' : formatUsd(line.quantity * line.unit_amount)}
      </span>
      {line.paused_reason && (
        <p className="standing-line__notice">{linePauseNotice(line.name, line.paused_reason)}</p>
      )}
    </li>
  );
}

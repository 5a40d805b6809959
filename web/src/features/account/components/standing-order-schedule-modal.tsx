import { Alert, Modal, Radio } from 'antd';
import { useId, useState } from 'react';
import {
  addDays,
  businessDay,
  formatCalendarDay,
  intervalLabel,
  NEXT_DELIVERY_MAX_DAYS,
  nextDeliveryDateProblem,
  STANDING_ORDER_INTERVALS,
  type StandingOrder,
} from '@portal/domain';
import type { useManageStandingOrder } from '@/entities/standing-orders';
import { errorMessage, useNotify } from '@/lib/notify';
import { STANDING_ORDER_TOASTS } from './standing-order-toasts';
import './standing-order-changes.css';

/**
 * Change schedule: how often (every 2, 4 or 8 weeks, from the next delivery on; its date stays)
 * and the next delivery's date (tomorrow to 8 weeks ahead; the cycles count on from it). Each
 * changed choice is its own request (set_interval, then set_next_delivery); a refusal is shown in
 * the dialog and the rest is not sent.
 */
export function StandingOrderScheduleModal({
  order,
  manage,
  onClose,
  today = businessDay(new Date()),
}: {
  order: StandingOrder;
  manage: ReturnType<typeof useManageStandingOrder>;
  onClose: () => void;
  /** The business day it is (tests pass one). */
  today?: string;
}) {
  const notify = useNotify();
  const currentDate = order.next_delivery_at ? businessDay(order.next_delivery_at) : '';
  const [weeks, setWeeks] = useState(order.interval_weeks);
  const [date, setDate] = useState(currentDate);
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const intervalId = useId();
  const dateId = useId();
  const changed = weeks !== order.interval_weeks || date !== currentDate;

  const save = async () => {
    setFailure(null);
    const dateProblem = date !== currentDate ? nextDeliveryDateProblem(date, today) : null;
    setProblem(dateProblem);
    if (dateProblem || !changed) return;
    try {
      if (weeks !== order.interval_weeks) {
        await manage.mutateAsync({ standingOrderId: order.id, action: 'set_interval', weeks });
      }
      if (date !== currentDate) {
        await manage.mutateAsync({ standingOrderId: order.id, action: 'set_next_delivery', date });
      }
      notify.success(...STANDING_ORDER_TOASTS.schedule);
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };

  return (
    <Modal
      open
      title="Change schedule"
      okText="Save"
      okButtonProps={{ loading: manage.isPending, disabled: !changed }}
      onOk={() => void save()}
      onCancel={onClose}
      destroyOnHidden
    >
      <div className="standing-schedule">
        <div className="standing-schedule__field" role="group" aria-labelledby={intervalId}>
          <span id={intervalId} className="standing-quantities__label">
            Deliver
          </span>
          <Radio.Group
            value={weeks}
            onChange={(event) => setWeeks(event.target.value as number)}
            disabled={manage.isPending}
            options={STANDING_ORDER_INTERVALS.map((value) => ({
              value,
              label: intervalLabel(value),
            }))}
          />
          <p className="standing-quantities__hint">From the next delivery on; its date stays.</p>
        </div>
        <div className="standing-schedule__field">
          <label htmlFor={dateId} className="standing-quantities__label">
            Next delivery
          </label>
          <input
            id={dateId}
            type="date"
            className="ant-input"
            value={date}
            min={addDays(today, 1)}
            max={addDays(today, NEXT_DELIVERY_MAX_DAYS)}
            disabled={manage.isPending || !order.next_delivery_at}
            aria-invalid={problem ? true : undefined}
            aria-describedby={`${dateId}-hint${problem ? ` ${dateId}-problem` : ''}`}
            onChange={(event) => {
              setDate(event.target.value);
              setProblem(null);
            }}
          />
          <p id={`${dateId}-hint`} className="standing-quantities__hint">
            Tomorrow to {formatCalendarDay(addDays(today, NEXT_DELIVERY_MAX_DAYS))}. We charge and
            ship on that day; later deliveries follow every {weeks} weeks.
          </p>
          {problem && (
            <p id={`${dateId}-problem`} className="standing-quantities__problem" role="alert">
              {problem}
            </p>
          )}
        </div>
        {failure && <Alert type="error" showIcon title={failure} role="alert" />}
      </div>
    </Modal>
  );
}

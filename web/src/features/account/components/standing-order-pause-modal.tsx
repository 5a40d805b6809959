import { Alert, Modal, Select } from 'antd';
import { useId, useState } from 'react';
import { businessDayText, PAUSE_WEEK_CHOICES, pauseEnd, type StandingOrder } from '@portal/domain';
import type { useManageStandingOrder } from '@/entities/standing-orders';
import { errorMessage, useNotify } from '@/lib/notify';
import { STANDING_ORDER_TOASTS } from './standing-order-toasts';
import './standing-order-changes.css';

const weeksLabel = (weeks: number) => `${weeks} ${weeks === 1 ? 'week' : 'weeks'}`;

/**
 * Pause: 1 to 8 weeks (pause_weeks). The deliveries before its end pass without a charge; the
 * first after it is charged as usual. The buyer resumes any time from the card.
 */
export function StandingOrderPauseModal({
  order,
  manage,
  onClose,
  now = new Date(),
}: {
  order: StandingOrder;
  manage: ReturnType<typeof useManageStandingOrder>;
  onClose: () => void;
  /** What time it is (tests pass one). */
  now?: Date;
}) {
  const notify = useNotify();
  const [weeks, setWeeks] = useState(2);
  const [failure, setFailure] = useState<string | null>(null);
  const id = useId();
  const until = businessDayText(pauseEnd(now, weeks));

  const save = async () => {
    setFailure(null);
    try {
      await manage.mutateAsync({ standingOrderId: order.id, action: 'pause_weeks', weeks });
      notify.success(
        STANDING_ORDER_TOASTS.paused[0],
        `${STANDING_ORDER_TOASTS.paused[1]} ${until}.`,
      );
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };

  return (
    <Modal
      open
      title="Pause deliveries"
      okText="Pause"
      okButtonProps={{ loading: manage.isPending }}
      onOk={() => void save()}
      onCancel={onClose}
      destroyOnHidden
    >
      <div className="standing-schedule">
        <div className="standing-schedule__field">
          <label htmlFor={id} className="standing-quantities__label">
            Pause for
          </label>
          <Select
            id={id}
            aria-label="Pause for"
            value={weeks}
            onChange={setWeeks}
            disabled={manage.isPending}
            options={PAUSE_WEEK_CHOICES.map((value) => ({ value, label: weeksLabel(value) }))}
          />
          <p className="standing-quantities__hint">
            Deliveries until {until} pass without a charge. You can resume any time.
          </p>
        </div>
        {failure && <Alert type="error" showIcon title={failure} role="alert" />}
      </div>
    </Modal>
  );
}

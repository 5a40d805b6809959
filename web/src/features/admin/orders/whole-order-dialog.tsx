import { Alert, Modal } from 'antd';
import type { ReactNode } from 'react';
import { shortOrderId, type Order } from '@portal/domain';
import { TextSkeleton } from '@/components/skeleton';
import { useOrder } from '@/entities/orders';
import { useReturnFocus } from '@/lib/focus-return';

/**
 * The frame of the order dialogs that need the whole order (a search row has no lines): while
 * the order loads, the dialog shows its title and a disabled `okText` over a skeleton; when it
 * cannot be read, says so; once read, `form` draws the dialog itself. The focus goes back to the
 * button that opened it when it closes.
 */
export function WholeOrderDialog({
  orderId,
  title,
  okText,
  onClose,
  form,
}: {
  orderId: string;
  title: string;
  okText: string;
  onClose: () => void;
  form: (order: Order) => ReactNode;
}) {
  useReturnFocus();
  const full = useOrder(orderId);
  const label = shortOrderId(orderId);
  if (full.data) return form(full.data);
  return (
    <Modal
      open
      title={title}
      okText={okText}
      okButtonProps={{ disabled: true }}
      onCancel={onClose}
      destroyOnHidden
    >
      {full.isPending ? (
        <div role="status" aria-label={`Loading order ${label}`}>
          <TextSkeleton rows={3} />
        </div>
      ) : (
        <Alert
          type="error"
          showIcon
          role="alert"
          message={
            full.isError ? `Could not load order ${label}.` : `Order ${label} was not found.`
          }
        />
      )}
    </Modal>
  );
}

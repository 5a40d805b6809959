import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Checkbox, Input, Modal, Typography } from 'antd';
import { useMemo, useRef, useState, type BaseSyntheticEvent } from 'react';
import { Controller, useForm } from 'react-hook-form';
import {
  centsToDollarString,
  formatUsd,
  REFUND_CUSTOMER_NOTE_MAX,
  REFUND_INTERNAL_NOTE_MAX,
  refundableCents,
  shortOrderId,
} from '@portal/domain';
import { useRefundOrder } from '@/entities/orders';
import { useReturnFocus } from '@/lib/focus-return';
import { errorMessage, useNotify } from '@/lib/notify';
import { FormField } from '@/components/form-field';
import { refundableOf, type ManagedOrder } from './managed-order';
import {
  refundAttemptFor,
  refundFormSchema,
  refundRequestOf,
  type RefundAttempt,
  type RefundFormValues,
} from './refund-form';

/**
 * A partial (or full) refund of a paid order: amount in dollars, an optional internal note (for
 * the books, never shown to the buyer) and an optional note to the customer (on their invoice and
 * refund mail).
 */
export function RefundOrderModal({ order, onClose }: { order: ManagedOrder; onClose: () => void }) {
  // Removed when closed: the focus goes back to the button that opened it.
  useReturnFocus();
  const notify = useNotify();
  const refund = useRefundOrder();
  const [failure, setFailure] = useState<string | null>(null);
  // The refund being asked for, named once: a retry sends the same request id (one refund).
  const attempt = useRef<RefundAttempt | null>(null);
  const refundable = useMemo(() => refundableOf(order), [order]);
  const left = refundableCents(refundable);
  const schema = useMemo(() => refundFormSchema(refundable), [refundable]);
  const form = useForm<RefundFormValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      amount: centsToDollarString(left),
      internalNote: '',
      customerNote: '',
      restock: false,
    },
  });
  const errors = form.formState.errors;
  const label = shortOrderId(order.id);

  const refundWith = async (values: RefundFormValues) => {
    setFailure(null);
    try {
      attempt.current = refundAttemptFor(attempt.current, refundRequestOf(order.id, values), () =>
        crypto.randomUUID(),
      );
      const { request, requestId } = attempt.current;
      const result = await refund.mutateAsync({ ...request, requestId });
      notify.success('Refunded', `Refunded ${formatUsd(result.amount)} on order ${label}`);
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };
  // handleSubmit is called when the form is submitted, not while rendering (the ref is read then).
  const submit = (event?: BaseSyntheticEvent) => form.handleSubmit(refundWith)(event);

  return (
    <Modal
      open
      title={`Refund order ${label}`}
      okText="Refund"
      okButtonProps={{ danger: true, loading: refund.isPending, htmlType: 'submit' }}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <p>
        Paid {formatUsd(order.amount)}
        {order.refundedAmount > 0 ? `, refunded ${formatUsd(order.refundedAmount)} so far` : ''}. Up
        to {formatUsd(left)} can be refunded. The money goes back to the buyer&apos;s card.
      </p>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <FormField id="refund-amount" label="Refund amount" error={errors.amount?.message}>
          <Controller
            control={form.control}
            name="amount"
            render={({ field }) => (
              <Input
                {...field}
                id="refund-amount"
                prefix="$"
                inputMode="decimal"
                aria-invalid={Boolean(errors.amount)}
                status={errors.amount ? 'error' : undefined}
              />
            )}
          />
        </FormField>
        <FormField
          id="refund-internal-note"
          label="Internal note (optional)"
          hint={
            <span id="refund-internal-note-help">
              For the books and other managers. The customer never sees it.
            </span>
          }
          error={errors.internalNote?.message}
        >
          <Controller
            control={form.control}
            name="internalNote"
            render={({ field }) => (
              <Input.TextArea
                {...field}
                id="refund-internal-note"
                aria-describedby="refund-internal-note-help"
                rows={2}
                maxLength={REFUND_INTERNAL_NOTE_MAX + 50}
                aria-invalid={Boolean(errors.internalNote)}
                status={errors.internalNote ? 'error' : undefined}
              />
            )}
          />
        </FormField>
        <FormField
          id="refund-customer-note"
          label="Note to the customer (optional)"
          hint={
            <span id="refund-customer-note-help">
              Printed on the customer&apos;s invoice and in their refund email.
            </span>
          }
          error={errors.customerNote?.message}
        >
          <Controller
            control={form.control}
            name="customerNote"
            render={({ field }) => (
              <Input.TextArea
                {...field}
                id="refund-customer-note"
                aria-describedby="refund-customer-note-help"
                rows={2}
                maxLength={REFUND_CUSTOMER_NOTE_MAX + 50}
                aria-invalid={Boolean(errors.customerNote)}
                status={errors.customerNote ? 'error' : undefined}
              />
            )}
          />
        </FormField>
        <Controller
          control={form.control}
          name="restock"
          render={({ field }) => (
            <div style={{ marginBottom: 16 }}>
              <Checkbox
                checked={field.value}
                onChange={(event) => field.onChange(event.target.checked)}
                onBlur={field.onBlur}
                aria-describedby="refund-restock-help"
                aria-invalid={Boolean(errors.restock)}
              >
                Put the items back in stock
              </Checkbox>
              <Typography.Paragraph
                id="refund-restock-help"
                type={errors.restock ? 'danger' : 'secondary'}
                style={{ margin: '4px 0 0' }}
              >
                {errors.restock?.message ??
                  `With a refund of everything left (${formatUsd(left)}), when the goods come back.`}
              </Typography.Paragraph>
            </div>
          )}
        />
        {failure && <Alert type="error" showIcon message={failure} role="alert" />}
      </form>
    </Modal>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import {
  CARRIER_LABELS,
  CARRIERS,
  normalizeTrackingNumber,
  shipmentInput,
  shortOrderId,
  type Carrier,
} from '@portal/domain';
import { useUpdateOrderStatus } from '@/entities/orders';
import { useReturnFocus } from '@/lib/focus-return';
import { errorMessage, useNotify } from '@/lib/notify';
import { FormField } from '@/components/form-field';
import type { ManagedOrder } from './managed-order';

interface ShipFormValues {
  carrier: Carrier | undefined;
  trackingNumber: string;
}

const carrierOptions = CARRIERS.map((carrier) => ({
  value: carrier,
  label: CARRIER_LABELS[carrier],
}));

/** Marking an order shipped: the carrier and its tracking number, which the buyer then sees. */
export function ShipOrderModal({
  order,
  onClose,
}: {
  order: Pick<ManagedOrder, 'id'>;
  onClose: () => void;
}) {
  // Removed when closed: the focus goes back to the button that opened it.
  useReturnFocus();
  const notify = useNotify();
  const update = useUpdateOrderStatus();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ShipFormValues>({
    resolver: zodResolver(shipmentInput) as never,
    defaultValues: { carrier: undefined, trackingNumber: '' },
  });
  const errors = form.formState.errors;
  const typed = useWatch({ control: form.control, name: 'trackingNumber' });
  const normalized = normalizeTrackingNumber(typed ?? '');
  const label = shortOrderId(order.id);

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await update.mutateAsync({
        orderId: order.id,
        status: 'shipped',
        shipment: { carrier: values.carrier as Carrier, trackingNumber: values.trackingNumber },
      });
      notify.success('Success', `Order ${label} is now Shipped`);
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  });

  return (
    <Modal
      open
      title={`Ship order ${label}`}
      okText="Mark shipped"
      okButtonProps={{ loading: update.isPending }}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <FormField id="ship-carrier" label="Carrier" error={errors.carrier?.message}>
          <Controller
            control={form.control}
            name="carrier"
            render={({ field }) => (
              <Select
                id="ship-carrier"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                options={carrierOptions}
                placeholder="Choose the carrier"
                aria-invalid={Boolean(errors.carrier)}
                status={errors.carrier ? 'error' : undefined}
                // The width antd's Form.Item gives a select inside it.
                style={{ width: '100%' }}
              />
            )}
          />
        </FormField>
        <FormField
          id="ship-tracking"
          label="Tracking number"
          error={errors.trackingNumber?.message}
          hint={normalized && normalized !== typed ? `Saved as ${normalized}` : undefined}
        >
          <Controller
            control={form.control}
            name="trackingNumber"
            render={({ field }) => (
              <Input
                {...field}
                id="ship-tracking"
                autoComplete="off"
                spellCheck={false}
                aria-invalid={Boolean(errors.trackingNumber)}
                status={errors.trackingNumber ? 'error' : undefined}
              />
            )}
          />
        </FormField>
        {failure && <Alert type="error" showIcon message={failure} role="alert" />}
      </form>
    </Modal>
  );
}

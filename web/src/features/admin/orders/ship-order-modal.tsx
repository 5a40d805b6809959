import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Input, Modal, Select } from 'antd';
import { useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import {
  backorderMark,
  CARRIER_LABELS,
  CARRIERS,
  lineProgress,
  normalizeTrackingNumber,
  shipmentInput,
  shipmentProblem,
  shortOrderId,
  type Carrier,
  type LineProgress,
  type Order,
} from '@portal/domain';
import { useShipOrder } from '@/entities/orders';
import { errorMessage, useNotify } from '@/lib/notify';
import { FormField } from '@/components/form-field';
import { WholeOrderDialog } from './whole-order-dialog';
import type { DataColumn } from '@/components/table/data-table';
import { DialogTable } from './dialog-table';
import { UNITS_MESSAGE } from './refund-form';
import { UnitsInput } from './units-input';
import type { ManagedOrder } from './managed-order';
import { orderStatusLabel } from '../common/order-status-tag';
import { useRestockDates } from './restock-dates';
import '../common/admin-tables.css';

interface ShipFormValues {
  carrier: Carrier | undefined;
  trackingNumber: string;
}

const carrierOptions = CARRIERS.map((carrier) => ({
  value: carrier,
  label: CARRIER_LABELS[carrier],
}));

/** Units typed per product id (null while a box is empty, NaN when not whole units). */
type Quantities = Readonly<Record<string, number | null>>;

/**
 * One shipment of an order (docs/order-lifecycle.md#shipments): the order is read in full (a
 * search row has no lines), then each line still to ship gets how many units go in this box
 * (what remains of it, to start with), and the shipment its carrier and tracking number, which
 * the buyer then sees.
 */
export function ShipOrderModal({
  order,
  onClose,
}: {
  order: Pick<ManagedOrder, 'id'>;
  onClose: () => void;
}) {
  return (
    <WholeOrderDialog
      orderId={order.id}
      title={`Ship order ${shortOrderId(order.id)}`}
      okText="Mark shipped"
      onClose={onClose}
      form={(whole) => <ShipOrderForm order={whole} onClose={onClose} />}
    />
  );
}

function ShipOrderForm({ order, onClose }: { order: Order; onClose: () => void }) {
  const notify = useNotify();
  const ship = useShipOrder();
  const [failure, setFailure] = useState<string | null>(null);
  // One shipment asked for per dialog: a retry (a lost answer, a second press) sends the same id,
  // and the server records the shipment once.
  const [requestId] = useState(() => crypto.randomUUID());
  const lines = useMemo(() => lineProgress(order), [order]);
  const [quantities, setQuantities] = useState<Quantities>(() =>
    Object.fromEntries(lines.map((line) => [line.product_id, line.remaining])),
  );
  const restockDates = useRestockDates(lines.some((line) => line.waiting > 0));
  const form = useForm<ShipFormValues>({
    resolver: zodResolver(shipmentInput) as never,
    defaultValues: { carrier: undefined, trackingNumber: '' },
  });
  const errors = form.formState.errors;
  const typed = useWatch({ control: form.control, name: 'trackingNumber' });
  const normalized = normalizeTrackingNumber(typed ?? '');
  const label = shortOrderId(order.id);

  const shipping = lines
    .map((line) => ({ product_id: line.product_id, quantity: quantities[line.product_id] ?? 0 }))
    .filter((line) => line.quantity > 0);
  // A box that is not whole units (NaN) is said so; the domain judges the rest.
  const typedWrong = lines.some((line) => Number.isNaN(quantities[line.product_id]));
  const problem = typedWrong ? UNITS_MESSAGE : shipmentProblem(order, shipping);

  const submit = form.handleSubmit(async (values) => {
    if (problem) return;
    setFailure(null);
    try {
      const result = await ship.mutateAsync({
        orderId: order.id,
        requestId,
        lines: shipping.map((line) => ({ productId: line.product_id, quantity: line.quantity })),
        shipment: { carrier: values.carrier as Carrier, trackingNumber: values.trackingNumber },
      });
      notify.success('Success', `Order ${label} is now ${orderStatusLabel(result.status)}`);
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  });

  const columns: readonly DataColumn<LineProgress>[] = [
    {
      title: 'Product',
      key: 'name',
      render: (line) => {
        const mark = backorderMark(
          { quantity: line.remaining, backordered: line.waiting },
          restockDates ? (restockDates.get(line.product_id) ?? null) : undefined,
        );
        return (
          <>
            {line.name}
            {mark && <div className="admin-muted">{mark}</div>}
          </>
        );
      },
    },
    { title: 'Ordered', key: 'ordered', align: 'right', render: (line) => line.quantity },
    { title: 'Shipped', key: 'shipped', align: 'right', render: (line) => line.shipped },
    { title: 'To ship', key: 'remaining', align: 'right', render: (line) => line.remaining },
    {
      title: 'Ship now',
      key: 'now',
      align: 'right',
      render: (line) =>
        line.remaining === 0 ? (
          <span className="admin-muted">—</span>
        ) : (
          <UnitsInput
            label={`Units of ${line.name} to ship`}
            value={quantities[line.product_id] ?? null}
            onChange={(units) => setQuantities((was) => ({ ...was, [line.product_id]: units }))}
          />
        ),
    },
  ];

  return (
    <Modal
      open
      width={720}
      title={`Ship order ${label}`}
      okText="Mark shipped"
      okButtonProps={{ loading: ship.isPending, disabled: problem !== null }}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTable<LineProgress>
          label={`Lines of order ${label} to ship`}
          rowKey={(line) => line.product_id}
          rows={lines}
          columns={columns}
        />
        {/* Why this shipment cannot be recorded yet (the domain's words; the server checks again). */}
        <p className="admin-dialog-problem" role="status">
          {problem}
        </p>
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
